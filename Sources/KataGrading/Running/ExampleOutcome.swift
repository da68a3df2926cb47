import Foundation
import KataBasics
import KataBuilding

/// What happened to one example of a run.
public struct ExampleOutcome: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case passed, failed, pending, skipped
        /// The example crashed the program (a trap, a signal, `exit()`).
        case crashed
        /// The run's time ran out while this example was running.
        case timedOut
        /// The run ended (a timeout) before this example's turn.
        case notRun

        /// Whether this counts against the code under test.
        public var isFailure: Bool { self == .failed || self == .crashed || self == .timedOut }
    }

    /// A failed expectation, or why the example crashed.
    public struct Failure: Codable, Sendable, Equatable {
        public var message: String
        /// Relative to the workbook root when it points into the workbook; nil when unknown.
        public var file: String?
        public var line: Int?
        public var column: Int?
        /// One of kata's own sentences (a crash, a timeout, a lost result), to be said in the learner's language;
        /// nil for a spec framework's message, which stays as the framework words it.
        public var said: CompilerDiagnostic.Said? = nil
    }

    /// Position in the run plan.
    public var index: Int
    /// The full sentence: "Car when the engine is off does not move".
    public var name: String
    /// The descriptions, outermost first, ending with the example's own.
    public var path: [String]
    public var file: String
    public var line: Int
    public var status: Status
    public var failures: [Failure]
    public var duration: Double
    /// What the example printed (capped).
    public var output: String
    public var outputTruncated: Bool
    /// The spelling of the spec class it belongs to (`kiwi`, `specta` or `quick`), so a report can use its marks.
    public var face: String?
}
