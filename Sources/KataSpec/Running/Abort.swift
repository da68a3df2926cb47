import Foundation

/// Ends the run from inside an example when it cannot go on (a fake cannot produce a value).
///
/// The example is reported as failed with the message, so `kata` sees a finished example and
/// resumes the run after it; then the process ends with status 1.
final class Abort: @unchecked Sendable {
    static let shared = Abort()

    private let lock = NSLock()
    private var report: (([Failure]) -> Void)?

    /// Sets (or clears) what reports the running example when the run must end.
    func install(_ report: (([Failure]) -> Void)?) {
        lock.lock()
        defer { lock.unlock() }
        self.report = report
    }

    /// Records `failure`, reports the running example as failed and ends the process.
    func endRun(with failure: Failure) -> Never {
        World.shared.record(failure)
        let failures = World.shared.finish()?.failures ?? [failure]
        lock.lock()
        let report = self.report
        lock.unlock()
        if let report {
            report(failures)
        } else {
            FileHandle.standardError.write(Data("\(failure)\n".utf8))
        }
        fflush(nil)
        _exit(1)
    }
}
