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
        guard text.contains("Exercise") else { return text }
        return text.replacing(Self.modulePlace.anchorsMatchLineEndings()) { match in
            guard let path = path(named: match.output.2, in: sourcePaths) else { return String(match.output.0) }
            return "\(match.output.1)\(path):\(match.output.3)"
        }
    }

    /// `Exercise/<file>:<line>` or `ExerciseSpecs/<file>:<line>`, as the runtime names a place of the program's two
    /// modules (a specify exercise's specs, the learner's file there, are in `ExerciseSpecs`).
    static var modulePlace: Regex<(Substring, Substring, Substring, Substring)> {
        /(^|[^A-Za-z0-9_\/])(?:Exercise|ExerciseSpecs)\/([^\s:\/]+):([0-9]+)/
    }

    /// Where the program stopped, in a file the learner can open, read from what it printed: the place of the
    /// runtime's last `Fatal error` (a force-unwrapped nil, `fatalError`, a failed `precondition`) in the program's
    /// modules; or, when KataSpec stopped the run (a captor with no value), the place its message names, the line
    /// of the learner's or the chapter's call. Nil for a place in the standard library (`Swift/Array.swift`) or
    /// none at all (a signal).
    static func crashPlace(in output: String, sourcePaths: [String]) -> SourcePlace? {
        let lines = output.split(separator: "\n")
        guard let last = lines.lastIndex(where: { $0.contains("Fatal error") }) else { return nil }
        let fatal = lines[last]
        if fatal.firstMatch(of: /^KataSpec\/[^\s:]+:[0-9]+: Fatal error:/) != nil {
            // KataSpec printed the failure first, as a compiler does: `<file>:<line>:<column>: error: …`.
            for line in lines[..<last].reversed() {
                guard let match = line.firstMatch(of: #/^([^\s:]+):([0-9]+):[0-9]+: error: /#) else { continue }
                guard sourcePaths.contains(String(match.output.1)), let number = Int(match.output.2) else { return nil }
                return SourcePlace(file: String(match.output.1), line: number)
            }
            return nil
        }
        guard let marker = fatal.range(of: ": Fatal error"),
            let match = fatal[..<marker.lowerBound].matches(of: Self.modulePlace).last,
            match.range.upperBound == marker.lowerBound,
            let path = path(named: match.output.2, in: sourcePaths), let number = Int(match.output.3)
        else { return nil }
        return SourcePlace(file: path, line: number)
    }

    /// The source path whose file name is `name`.
    private static func path(named name: Substring, in sourcePaths: [String]) -> String? {
        sourcePaths.first { $0 == name || $0.hasSuffix("/" + name) }
    }
}

/// A line of a file the learner can open, relative to the workbook root.
package struct SourcePlace: Codable, Sendable, Equatable {
    /// The file, relative to the workbook root (`exercises/welcome/hello-kata.swift`, `chapters/00-welcome.md`).
    package var file: String
    /// The line, from 1.
    package var line: Int
}
