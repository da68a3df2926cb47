/// What happened to one reported example.
struct ExampleResult {
    /// The outcome, spelled as in the event stream.
    enum Status: String {
        case passed, failed, pending, skipped
    }

    let index: Int
    let example: Example
    let status: Status
    let failures: [Failure]
    let duration: Double
    let output: String
    let outputTruncated: Bool
}

/// The counts of a run.
struct RunSummary: Equatable {
    var passed = 0
    var failed = 0
    var pending = 0
    var skipped = 0

    mutating func count(_ status: ExampleResult.Status) {
        switch status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .pending: pending += 1
        case .skipped: skipped += 1
        }
    }

    /// `N passed, N failed, N pending`, with `, N skipped` when any were.
    var closingLine: String {
        "\(passed) passed, \(failed) failed, \(pending) pending" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}

/// Receives the run as it happens.
protocol Reporter: AnyObject {
    func runStarted(total: Int, seed: UInt64)
    func exampleStarted(index: Int, example: Example)
    func exampleFinished(_ result: ExampleResult)
    func runFinished(_ summary: RunSummary)
    /// The examples the run will report, in order, before the first starts (so that a run cut short by its time
    /// limit can still name the ones it never reached).
    func planned(_ entries: [(index: Int, example: Example)])
}

extension Reporter {
    func planned(_ entries: [(index: Int, example: Example)]) {}
}
