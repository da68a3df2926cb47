import Foundation

/// An expectation on a value: applies matchers to it and records failures where it was written.
///
/// The faces (`expect(x).to(…)`, `expect(x).to.equal(…)`, `theValue(x).should.equal(…)`)
/// are thin spellings over `verify` and `verifyPolling`.
public struct Expectation<Value> {
    /// The subject, evaluated by the matcher.
    public let expression: Expression<Value>
    /// Set by Expecta's `after(_:)`: poll for up to this many seconds instead of checking once.
    var pollTimeout: TimeInterval?

    /// Creates an expectation on an expression.
    public init(_ expression: Expression<Value>) {
        self.expression = expression
    }

    /// Whether `matcher` holds now (`verb` `.to`/`.toNot`), and the message if not.
    func check(_ matcher: Matcher<Value>, negated: Bool) -> (passed: Bool, message: ExpectationMessage) {
        do {
            let result = try matcher.satisfies(expression)
            return (result.status == (negated ? .doesNotMatch : .matches), result.message)
        } catch {
            return (false, ExpectationMessage("not throw", actual: .text("an unexpected error <\(stringify(error))>")))
        }
    }

    /// Applies `matcher` now and records a failure in `style`'s wording if it does not hold.
    @discardableResult
    public func verify(
        _ matcher: Matcher<Value>, _ verb: ExpectationVerb, style: MessageStyle, description: String? = nil,
        messagePrefix: String = ""
    ) -> Bool {
        let (passed, message) = check(matcher, negated: verb.isNegated)
        if !passed { record(message, verb, style, description, messagePrefix) }
        return passed
    }

    /// Re-evaluates the subject every `pollInterval` while turning the run loop, so timers and
    /// main-queue work fire. `.toEventually(Not)` passes as soon as the matcher holds (or stops
    /// holding); `.toNever` and `.toAlways` must hold for the whole `timeout`.
    @discardableResult
    public func verifyPolling(
        _ matcher: Matcher<Value>, _ verb: ExpectationVerb, style: MessageStyle, timeout: TimeInterval = 1,
        pollInterval: TimeInterval = 0.01, description: String? = nil, messagePrefix: String = ""
    ) -> Bool {
        let untilPasses = verb == .toEventually || verb == .toEventuallyNot
        let deadline = Date(timeIntervalSinceNow: timeout)
        var last = check(matcher, negated: verb.isNegated)
        while last.passed != untilPasses && Date() < deadline {
            RunLoopSpinner.spin(for: min(pollInterval, max(0, deadline.timeIntervalSinceNow)))
            last = check(matcher, negated: verb.isNegated)
        }
        if !last.passed { record(last.message, verb, style, description, messagePrefix) }
        return last.passed
    }

    /// Waits the whole `seconds`, turning the run loop, then applies `matcher` (Kiwi's `shouldAfterWait`).
    @discardableResult
    public func verifyAfterWaiting(
        _ seconds: TimeInterval, _ matcher: Matcher<Value>, _ verb: ExpectationVerb, style: MessageStyle,
        messagePrefix: String = ""
    ) -> Bool {
        RunLoopSpinner.spin(for: seconds)
        return verify(matcher, verb, style: style, messagePrefix: messagePrefix)
    }

    private func record(
        _ message: ExpectationMessage, _ verb: ExpectationVerb, _ style: MessageStyle, _ description: String?,
        _ prefix: String
    ) {
        let text = (description.map { $0 + "\n" } ?? "") + prefix + message.rendered(style, verb)
        World.shared.record(Failure(message: text, location: expression.location))
    }
}
