/// Whether a value matched; `.fail` fails in both directions (e.g. most matchers given `nil`).
public enum MatcherStatus: Sendable {
    case matches, doesNotMatch, fail

    /// `.matches` or `.doesNotMatch`.
    public init(bool: Bool) {
        self = bool ? .matches : .doesNotMatch
    }
}

/// A matcher's verdict and the message to show if the expectation fails.
public struct MatcherResult {
    /// Whether the value matched.
    public var status: MatcherStatus
    /// What to say if the expectation fails.
    public var message: ExpectationMessage

    /// Creates a result.
    public init(status: MatcherStatus, message: ExpectationMessage) {
        self.status = status
        self.message = message
    }

    /// Creates a result from a Boolean.
    public init(bool: Bool, message: ExpectationMessage) {
        self.init(status: MatcherStatus(bool: bool), message: message)
    }
}

/// A check on a value: one closure from an expression to a result (the Nimble design).
public struct Matcher<Value> {
    private let check: (Expression<Value>) throws -> MatcherResult

    /// Creates a matcher from its check.
    public init(_ check: @escaping (Expression<Value>) throws -> MatcherResult) {
        self.check = check
    }

    /// Runs the check.
    public func satisfies(_ expression: Expression<Value>) throws -> MatcherResult {
        try check(expression)
    }

    /// A one-line custom matcher: `Matcher<Int>.define("be even") { $0 % 2 == 0 }`.
    ///
    /// A `nil` actual value fails in both directions, with Nimble's beNil hint.
    public static func define(
        _ verb: String, expected: Any? = nil, _ test: @escaping (Value) throws -> Bool
    ) -> Matcher {
        let message = ExpectationMessage(verb, expected: expected.map { .value($0) })
        return Matcher { expression in
            guard let actual = try expression.evaluate() else {
                var result = message.with(actual: .value(nil))
                result.appendix = " (use beNil() to match nils)"
                return MatcherResult(status: .fail, message: result)
            }
            return MatcherResult(bool: try test(actual), message: message.with(actual: .value(actual)))
        }
    }

    /// A custom matcher that may match `nil` and words its own message.
    public static func defineNilable(
        _ verb: String, expected: Any? = nil, _ test: @escaping (Value?) throws -> Bool
    ) -> Matcher {
        let message = ExpectationMessage(verb, expected: expected.map { .value($0) })
        return Matcher { expression in
            let actual = try expression.evaluate()
            return MatcherResult(bool: try test(actual), message: message.with(actual: .value(actual)))
        }
    }

    /// The same matcher with `qualifier` printed after the expected value.
    public func qualified(_ qualifier: String) -> Matcher {
        Matcher { expression in
            var result = try satisfies(expression)
            result.message.qualifier = qualifier
            return result
        }
    }
}
