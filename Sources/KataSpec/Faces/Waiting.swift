import Foundation

/// Runs `action`, then waits (turning the run loop) until it calls `done`; fails after `timeout`.
///
/// Without `timeout:` it waits `PollingDefaults.timeout` (one second), or what `setAsyncSpecTimeout` set. In a Specta spec the
/// failure uses Specta's wording, elsewhere Nimble's.
public func waitUntil(
    timeout: DispatchTimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, action: (_ done: @escaping @Sendable () -> Void) -> Void
) {
    wait(waitingTime(timeout), SourceLocation(file, line, column), action, timeoutMessage)
}

/// `await waitUntil { done in … }` in async examples: sleeps instead of turning the run loop.
public func waitUntil(
    timeout: DispatchTimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, isolation: isolated (any Actor)? = #isolation,
    action: (_ done: @escaping @Sendable () -> Void) -> Void
) async {
    let seconds = waitingTime(timeout)
    let called = DoneFlag()
    action { called.set() }
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !called.isSet && Date() < deadline { try? await Task.sleep(nanoseconds: 5_000_000) }
    if !called.isSet {
        World.shared.record(Failure(message: timeoutMessage(seconds), location: SourceLocation(file, line, column)))
    } else if called.count > 1 {
        World.shared.record(Failure(message: calledTwice, location: SourceLocation(file, line, column)))
    }
}

/// Specta's `waitUntilTimeout(2, ^(DoneCallback done) { … })`.
public func waitUntilTimeout(
    _ timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    action: (_ done: @escaping @Sendable () -> Void) -> Void
) {
    wait(timeout, SourceLocation(file, line, column), action, spectaTimeoutMessage)
}

/// Specta's `setAsyncSpecTimeout(5)`: the timeout of `waitUntil` calls that give none.
///
/// Called in `spec()` or a group body, it holds for that group's examples (and its subgroups');
/// called in an example or a hook, it holds until that example ends. It never leaks into other
/// spec classes, so a run's result does not depend on the order specs run in.
public func setAsyncSpecTimeout(
    _ timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    if !World.shared.setAsyncSpecTimeout(timeout) {
        World.shared.record(
            Failure(
                message:
                    "'setAsyncSpecTimeout' can only be called inside a spec class's spec(), a group, a hook or an example",
                location: SourceLocation(file, line, column)))
    }
}

/// The seconds a `waitUntil` waits: its own timeout, or `setAsyncSpecTimeout`'s, or `PollingDefaults.timeout`.
private func waitingTime(_ timeout: DispatchTimeInterval?) -> TimeInterval {
    timeout?.seconds ?? World.shared.asyncSpecTimeout ?? PollingDefaults.timeout.seconds
}

/// `waitUntil`'s failure in the running spec's wording.
private func timeoutMessage(_ seconds: TimeInterval) -> String {
    if World.shared.currentExample?.group.face == .specta { return spectaTimeoutMessage(seconds) }
    return "Waited more than \(nimbleSeconds(seconds))\ndone() was not called within the timeout"
}

/// Nimble's `NimbleTimeInterval.description`: `1.0 second`, `0.01 seconds`.
private func nimbleSeconds(_ seconds: TimeInterval) -> String {
    seconds == 1 ? "1.0 second" : "\(Float(seconds)) seconds"
}

private func spectaTimeoutMessage(_ seconds: TimeInterval) -> String {
    "failed to invoke done() callback before timeout (\(String(format: "%.6f", seconds)) seconds)"
}

private func wait(
    _ timeout: TimeInterval, _ location: SourceLocation, _ action: (@escaping @Sendable () -> Void) -> Void,
    _ message: (TimeInterval) -> String
) {
    let called = DoneFlag()
    action { called.set() }
    if !RunLoopSpinner.spin(timeout: timeout, until: { called.isSet }) {
        World.shared.record(Failure(message: message(timeout), location: location))
    } else if called.count > 1 {
        World.shared.record(Failure(message: calledTwice, location: location))
    }
}

/// Nimble's failure when `done` is called more than once.
private let calledTwice = "waitUntil(..) expects its completion closure to be only called once"

/// A flag that any thread may set; it counts how often it was set.
final class DoneFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var times = 0

    func set() {
        lock.lock()
        defer { lock.unlock() }
        times += 1
    }

    var isSet: Bool { count > 0 }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return times
    }
}
