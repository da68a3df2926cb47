import Foundation

// Nimble's spelling: `expect(x).to(equal(y))`, `.toNot`, `.notTo`, `.toEventually`, `.toNever`, `.toAlways`.
// The same `expect` also starts Expecta's chains (`expect(x).to.equal(y)`, see Expecta.swift):
// a method call `to(…)` is Nimble, the property `to` is Expecta, and each words failures its own way.

/// Starts an expectation on a value, evaluated lazily (and again when polling).
public func expect<T>(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ expression: @autoclosure @escaping () throws -> T?
) -> Expectation<T> {
    Expectation(Expression(location: SourceLocation(file, line, column), expression))
}

/// Starts an expectation on a closure's result: `expect { try parse("x") }.to(throwError())`.
public func expect<T>(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ expression: @autoclosure () -> (() throws -> T)
) -> Expectation<T> {
    let body = expression()
    return Expectation(Expression(location: SourceLocation(file, line, column), isClosure: true) { try body() })
}

/// Starts an expectation on a closure's optional result.
public func expect<T>(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ expression: @autoclosure () -> (() throws -> T?)
) -> Expectation<T> {
    Expectation(Expression(location: SourceLocation(file, line, column), isClosure: true, expression()))
}

/// Starts an expectation on a closure that returns nothing: `expect { try car.start() }.toNot(throwError())`.
public func expect(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ expression: @autoclosure () -> (() throws -> Void)
) -> Expectation<Void> {
    let body = expression()
    return Expectation(Expression(location: SourceLocation(file, line, column), isClosure: true) { try body() })
}

/// Nimble's `PollingDefaults` (`Sources/Nimble/Polling.swift`): the timeout of `toEventually`, `toNever`, `toAlways`
/// and `waitUntil` (one second) and the time between polls (10 ms), for the whole run: a slow machine is the usual
/// reason to raise them, `PollingDefaults.timeout = .seconds(3)`.
public struct PollingDefaults: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var storedTimeout: DispatchTimeInterval = .seconds(1)
    nonisolated(unsafe) private static var storedPollInterval: DispatchTimeInterval = .milliseconds(10)

    /// How long polling and `waitUntil` wait unless told otherwise.
    public static var timeout: DispatchTimeInterval {
        get { lock.withLock { storedTimeout } }
        set { lock.withLock { storedTimeout = newValue } }
    }

    /// How long polling waits between two checks unless told otherwise.
    public static var pollInterval: DispatchTimeInterval {
        get { lock.withLock { storedPollInterval } }
        set { lock.withLock { storedPollInterval = newValue } }
    }
}

extension Expectation {
    /// Passes when the matcher matches; returns the expectation, so another matcher can follow.
    @discardableResult
    public func to(_ matcher: Matcher<Value>, description: String? = nil) -> Expectation {
        verify(matcher, .to, style: .nimble, description: description)
        return self
    }

    /// Passes when the matcher does not match.
    @discardableResult
    public func toNot(_ matcher: Matcher<Value>, description: String? = nil) -> Expectation {
        verify(matcher, .toNot, style: .nimble, description: description)
        return self
    }

    /// A synonym of `toNot`.
    @discardableResult
    public func notTo(_ matcher: Matcher<Value>, description: String? = nil) -> Expectation {
        toNot(matcher, description: description)
    }

    /// Passes as soon as the matcher matches, polling until `timeout`.
    public func toEventually(
        _ matcher: Matcher<Value>, timeout: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil
    ) {
        poll(matcher, .toEventually, timeout, pollInterval, description)
    }

    /// Passes as soon as the matcher does not match, polling until `timeout`.
    public func toEventuallyNot(
        _ matcher: Matcher<Value>, timeout: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil
    ) {
        poll(matcher, .toEventuallyNot, timeout, pollInterval, description)
    }

    /// A synonym of `toEventuallyNot`.
    public func toNotEventually(
        _ matcher: Matcher<Value>, timeout: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil
    ) {
        poll(matcher, .toEventuallyNot, timeout, pollInterval, description)
    }

    /// Passes when the matcher does not match at any moment until `duration` has passed.
    public func toNever(
        _ matcher: Matcher<Value>, until duration: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil
    ) {
        poll(matcher, .toNever, duration, pollInterval, description)
    }

    /// Passes when the matcher matches at every moment until `duration` has passed.
    public func toAlways(
        _ matcher: Matcher<Value>, until duration: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil
    ) {
        poll(matcher, .toAlways, duration, pollInterval, description)
    }

    /// A synonym of `toNever`.
    public func neverTo(
        _ matcher: Matcher<Value>, until duration: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil
    ) {
        poll(matcher, .toNever, duration, pollInterval, description)
    }

    /// A synonym of `toAlways`.
    public func alwaysTo(
        _ matcher: Matcher<Value>, until duration: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil
    ) {
        poll(matcher, .toAlways, duration, pollInterval, description)
    }

    private func poll(
        _ matcher: Matcher<Value>, _ verb: ExpectationVerb, _ timeout: DispatchTimeInterval,
        _ interval: DispatchTimeInterval, _ description: String?
    ) {
        verifyPolling(
            matcher, verb, style: .nimble, timeout: timeout.seconds, pollInterval: interval.seconds,
            description: description)
    }
}

// In async examples Nimble's polling is `await expect(x).toEventually(…)`: it sleeps between polls, leaving the
// main actor free for the work it waits for (without `await`, Swift says so). It takes a `Matcher` or an
// `AsyncMatcher`, and polls as an `AsyncExpectation` does.
extension Expectation {
    /// Passes as soon as the matcher matches, polling until `timeout`.
    public func toEventually(
        _ matcher: some AsyncableMatcher<Value>, timeout: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await awaitable.toEventually(matcher, timeout: timeout, pollInterval: pollInterval, description: description)
    }

    /// Passes as soon as the matcher does not match, polling until `timeout`.
    public func toEventuallyNot(
        _ matcher: some AsyncableMatcher<Value>, timeout: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await awaitable.toEventuallyNot(
            matcher, timeout: timeout, pollInterval: pollInterval, description: description)
    }

    /// Passes when the matcher does not match at any moment until `duration` has passed.
    public func toNever(
        _ matcher: some AsyncableMatcher<Value>, until duration: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await awaitable.toNever(matcher, until: duration, pollInterval: pollInterval, description: description)
    }

    /// Passes when the matcher matches at every moment until `duration` has passed.
    public func toAlways(
        _ matcher: some AsyncableMatcher<Value>, until duration: DispatchTimeInterval = PollingDefaults.timeout,
        pollInterval: DispatchTimeInterval = PollingDefaults.pollInterval, description: String? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        await awaitable.toAlways(matcher, until: duration, pollInterval: pollInterval, description: description)
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds.
    var seconds: TimeInterval {
        switch self {
        case .seconds(let value): TimeInterval(value)
        case .milliseconds(let value): TimeInterval(value) / 1_000
        case .microseconds(let value): TimeInterval(value) / 1_000_000
        case .nanoseconds(let value): TimeInterval(value) / 1_000_000_000
        case .never: .infinity
        @unknown default: 1
        }
    }
}

/// Nimble 13's name for an expectation on a value that needs no `await` (`Expectation` here).
public typealias SyncExpectation = Expectation

/// Nimble's module name as a namespace, so that code that spells a type with it (`Nimble.Matcher<T>`, to tell it
/// from another module's `Matcher`) compiles here too.
public enum Nimble {
    /// `Nimble.Matcher<T>` is `Matcher<T>`.
    public typealias Matcher<T> = KataSpec.Matcher<T>
    /// `Nimble.AsyncMatcher<T>` is `AsyncMatcher<T>`.
    public typealias AsyncMatcher<T> = KataSpec.AsyncMatcher<T>
}
