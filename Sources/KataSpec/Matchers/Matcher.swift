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
///
/// Custom matchers are written as in Nimble:
///
///     func beEven() -> Matcher<Int> {
///         Matcher.simple("be even") { expression in
///             guard let value = try expression.evaluate() else { return .fail }
///             return MatcherStatus(bool: value % 2 == 0)
///         }
///     }
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

    /// A matcher whose check builds the whole result; a `nil` subject fails with Nimble's beNil hint.
    public static func define(matcher: @escaping (Expression<Value>) throws -> MatcherResult) -> Matcher {
        Matcher(matcher).requireNonNil
    }

    /// A matcher handed `.expectedActualValueTo(message)` to return with its verdict:
    /// `Matcher.define("be even") { expression, message in … }`. A `nil` subject fails with the beNil hint.
    public static func define(
        _ message: String = "match", matcher: @escaping (Expression<Value>, ExpectationMessage) throws -> MatcherResult
    ) -> Matcher {
        Matcher { try matcher($0, .expectedActualValueTo(message)) }.requireNonNil
    }

    /// `define` for a matcher that judges `nil` itself.
    public static func defineNilable(
        _ message: String = "match", matcher: @escaping (Expression<Value>, ExpectationMessage) throws -> MatcherResult
    ) -> Matcher {
        Matcher { try matcher($0, .expectedActualValueTo(message)) }
    }

    /// A matcher that returns only a status; its message is "expected to <message>, got <actual>".
    /// A `nil` subject fails with the beNil hint.
    public static func simple(
        _ message: String = "match", matcher: @escaping (Expression<Value>) throws -> MatcherStatus
    ) -> Matcher {
        Matcher { MatcherResult(status: try matcher($0), message: .expectedActualValueTo(message)) }.requireNonNil
    }

    /// `simple` for a matcher that judges `nil` itself.
    public static func simpleNilable(
        _ message: String = "match", matcher: @escaping (Expression<Value>) throws -> MatcherStatus
    ) -> Matcher {
        Matcher { MatcherResult(status: try matcher($0), message: .expectedActualValueTo(message)) }
    }

    /// This matcher, failing in both directions with Nimble's beNil hint when the subject is `nil`.
    public var requireNonNil: Matcher {
        Matcher { expression in
            let result = try satisfies(expression)
            guard try expression.evaluate() == nil else { return result }
            return MatcherResult(status: .fail, message: result.message.appendedBeNilHint())
        }
    }

    /// The same matcher with `qualifier` printed after the expected value.
    func qualified(_ qualifier: String) -> Matcher {
        Matcher { expression in
            var result = try satisfies(expression)
            result.message.qualifier = qualifier
            return result
        }
    }

    /// A matcher of one value: `verb` and `expected` make the message, `test` judges a non-`nil` subject
    /// (a `nil` one fails both ways with the beNil hint).
    static func predicate(
        _ verb: String, expected: ExpectationMessage.Shown? = nil, _ test: @escaping (Value) throws -> Bool
    ) -> Matcher {
        Matcher { expression in
            let actual = try expression.evaluate()
            let message = ExpectationMessage(verb, expected: expected, actual: .value(actual))
            guard let actual else { return MatcherResult(status: .fail, message: message.appendedBeNilHint()) }
            return MatcherResult(bool: try test(actual), message: message)
        }
    }
}
