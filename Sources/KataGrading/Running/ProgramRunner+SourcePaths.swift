import Foundation
import KataWorkbook

extension ProgramRunner {
    /// `text` with every `Exercise/<file>:<line>` turned into the path the learner knows.
    ///
    /// The Swift runtime names the line of a fatal error by module and file name, and every test program is
    /// compiled as the module `Exercise` (`Exercise/hello-kata.swift:5: Fatal error: …`); the learner knows that
    /// file as `exercises/welcome/hello-kata.swift`, and a chapter's code as `chapters/00-welcome.md`.
    ///
    /// A fatal error raised inside KataSpec (`KataSpec/Abort.swift:30: Fatal error: …`) names a file of kata's own;
    /// its text is already the example's failure message, so that line is left out.
    static func namingSourcePaths(_ text: String, _ sourcePaths: [String]) -> String {
        var text = text
        if text.contains("KataSpec/") {
            text = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { $0.firstMatch(of: /^KataSpec\/[^\s:]+:[0-9]+: Fatal error:/) == nil }
                .joined(separator: "\n")
        }
        guard text.contains("Exercise/") else { return text }
        return text.replacing(/(^|[^A-Za-z0-9_\/])Exercise\/([^\s:\/]+):([0-9]+)/.anchorsMatchLineEndings()) { match in
            let name = String(match.output.2)
            guard let path = sourcePaths.first(where: { $0 == name || $0.hasSuffix("/" + name) }) else {
                return String(match.output.0)
            }
            return "\(match.output.1)\(path):\(match.output.3)"
        }
    }
}
