import Foundation

/// Runs `action`, then waits (turning the run loop) until it calls `done`; fails after `timeout` (Nimble).
public func waitUntil(
    timeout: DispatchTimeInterval = defaultPollingTimeout, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, action: (_ done: @escaping @Sendable () -> Void) -> Void
) {
    wait(timeout.seconds, SourceLocation(file, line, column), action) {
        "Waited more than \(stringify($0)) second\($0 == 1 ? "" : "s") for done() to be called"
    }
}

/// Specta's `waitUntilTimeout(2, ^(DoneCallback done) { … })`.
public func waitUntilTimeout(
    _ timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    action: (_ done: @escaping @Sendable () -> Void) -> Void
) {
    wait(timeout, SourceLocation(file, line, column), action) {
        "failed to invoke done() callback before timeout (\(String(format: "%.6f", $0)) seconds)"
    }
}

private func wait(
    _ timeout: TimeInterval, _ location: SourceLocation, _ action: (@escaping @Sendable () -> Void) -> Void,
    _ message: (TimeInterval) -> String
) {
    let called = DoneFlag()
    action { called.set() }
    if !RunLoopSpinner.spin(timeout: timeout, until: { called.isSet }) {
        World.shared.record(Failure(message: message(timeout), location: location))
    }
}

/// A flag that any thread may set.
final class DoneFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        defer { lock.unlock() }
        value = true
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
