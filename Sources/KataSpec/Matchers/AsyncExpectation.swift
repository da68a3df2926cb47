import Foundation

/// An expectation on a subject that must be awaited: `await expect { await loader.load() }.to(equal(3))`.
///
/// Nimble's `AsyncExpectation`: every verb is awaited, and takes a `Matcher` or an `AsyncMatcher`.
public struct AsyncExpectation<Value> {
    /// The subject, evaluated by the matcher.
    public let expression: AsyncExpression<Value>

    /// Creates an expectation on an expression.
    public init(_ expression: AsyncExpression<Value>) {
        self.expression = expression
    }

    /// Passes when the matcher matches; returns the expectation, so another matcher can follow.
    @discardableResult
    public func to(
        _ matcher: some AsyncableMatcher<Value>, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async -> AsyncExpectation {
        await verify(matcher, .to, description: description)
        return self
    }

    /// Passes when the matcher does not match.
    @discardableResult
    public func toNot(
        _ matcher: some AsyncableMatcher<Value>, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async -> AsyncExpectation {
        await verify(matcher, .toNot, description: description)
        return self
    }

    /// A synonym of `toNot`.
    @discardableResult
    public func notTo(
        _ matcher: some AsyncableMatcher<Value>, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async -> AsyncExpectation {
        await toNot(matcher, description: description)
    }

    /// Passes as soon as the matcher matches, polling until `timeout`.
    public func toEventually(
        _ matcher: some AsyncableMatcher<Value>, timeout: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await poll(matcher, .toEventually, timeout, pollInterval, description)
    }

    /// Passes as soon as the matcher does not match, polling until `timeout`.
    public func toEventuallyNot(
        _ matcher: some AsyncableMatcher<Value>, timeout: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await poll(matcher, .toEventuallyNot, timeout, pollInterval, description)
    }

    /// A synonym of `toEventuallyNot`.
    public func toNotEventually(
        _ matcher: some AsyncableMatcher<Value>, timeout: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await poll(matcher, .toEventuallyNot, timeout, pollInterval, description)
    }

    /// Passes when the matcher does not match at any moment until `duration` has passed.
    public func toNever(
        _ matcher: some AsyncableMatcher<Value>, until duration: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await poll(matcher, .toNever, duration, pollInterval, description)
    }

    /// Passes when the matcher matches at every moment until `duration` has passed.
    public func toAlways(
        _ matcher: some AsyncableMatcher<Value>, until duration: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await poll(matcher, .toAlways, duration, pollInterval, description)
    }

    /// The matcher's verdict now and its message; an error thrown is a `.fail`, as in `Expectation.evaluate`.
    private func evaluate(
        _ matcher: some AsyncableMatcher<Value>, isolation: isolated (any Actor)? = #isolation
    ) async -> (passed: Bool, message: ExpectationMessage, status: MatcherStatus) {
        let subject = expression.withCaching()
        do {
            let result = try await matcher.satisfies(subject)
            var message = result.message
            if message.showsSubject && message.actual == nil {
                message = message.with(actual: .value(try await subject.evaluate()))
            }
            return (false, message, result.status)
        } catch {
            return (false, .plain("unexpected error thrown: <\(error)>"), .fail)
        }
    }

    private func verify(
        _ matcher: some AsyncableMatcher<Value>, _ verb: ExpectationVerb, description: String?,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let (_, message, status) = await evaluate(matcher)
        finish(status == (verb.isNegated ? .doesNotMatch : .matches), message, verb, description)
    }

    /// Polls as `Expectation.verifyPolling` does in async code, sleeping between polls.
    private func poll(
        _ matcher: some AsyncableMatcher<Value>, _ verb: ExpectationVerb, _ timeout: DispatchTimeInterval,
        _ interval: DispatchTimeInterval, _ description: String?, isolation: isolated (any Actor)? = #isolation
    ) async {
        let untilPasses = verb == .toEventually || verb == .toEventuallyNot
        let wanted: MatcherStatus = verb.isNegated ? .doesNotMatch : .matches
        let deadline = Date(timeIntervalSinceNow: timeout.seconds)
        var (_, message, status) = await evaluate(matcher)
        while (status == wanted) != untilPasses && Date() < deadline {
            let pause = min(interval.seconds, max(0, deadline.timeIntervalSinceNow))
            try? await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
            (_, message, status) = await evaluate(matcher)
        }
        finish(status == wanted, message, verb, description)
    }

    private func finish(_ passed: Bool, _ message: ExpectationMessage, _ verb: ExpectationVerb, _ description: String?)
    {
        if passed {
            World.shared.recordPass(at: expression.location)
        } else {
            let text = (description.map { $0 + "\n" } ?? "") + message.rendered(.nimble, verb)
            World.shared.record(Failure(message: text, location: expression.location))
        }
    }
}

extension Expectation {
    /// The same subject as an async expectation, for async matchers.
    var awaitable: AsyncExpectation<Value> {
        let expression = self.expression
        return AsyncExpectation(
            AsyncExpression(location: expression.location, isClosure: expression.isClosure) {
                try expression.evaluate()
            })
    }

    /// Passes when the async matcher matches: `await expect(counter).to(beCalled(times: 1))`.
    @discardableResult
    public func to(
        _ matcher: AsyncMatcher<Value>, description: String? = nil, isolation: isolated (any Actor)? = #isolation
    ) async -> Expectation {
        await awaitable.to(matcher, description: description)
        return self
    }

    /// Passes when the async matcher does not match.
    @discardableResult
    public func toNot(
        _ matcher: AsyncMatcher<Value>, description: String? = nil, isolation: isolated (any Actor)? = #isolation
    ) async -> Expectation {
        await awaitable.toNot(matcher, description: description)
        return self
    }

    /// A synonym of `toNot`.
    @discardableResult
    public func notTo(
        _ matcher: AsyncMatcher<Value>, description: String? = nil, isolation: isolated (any Actor)? = #isolation
    ) async -> Expectation {
        await toNot(matcher, description: description)
    }
}
