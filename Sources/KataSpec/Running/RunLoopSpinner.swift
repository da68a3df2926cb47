import Foundation

/// Waits while keeping the current run loop turning, so timers and main-queue work still fire.
enum RunLoopSpinner {
    /// Turns the run loop until `condition` holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    static func spin(timeout: TimeInterval, until condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            let now = Date()
            if now >= deadline { return false }
            turn(until: min(deadline, now.addingTimeInterval(0.01)))
        }
        return true
    }

    /// Turns the run loop for `seconds`.
    static func spin(for seconds: TimeInterval) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline { turn(until: deadline) }
    }

    /// One turn, at most until `date`. A run loop with no sources returns at once, so sleep instead.
    private static func turn(until date: Date) {
        let before = Date()
        _ = RunLoop.current.run(mode: .default, before: date)
        if Date().timeIntervalSince(before) < 0.001 {
            Thread.sleep(forTimeInterval: min(0.002, max(0, date.timeIntervalSinceNow)))
        }
    }
}

/// Lets a non-`Sendable` value cross into a task; the runner only ever uses it from one task at a time.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}

/// The result of a task that a synchronous caller waits for.
private final class TaskOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private var error: (any Error)?

    func finish(_ error: (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        finished = true
        self.error = error
    }

    var result: (finished: Bool, error: (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        return (finished, error)
    }
}

/// Runs an async closure to completion from synchronous code, turning the run loop meanwhile.
func runBlocking(_ body: @escaping () async throws -> Void) throws {
    let outcome = TaskOutcome()
    let work = UncheckedSendable(value: body)
    Task.detached {
        do {
            try await work.value()
            outcome.finish(nil)
        } catch {
            outcome.finish(error)
        }
    }
    RunLoopSpinner.spin(timeout: .infinity) { outcome.result.finished }
    if let error = outcome.result.error { throw error }
}

/// Turns an async body into the synchronous form the runner stores.
func blocking(_ body: @escaping () async throws -> Void) -> () throws -> Void {
    { try runBlocking(body) }
}
