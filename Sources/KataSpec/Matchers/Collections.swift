/// Passes when the sequence (a collection, a string, a dictionary) has no elements.
public func beEmpty<S: Sequence>() -> Matcher<S> {
    Matcher.predicate("be empty") { actual in
        var iterator = actual.makeIterator()
        return iterator.next() == nil
    }
}

/// Passes when the set (or option set) is empty.
public func beEmpty<S: SetAlgebra>() -> Matcher<S> {
    Matcher.predicate("be empty") { $0.isEmpty }
}

/// Passes when the set is empty.
public func beEmpty<S: Sequence & SetAlgebra>() -> Matcher<S> {
    Matcher.predicate("be empty") { $0.isEmpty }
}

/// Passes when the string is empty.
public func beEmpty() -> Matcher<String> {
    Matcher.predicate("be empty") { $0.isEmpty }
}

/// Passes when the sequence contains every one of `items`: `contain(1, 2)`.
public func contain<S: Sequence>(_ items: S.Element...) -> Matcher<S> where S.Element: Equatable {
    contain(items)
}

/// Passes when the sequence contains every element of `items`: `contain([1, 2])`.
public func contain<S: Sequence>(_ items: [S.Element]) -> Matcher<S> where S.Element: Equatable {
    containing(items) { actual, item in actual.contains(item) }
}

/// Passes when the set (or option set) contains every one of `items`.
public func contain<S: SetAlgebra>(_ items: S.Element...) -> Matcher<S> where S.Element: Equatable {
    contain(items)
}

/// Passes when the set (or option set) contains every element of `items`.
public func contain<S: SetAlgebra>(_ items: [S.Element]) -> Matcher<S> where S.Element: Equatable {
    containing(items) { actual, item in actual.contains(item) }
}

/// Passes when the set contains every one of `items`.
public func contain<S: Sequence & SetAlgebra>(_ items: S.Element...) -> Matcher<S> where S.Element: Equatable {
    contain(items)
}

/// Passes when the set contains every element of `items`.
public func contain<S: Sequence & SetAlgebra>(_ items: [S.Element]) -> Matcher<S> where S.Element: Equatable {
    containing(items) { actual, item in actual.contains(item) }
}

/// Passes when the string contains every one of `substrings`.
public func contain(_ substrings: String...) -> Matcher<String> {
    contain(substrings)
}

/// Passes when the string contains every element of `substrings`.
public func contain(_ substrings: [String]) -> Matcher<String> {
    containing(substrings) { actual, substring in !substring.isEmpty && actual.contains(substring) }
}

/// Passes when the string contains `substring`, ignoring case when asked (KataSpec, for Kiwi's
/// `containString:options:`).
public func contain(_ substring: String, ignoringCase: Bool) -> Matcher<String> {
    Matcher.predicate(ignoringCase ? "contain (ignoring case)" : "contain", expected: .text("<\(substring)>")) {
        ignoringCase ? $0.lowercased().contains(substring.lowercased()) : $0.contains(substring)
    }
}

/// `contain <a, bar>`: the items listed without brackets, as Nimble lists them.
private func containing<S, Item>(_ items: [Item], _ holds: @escaping (S, Item) -> Bool) -> Matcher<S> {
    Matcher.predicate("contain", expected: .text("<\(nimbleList(items))>")) { actual in
        items.allSatisfy { holds(actual, $0) }
    }
}

/// Passes when the collection has exactly `count` elements:
/// `expected to have Array<Int> with count 1, got 3` and the value on the next line.
public func haveCount<T: Collection>(_ count: Int) -> Matcher<T> {
    counting("have", "with count", count) { $0 == count }
}

/// Passes when the collection has at least `count` elements (KataSpec, for Kiwi's `haveCountOfAtLeast:`).
public func haveCountAtLeast<T: Collection>(_ count: Int) -> Matcher<T> {
    counting("have", "with count at least", count) { $0 >= count }
}

/// Passes when the collection has at most `count` elements (KataSpec, for Kiwi's `haveCountOfAtMost:`).
public func haveCountAtMost<T: Collection>(_ count: Int) -> Matcher<T> {
    counting("have", "with count at most", count) { $0 <= count }
}

private func counting<T: Collection>(
    _ verb: String, _ phrase: String, _ count: Int, _ test: @escaping (Int) -> Bool
) -> Matcher<T> {
    Matcher { expression in
        guard let actual = try expression.evaluate() else {
            return MatcherResult(
                status: .fail, message: .expectedActualValueTo("have a collection \(phrase) \(count)"))
        }
        let message = ExpectationMessage(
            "\(verb) \(typeName(of: actual)) \(phrase)", expected: .text("\(count)"), actual: .text("\(actual.count)"),
            details: "Actual Value: \(nimbleDescription(actual))")
        return MatcherResult(bool: test(actual.count), message: message)
    }
    .requireNonNil
}

/// Passes when every element passes `matcher`:
/// `expected to all be less than <3>, but failed first at element <3> in <[1, 2, 3, 4]>`.
public func allPass<S: Sequence>(_ matcher: Matcher<S.Element>) -> Matcher<S> {
    Matcher { expression in
        guard let actual = try expression.evaluate() else {
            return MatcherResult(status: .fail, message: ExpectationMessage.expectedTo("all pass").appendedBeNilHint())
        }
        var last = ExpectationMessage.expectedTo("all pass")
        for element in actual {
            let result = try matcher.satisfies(Expression(location: expression.location) { element }.withCaching())
            var inner = result.message
            inner.verb = "all " + inner.verb
            inner.actual = nil
            inner.showsSubject = false
            last = inner
            guard result.status == .matches else {
                let failure = inner.appended(
                    message:
                        ", but failed first at element <\(nimbleDescription(element))> in <\(nimbleDescription(actual))>"
                )
                return MatcherResult(status: .doesNotMatch, message: failure)
            }
        }
        return MatcherResult(status: .matches, message: last)
    }
}

/// Passes when `passes` holds for every element: `allPass { $0 < 3 }` ("all pass a condition").
public func allPass<S: Sequence>(_ passes: @escaping (S.Element) throws -> Bool) -> Matcher<S> {
    allPass("pass a condition", passes)
}

/// Passes when `passes` holds for every element; `name` says what it checks: `allPass("be small") { … }`.
public func allPass<S: Sequence>(_ name: String, _ passes: @escaping (S.Element) throws -> Bool) -> Matcher<S> {
    allPass(
        Matcher<S.Element>.simple(name) { expression in
            guard let element = try expression.evaluate() else { return .fail }
            return MatcherStatus(bool: try passes(element))
        })
}
