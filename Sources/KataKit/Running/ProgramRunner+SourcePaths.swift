import Foundation

extension ProgramRunner {
    /// `text` with every `Exercise/<file>:<line>` turned into the path the learner knows.
    ///
    /// The Swift runtime names the line of a fatal error by module and file name, and every test program is
    /// compiled as the module `Exercise` (`Exercise/hello-kata.swift:5: Fatal error: …`); the learner knows that
    /// file as `exercises/welcome/hello-kata.swift`, and a chapter's code as `chapters/00-welcome.md`.
    static func namingSourcePaths(_ text: String, _ sourcePaths: [String]) -> String {
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
