/// Passes when the value is less than `expected`.
public func beLessThan<T: Comparable>(_ expected: T?) -> Matcher<T> {
    ordering("be less than", expected) { $0 < $1 }
}

/// Passes when the value is less than or equal to `expected`.
public func beLessThanOrEqualTo<T: Comparable>(_ expected: T?) -> Matcher<T> {
    ordering("be less than or equal to", expected) { $0 <= $1 }
}

/// Passes when the value is greater than `expected`.
public func beGreaterThan<T: Comparable>(_ expected: T?) -> Matcher<T> {
    ordering("be greater than", expected) { $0 > $1 }
}

/// Passes when the value is greater than or equal to `expected`.
public func beGreaterThanOrEqualTo<T: Comparable>(_ expected: T?) -> Matcher<T> {
    ordering("be greater than or equal to", expected) { $0 >= $1 }
}

/// Nimble's comparison matchers: `nil` on either side fails both ways with the beNil hint.
private func ordering<T: Comparable>(_ verb: String, _ expected: T?, _ holds: @escaping (T, T) -> Bool) -> Matcher<T> {
    Matcher { expression in
        let actual = try expression.evaluate()
        let message = ExpectationMessage(verb, expected: .value(expected), actual: .value(actual))
        guard let actual, let expected else {
            return MatcherResult(status: .fail, message: message.appendedBeNilHint())
        }
        return MatcherResult(bool: holds(actual, expected), message: message)
    }
}

/// `expect(x) < y`.
public func < <T: Comparable>(lhs: Expectation<T>, rhs: T) {
    lhs.to(beLessThan(rhs))
}

/// `expect(x) <= y`.
public func <= <T: Comparable>(lhs: Expectation<T>, rhs: T) {
    lhs.to(beLessThanOrEqualTo(rhs))
}

/// `expect(x) > y`.
public func > <T: Comparable>(lhs: Expectation<T>, rhs: T) {
    lhs.to(beGreaterThan(rhs))
}

/// `expect(x) >= y`.
public func >= <T: Comparable>(lhs: Expectation<T>, rhs: T) {
    lhs.to(beGreaterThanOrEqualTo(rhs))
}

/// Passes when the value lies in the half-open range: `expected to be within range <(0.0..<2.1)>`.
public func beWithin<T: Comparable>(_ range: Range<T>) -> Matcher<T> {
    Matcher.predicate("be within range", expected: .text("<(\(range.lowerBound)..<\(range.upperBound))>")) {
        range.contains($0)
    }
}

/// Passes when the value lies in the closed range (Kiwi's `beBetween:and:`, Expecta's `beInTheRangeOf`).
public func beWithin<T: Comparable>(_ range: ClosedRange<T>) -> Matcher<T> {
    Matcher.predicate("be within range", expected: .text("<(\(range.lowerBound)...\(range.upperBound))>")) {
        range.contains($0)
    }
}
