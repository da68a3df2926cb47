import Foundation
import KataBasics
import KataBuilding

/// What happened to one example of a run.
package struct ExampleOutcome: Codable, Sendable, Equatable {
    package enum Status: String, Codable, Sendable {
        case passed, failed, pending, skipped
        /// The example crashed the program (a trap, a signal, `exit()`).
        case crashed
        /// The run's time ran out while this example was running.
        case timedOut
        /// The run ended (a timeout) before this example's turn.
        case notRun

        /// Whether this counts against the code under test.
        package var isFailure: Bool { self == .failed || self == .crashed || self == .timedOut }
    }

    /// A failed expectation, or why the example crashed.
    package struct Failure: Codable, Sendable, Equatable {
        package var message: String
        /// Relative to the workbook root when it points into the workbook; nil when unknown.
        package var file: String?
        package var line: Int?
        package var column: Int?
        /// One of kata's own sentences (a crash, a timeout, a lost result), to be said in the learner's language;
        /// nil for a spec framework's message, which stays as the framework words it.
        package var said: CompilerDiagnostic.Said? = nil
    }

    /// Position in the run plan.
    package var index: Int
    /// The full sentence: "Car when the engine is off does not move".
    package var name: String
    /// The descriptions, outermost first, ending with the example's own.
    package var path: [String]
    package var file: String
    package var line: Int
    package var status: Status
    package var failures: [Failure]
    package var duration: Double
    /// What the example printed (capped).
    package var output: String
    package var outputTruncated: Bool
    /// The spelling of the spec class it belongs to (`kiwi`, `specta` or `quick`), so a report can use its marks.
    package var face: String?
    /// For one case of a parameterized test (Swift Testing's `arguments:`): its arguments, as the framework shows them.
    package var arguments: String? = nil
}
