/// Passes when the value equals `expected` (`==`); any `nil` fails in both directions with the beNil hint.
public func equal<T: Equatable>(_ expected: T) -> Matcher<T> {
    equal(expected as T?)
}

/// Passes when the value equals `expected`; `equal(nil)` always fails and asks for `beNil()`, as in Nimble.
public func equal<T: Equatable>(_ expected: T?) -> Matcher<T> {
    Matcher { expression in
        let actual = try expression.evaluate()
        let message = ExpectationMessage("equal", expected: .value(expected), actual: .value(actual))
        guard let expected, let actual else {
            return MatcherResult(status: .fail, message: message.appendedBeNilHint())
        }
        return MatcherResult(bool: actual == expected, message: message)
    }
}

/// Passes when an array of optionals equals `expected`, element by element (`nil` equals `nil`).
public func equal<T: Equatable>(_ expected: [T?]) -> Matcher<[T?]> {
    Matcher.predicate("equal", expected: .value(expected)) { $0 == expected }
}

/// Passes when a dictionary equals `expected`, whose values may be optional.
public func equal<K: Hashable, V: Equatable>(_ expected: [K: V?]) -> Matcher<[K: V]> {
    Matcher.predicate("equal", expected: .value(expected)) { actual in expected == actual.mapValues { $0 } }
}

/// Passes when the set equals `expected`; a failure names what is missing and what is extra.
public func equal<T>(_ expected: Set<T>) -> Matcher<Set<T>> {
    setEquality(expected) { nimbleDescription($0) }
}

/// Passes when the set equals `expected`; `nil` fails with the beNil hint.
public func equal<T>(_ expected: Set<T>?) -> Matcher<Set<T>> {
    setEquality(expected) { nimbleDescription($0) }
}

/// Passes when the set equals `expected`; its elements print in order: `<[1, 2, 3]>`.
public func equal<T: Comparable>(_ expected: Set<T>) -> Matcher<Set<T>> {
    setEquality(expected) { nimbleDescription($0.sorted()) }
}

/// Passes when the set equals `expected`; its elements print in order.
public func equal<T: Comparable>(_ expected: Set<T>?) -> Matcher<Set<T>> {
    setEquality(expected) { nimbleDescription($0.sorted()) }
}

/// Nimble's set equality: `expected to equal <[1, 2, 3]>, got <[2, 3]>, missing <[1]>`.
private func setEquality<T>(_ expected: Set<T>?, _ describe: @escaping (Set<T>) -> String) -> Matcher<Set<T>> {
    Matcher { expression in
        let actual = try expression.evaluate()
        var message = ExpectationMessage("equal", expected: .text("<\(expected.map(describe) ?? "nil")>"))
        guard let expected, let actual else {
            message.actual = .text(actual.map { "<\(describe($0))>" } ?? "<nil>")
            return MatcherResult(status: .fail, message: message.appendedBeNilHint())
        }
        message.actual = .text("<\(describe(actual))>")
        guard expected != actual else { return MatcherResult(status: .matches, message: message) }
        let missing = expected.subtracting(actual)
        let extra = actual.subtracting(expected)
        if !missing.isEmpty { message = message.appended(message: ", missing <\(describe(missing))>") }
        if !extra.isEmpty { message = message.appended(message: ", extra <\(describe(extra))>") }
        return MatcherResult(status: .doesNotMatch, message: message)
    }
}

/// Passes when the string equals `expected`, ignoring case when asked (KataSpec; Kiwi's `containString:options:`).
public func equal(_ expected: String, ignoringCase: Bool) -> Matcher<String> {
    Matcher.predicate(ignoringCase ? "equal (ignoring case)" : "equal", expected: .value(expected)) { actual in
        ignoringCase ? actual.lowercased() == expected.lowercased() : actual == expected
    }
}

/// `expect(x) == y`: Nimble's operator for `to(equal(y))`.
public func == <T: Equatable>(lhs: Expectation<T>, rhs: T) {
    lhs.to(equal(rhs))
}

/// `expect(x) == y` with an optional `y`.
public func == <T: Equatable>(lhs: Expectation<T>, rhs: T?) {
    lhs.to(equal(rhs))
}

/// `expect(x) != y`: Nimble's operator for `toNot(equal(y))`.
public func != <T: Equatable>(lhs: Expectation<T>, rhs: T) {
    lhs.toNot(equal(rhs))
}

/// `expect(x) != y` with an optional `y`.
public func != <T: Equatable>(lhs: Expectation<T>, rhs: T?) {
    lhs.toNot(equal(rhs))
}

/// `expect(array) == [1, 2]`.
public func == <T: Equatable>(lhs: Expectation<[T]>, rhs: [T]?) {
    lhs.to(equal(rhs))
}

/// `expect(array) != [1, 2]`.
public func != <T: Equatable>(lhs: Expectation<[T]>, rhs: [T]?) {
    lhs.toNot(equal(rhs))
}

/// `expect(set) == [1, 2]`.
public func == <T>(lhs: Expectation<Set<T>>, rhs: Set<T>) {
    lhs.to(equal(rhs))
}

/// `expect(set) != [1, 2]`.
public func != <T>(lhs: Expectation<Set<T>>, rhs: Set<T>) {
    lhs.toNot(equal(rhs))
}

/// `expect(set) == [1, 2]`, elements printed in order.
public func == <T: Comparable>(lhs: Expectation<Set<T>>, rhs: Set<T>) {
    lhs.to(equal(rhs))
}

/// `expect(set) != [1, 2]`, elements printed in order.
public func != <T: Comparable>(lhs: Expectation<Set<T>>, rhs: Set<T>) {
    lhs.toNot(equal(rhs))
}

/// `expect(dictionary) == ["a": 1]`.
public func == <T, C: Equatable>(lhs: Expectation<[T: C]>, rhs: [T: C]?) {
    lhs.to(equal(rhs))
}

/// `expect(dictionary) != ["a": 1]`.
public func != <T, C: Equatable>(lhs: Expectation<[T: C]>, rhs: [T: C]?) {
    lhs.toNot(equal(rhs))
}
