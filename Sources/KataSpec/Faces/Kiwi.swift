import Foundation

// Kiwi's spelling: `[[theValue(x) should] equal:y]` becomes `theValue(x).should.equal(y)`.
// Failures read `'Car, when stopped, does not move' [FAILED], expected subject to equal 2, got 1`.

/// Kiwi's `theValue(x)`: in Objective-C it boxed scalars; here any value works.
public func theValue<T>(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ value: @autoclosure @escaping () throws -> T?
) -> KiwiSubject<T> {
    KiwiSubject(expectation: Expectation(Expression(location: SourceLocation(file, line, column), value)))
}

/// Kiwi's `expectFutureValue(x)`: the subject is re-evaluated while polling.
///
/// Kiwi needed it because `theValue(x)` copied the value once; an autoclosure is evaluated on every
/// poll anyway, so here it is the same as `theValue`.
public func expectFutureValue<T>(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ value: @autoclosure @escaping () throws -> T?
) -> KiwiSubject<T> {
    // Kiwi wraps the pointer in a KWFutureObject, which is never nil itself, so the nil guard does not apply:
    // a value that stays nil fails with the matcher's own message ("expected subject to equal …, got nil").
    KiwiSubject(
        expectation: Expectation(Expression(location: SourceLocation(file, line, column), isClosure: true, value)))
}

/// Kiwi's `theBlock(^{ … })`: a closure subject for `raise` and `change`.
public func theBlock(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ block: @escaping () throws -> Void
) -> KiwiSubject<Void> {
    KiwiSubject(
        expectation: Expectation(
            Expression(location: SourceLocation(file, line, column), isClosure: true) { try block() }))
}

/// What follows `theValue(x)`: `should`, `shouldNot`, `shouldEventually`, …
public struct KiwiSubject<Value> {
    let expectation: Expectation<Value>

    /// The matcher that follows must match.
    public var should: KiwiAssertion<Value> { KiwiAssertion(expectation: expectation, negated: false, timing: .now) }
    /// The matcher that follows must not match.
    public var shouldNot: KiwiAssertion<Value> { KiwiAssertion(expectation: expectation, negated: true, timing: .now) }
    /// The matcher must match within one second (Kiwi samples it every 0.1 s).
    public var shouldEventually: KiwiAssertion<Value> { shouldEventuallyBeforeTimingOutAfter(1) }
    /// The matcher must not match at any sample for one second: the example fails as soon as it matches.
    public var shouldNotEventually: KiwiAssertion<Value> { shouldNotEventuallyBeforeTimingOutAfter(1) }
    /// The matcher must match within `seconds`.
    public func shouldEventuallyBeforeTimingOutAfter(_ seconds: TimeInterval) -> KiwiAssertion<Value> {
        KiwiAssertion(expectation: expectation, negated: false, timing: .eventually(seconds))
    }
    /// The matcher must not match at any sample for `seconds`: the example fails as soon as it matches.
    public func shouldNotEventuallyBeforeTimingOutAfter(_ seconds: TimeInterval) -> KiwiAssertion<Value> {
        KiwiAssertion(expectation: expectation, negated: true, timing: .eventually(seconds))
    }
    /// Waits one second, then the matcher must match.
    public var shouldAfterWait: KiwiAssertion<Value> { shouldAfterWaitOf(1) }
    /// Waits one second, then the matcher must not match.
    public var shouldNotAfterWait: KiwiAssertion<Value> { shouldNotAfterWaitOf(1) }
    /// Waits `seconds`, then the matcher must match.
    public func shouldAfterWaitOf(_ seconds: TimeInterval) -> KiwiAssertion<Value> {
        KiwiAssertion(expectation: expectation, negated: false, timing: .afterWaiting(seconds))
    }
    /// Waits `seconds`, then the matcher must not match.
    public func shouldNotAfterWaitOf(_ seconds: TimeInterval) -> KiwiAssertion<Value> {
        KiwiAssertion(expectation: expectation, negated: true, timing: .afterWaiting(seconds))
    }
}

/// A Kiwi verifier: a matcher method applies the matcher in Kiwi's wording.
public struct KiwiAssertion<Value> {
    /// When the matcher is applied.
    enum Timing {
        case now
        case eventually(TimeInterval)
        case afterWaiting(TimeInterval)
    }

    let expectation: Expectation<Value>
    let negated: Bool
    let timing: Timing

    /// Applies any matcher from the catalog (or your own) in Kiwi's wording.
    public func match(_ matcher: Matcher<Value>) {
        apply(matcher, guardingNil: true)
    }

    func apply(_ matcher: Matcher<Value>, guardingNil: Bool) {
        let checked = guardingNil && !expectation.expression.isClosure ? nilGuarded(matcher) : matcher
        let prefix = kiwiFailurePrefix()
        switch timing {
        case .now:
            expectation.verify(checked, negated ? .toNot : .to, style: .kiwi, messagePrefix: prefix)
        case .eventually(let seconds):
            expectation.verifyKiwiProbe(
                checked, negated: negated, timeout: seconds, shouldWait: false, messagePrefix: prefix)
        case .afterWaiting(let seconds):
            expectation.verifyKiwiProbe(
                checked, negated: negated, timeout: seconds, shouldWait: true, messagePrefix: prefix)
        }
    }

    /// Kiwi's nil guard: a `nil` subject fails every matcher except the nil ones, in both directions.
    private func nilGuarded(_ matcher: Matcher<Value>) -> Matcher<Value> {
        Matcher { expression in
            let value = try expression.evaluate()
            guard flattenOptional(value) != nil else {
                return MatcherResult(status: .fail, message: .plain("expected subject not to be nil"))
            }
            return try matcher.satisfies(Expression(location: expression.location) { value })
        }
    }
}

/// `'Car, when stopped, does not move' [FAILED], ` — how Kiwi starts a failure.
func kiwiFailurePrefix() -> String {
    guard let example = World.shared.currentExample else { return "" }
    return "'\(example.path.joined(separator: ", "))' [FAILED], "
}
