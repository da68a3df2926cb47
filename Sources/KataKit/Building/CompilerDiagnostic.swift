import Foundation

/// One message from the compiler, at a place in the chapter or the learner's file.
public struct CompilerDiagnostic: Codable, Sendable, Equatable {
    public enum Severity: String, Codable, Sendable {
        case error, warning, note
    }

    /// The file relative to the workbook root, as `#sourceLocation` named it.
    public var file: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String

    /// Reads `file:line:column: severity: message` lines out of swiftc's LLVM-style output.
    /// Messages from files kata generated itself (the entry point) keep their generated name.
    static func parse(_ output: String) -> [CompilerDiagnostic] {
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
        return result
    }
}
