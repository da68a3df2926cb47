/// Passes when the collection (or string) has no elements.
public func beEmpty<T: Collection>() -> Matcher<T> {
    .define("be empty") { $0.isEmpty }
}

/// Passes when the sequence contains every one of `items`.
public func contain<S: Sequence>(_ items: S.Element...) -> Matcher<S> where S.Element: Equatable {
    containAll(items)
}

/// Passes when the sequence contains every element of `items` (Kiwi's `containObjectsInArray:`).
public func containAll<S: Sequence>(_ items: [S.Element]) -> Matcher<S> where S.Element: Equatable {
    let expected: Any = items.count == 1 ? items[0] : items
    return .define("contain", expected: expected) { actual in items.allSatisfy { actual.contains($0) } }
}

/// Passes when the string contains every one of `substrings`.
public func contain(_ substrings: String...) -> Matcher<String> {
    let expected: Any = substrings.count == 1 ? substrings[0] : substrings
    return .define("contain", expected: expected) { actual in substrings.allSatisfy { actual.contains($0) } }
}

/// Passes when the string contains `substring`, ignoring case when asked.
public func contain(_ substring: String, ignoringCase: Bool) -> Matcher<String> {
    .define(ignoringCase ? "contain (ignoring case)" : "contain", expected: substring) { actual in
        ignoringCase ? actual.lowercased().contains(substring.lowercased()) : actual.contains(substring)
    }
}

/// Passes when the collection has exactly `count` elements.
public func haveCount<T: Collection>(_ count: Int) -> Matcher<T> {
    counting("have count", count) { $0 == count }
}

/// Passes when the collection has at least `count` elements.
public func haveCountAtLeast<T: Collection>(_ count: Int) -> Matcher<T> {
    counting("have count at least", count) { $0 >= count }
}

/// Passes when the collection has at most `count` elements.
public func haveCountAtMost<T: Collection>(_ count: Int) -> Matcher<T> {
    counting("have count at most", count) { $0 <= count }
}

private func counting<T: Collection>(_ verb: String, _ count: Int, _ test: @escaping (Int) -> Bool) -> Matcher<T> {
    Matcher { expression in
        let actual = try expression.evaluate()
        var message = ExpectationMessage(verb, expected: .value(count), actual: .value(actual))
        guard let actual else { return MatcherResult(status: .fail, message: message) }
        message.actual = .text("\(actual.count) (\(stringify(actual)))")
        return MatcherResult(bool: test(actual.count), message: message)
    }
}
