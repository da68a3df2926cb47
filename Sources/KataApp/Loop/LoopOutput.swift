import KataBasics
import KataMessages

/// What a learner-loop command prints: its text for standard output, and warnings for standard error.
package struct LoopOutput: Sendable, Equatable {
    /// Text for standard output, ending in a newline.
    package var text: String
    /// Warnings (a corrupt progress file moved aside, say), one per line.
    package var warnings: [String]

    /// Creates an output.
    package init(text: String, warnings: [String] = []) {
        self.text = text
        self.warnings = warnings
    }
}

extension ProgressStore {
    /// Reads progress, turning notices into warning lines in the language of `t`.
    func readReporting(_ t: Messages) throws(ProgressError) -> (Progress, [String]) {
        let (progress, notices) = try read()
        return (progress, notices.map { $0.described(t) })
    }
}
