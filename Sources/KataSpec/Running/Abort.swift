import Foundation

/// Ends the run from inside an example when it cannot go on (a fake cannot produce a value).
///
/// Spry calls `fatalError` here, and so does KataSpec when `kata` is listening: the full message
/// goes to stderr (the example's capture file) and the trap's one-line summary is what `kata`
/// shows; `kata` then reports the example as crashed and resumes after it. For a person at a
/// terminal the runner installs a handler that reports the example as failed and prints the counts.
final class Abort: @unchecked Sendable {
    static let shared = Abort()

    private let lock = NSLock()
    private var report: (([Failure]) -> Void)?

    /// Sets (or clears) what reports the running example before the process ends.
    func install(_ report: (([Failure]) -> Void)?) {
        lock.lock()
        defer { lock.unlock() }
        self.report = report
    }

    /// Reports `failure` on the running example and ends the process; `summary` is the trap's message
    /// (by default the failure's first line, without Spry's `--- FATAL ERROR:` frame).
    func endRun(with failure: Failure, summary: String? = nil) -> Never {
        lock.lock()
        let report = self.report
        lock.unlock()
        guard let report else {
            FileHandle.standardError.write(Data("\(failure)\n".utf8))
            fatalError(summary ?? Self.summary(of: failure.message))
        }
        World.shared.record(failure)
        report(World.shared.finish()?.failures ?? [failure])
        fflush(nil)
        _exit(1)
    }

    private static func summary(of message: String) -> String {
        let first = message.prefix { $0 != "\n" }
        guard first.hasPrefix("--- FATAL ERROR: "), first.hasSuffix(" ---") else { return String(first) }
        return String(first.dropFirst("--- FATAL ERROR: ".count).dropLast(" ---".count))
    }
}
