/// A matcher that `Matcher` and `AsyncMatcher` both are: what an async expectation and the async compositions take.
public protocol AsyncableMatcher<Value> {
    /// The type of the subject.
    associatedtype Value
    /// Judges the subject, awaiting it.
    func satisfies(_ expression: AsyncExpression<Value>, isolation: isolated (any Actor)?) async throws
        -> MatcherResult
}

extension AsyncableMatcher {
    /// Judges the subject, awaiting it.
    public func satisfies(
        _ expression: AsyncExpression<Value>, isolation: isolated (any Actor)? = #isolation
    ) async throws -> MatcherResult {
        try await satisfies(expression, isolation: isolation)
    }
}

extension Matcher: AsyncableMatcher {
    /// Awaits the subject, then judges its value.
    public func satisfies(_ expression: AsyncExpression<Value>, isolation: isolated (any Actor)?) async throws
        -> MatcherResult
    {
        try satisfies(await expression.toSynchronousExpression())
    }
}

/// A check on a value that may await (Nimble's `AsyncMatcher`): one struct around one async closure.
///
///     func beCalled(times: Int) -> AsyncMatcher<Counter> {
///         AsyncMatcher.simple("be called \(times) times") { expression in
///             guard let counter = try await expression.evaluate() else { return .fail }
///             return MatcherStatus(bool: await counter.calls == times)
///         }
///     }
public struct AsyncMatcher<Value>: AsyncableMatcher {
    private let check: (AsyncExpression<Value>) async throws -> MatcherResult

    /// Creates a matcher from its check.
    public init(_ check: @escaping (AsyncExpression<Value>) async throws -> MatcherResult) {
        self.check = check
    }

    /// Runs the check.
    public func satisfies(_ expression: AsyncExpression<Value>, isolation: isolated (any Actor)?) async throws
        -> MatcherResult
    {
        // The check is the learner's closure, nonisolated: it runs off the caller's actor with the subject, which
        // only this check uses meanwhile (the expectation awaits it before touching the subject again).
        let call = UncheckedSendable(value: (check, expression))
        return try await call.value.0(call.value.1)
    }

    /// A matcher whose check builds the whole result; a `nil` subject fails with Nimble's beNil hint.
    public static func define(matcher: @escaping (AsyncExpression<Value>) async throws -> MatcherResult)
        -> AsyncMatcher
    {
        AsyncMatcher(matcher).requireNonNil
    }

    /// A matcher handed `.expectedActualValueTo(message)` to return with its verdict; `nil` fails with the hint.
    public static func define(
        _ message: String = "match",
        matcher: @escaping (AsyncExpression<Value>, ExpectationMessage) async throws -> MatcherResult
    ) -> AsyncMatcher {
        AsyncMatcher { try await matcher($0, .expectedActualValueTo(message)) }.requireNonNil
    }

    /// `define` for a matcher that judges `nil` itself.
    public static func defineNilable(
        _ message: String = "match",
        matcher: @escaping (AsyncExpression<Value>, ExpectationMessage) async throws -> MatcherResult
    ) -> AsyncMatcher {
        AsyncMatcher { try await matcher($0, .expectedActualValueTo(message)) }
    }

    /// A matcher that returns only a status: "expected to <message>, got <actual>"; `nil` fails with the hint.
    public static func simple(
        _ message: String = "match", matcher: @escaping (AsyncExpression<Value>) async throws -> MatcherStatus
    ) -> AsyncMatcher {
        AsyncMatcher { MatcherResult(status: try await matcher($0), message: .expectedActualValueTo(message)) }
            .requireNonNil
    }

    /// `simple` for a matcher that judges `nil` itself.
    public static func simpleNilable(
        _ message: String = "match", matcher: @escaping (AsyncExpression<Value>) async throws -> MatcherStatus
    ) -> AsyncMatcher {
        AsyncMatcher { MatcherResult(status: try await matcher($0), message: .expectedActualValueTo(message)) }
    }

    /// This matcher, failing in both directions with Nimble's beNil hint when the subject is `nil`.
    public var requireNonNil: AsyncMatcher {
        AsyncMatcher { expression in
            let result = try await check(expression)
            guard try await expression.evaluate() == nil else { return result }
            return MatcherResult(status: .fail, message: result.message.appendedBeNilHint())
        }
    }
}
