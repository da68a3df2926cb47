import Foundation
import KataBasics
import KataMessages
import KataWorkbook

/// One message from the compiler, at a place in the chapter or the learner's file.
package struct CompilerDiagnostic: Codable, Sendable, Equatable {
    package enum Severity: String, Codable, Sendable {
        case error, warning, note
    }

    /// The file relative to the workbook root, as `#sourceLocation` named it.
    package var file: String
    package var line: Int
    package var column: Int
    package var severity: Severity
    /// The message in English (as `--format json` and `junit` give it).
    package var message: String
    /// One of kata's own messages (screening), to be said in the learner's language; nil for the compiler's.
    package var said: Said? = nil

    /// A message of kata's tables, with the values of its placeholders.
    package struct Said: Codable, Sendable, Equatable {
        package var message: Message
        package var values: [String: String]

        package init(message: Message, values: [String: String]) {
            self.message = message
            self.values = values
        }
    }

    /// One of kata's own messages at a place, with its English text.
    package static func kata(
        _ message: Message, _ values: [String: String] = [:], file: String, line: Int, column: Int
    ) -> CompilerDiagnostic {
        CompilerDiagnostic(
            file: file, line: line, column: column, severity: .error, message: Messages(.source)(message, values),
            said: Said(message: message, values: values))
    }

    /// Reads `file:line:column: severity: message` lines out of swiftc's LLVM-style output.
    /// Messages from files kata generated itself (the entry point) keep their generated name.
    package static func parse(_ output: String) -> [CompilerDiagnostic] {
        var result: [CompilerDiagnostic] = []
        let pattern = /^(.+?):(\d+):(\d+): (error|warning|note): (.*)$/
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let match = String(line).wholeMatch(of: pattern),
                let lineNumber = Int(match.output.2), let column = Int(match.output.3),
                let severity = Severity(rawValue: String(match.output.4))
            else { continue }
            let diagnostic = CompilerDiagnostic(
                file: String(match.output.1), line: lineNumber, column: column, severity: severity,
                message: String(match.output.5))
            if result.last != diagnostic { result.append(diagnostic) }
        }
        return forLearner(result)
    }

    /// The warnings in a successful compile's output, each with the notes that follow it.
    static func warnings(in output: String) -> [CompilerDiagnostic] {
        var kept: [CompilerDiagnostic] = []
        var inWarning = false
        for diagnostic in parse(output) {
            switch diagnostic.severity {
            case .warning: inWarning = true
            case .note: if !inWarning { continue }
            case .error: inWarning = false
            }
            if inWarning { kept.append(diagnostic) }
        }
        return kept
    }

    /// Puts the errors a learner should fix first at the front, and drops notes a learner cannot use.
    ///
    /// An error swiftc reports only because of another one ("generic parameter 'T' could not be inferred",
    /// typically on the `expect(...)` around a name that does not exist) goes after the others, so that
    /// "fix the first error" names the cause. Notes that point into KataSpec's own sources (absolute paths,
    /// where the chapter's and the learner's code have workbook-relative ones) are left out.
    static func forLearner(_ diagnostics: [CompilerDiagnostic]) -> [CompilerDiagnostic] {
        var groups: [[CompilerDiagnostic]] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .note, !groups.isEmpty {
                if !diagnostic.file.hasPrefix("/") { groups[groups.count - 1].append(diagnostic) }
            } else {
                groups.append([diagnostic])
            }
        }
        let isEcho = { (group: [CompilerDiagnostic]) in
            group[0].severity == .error && group[0].message.contains("could not be inferred")
        }
        let hasCause = groups.contains { $0[0].severity == .error && !isEcho($0) }
        guard hasCause else { return groups.flatMap { $0 } }
        return (groups.filter { !isEcho($0) } + groups.filter(isEcho)).flatMap { $0 }
    }
}
