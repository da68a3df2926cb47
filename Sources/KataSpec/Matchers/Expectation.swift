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
    ///
    /// The matcher gets a caching copy of the subject, so the subject's code runs once per check; a
    /// message built with `.expectedActualValueTo` shows that value. An error the subject throws
    /// (outside an error matcher) fails in both directions, as in Nimble.
    func check(_ matcher: Matcher<Value>, negated: Bool) -> (passed: Bool, message: ExpectationMessage) {
        let (status, message) = evaluate(matcher)
        return (status == (negated ? .doesNotMatch : .matches), message)
    }

    /// The matcher's verdict on the subject now, and its message; an error thrown is a `.fail`.
    func evaluate(_ matcher: Matcher<Value>) -> (status: MatcherStatus, message: ExpectationMessage) {
        let subject = expression.withCaching()
        do {
            let result = try matcher.satisfies(subject)
            var message = result.message
            if message.showsSubject && message.actual == nil {
                message = message.with(actual: .value(try subject.evaluate()))
            }
            return (result.status, message)
        } catch {
            return (.fail, .plain("unexpected error thrown: <\(error)>"))
        }
    }

    /// Applies `matcher` now and records a failure in `style`'s wording if it does not hold.
    @discardableResult
    public func verify(
        _ matcher: Matcher<Value>, _ verb: ExpectationVerb, style: MessageStyle, description: String? = nil,
        messagePrefix: String = ""
    ) -> Bool {
        let (passed, message) = check(matcher, negated: verb.isNegated)
        if passed {
            World.shared.recordPass(at: expression.location)
        } else {
            record(message, verb, style, description, messagePrefix)
        }
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
        if last.passed {
            World.shared.recordPass(at: expression.location)
        } else {
            record(last.message, verb, style, description, messagePrefix)
        }
        return last.passed
    }

    func record(
        _ message: ExpectationMessage, _ verb: ExpectationVerb, _ style: MessageStyle, _ description: String?,
        _ prefix: String
    ) {
        let text = (description.map { $0 + "\n" } ?? "") + prefix + message.rendered(style, verb)
        World.shared.record(Failure(message: text, location: expression.location))
    }
}
