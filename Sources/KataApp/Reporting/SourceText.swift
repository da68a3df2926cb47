import Foundation
import KataBasics

/// Lines of the workbook's files (chapters and learner files), read once, for showing code next to messages.
final class SourceText: @unchecked Sendable {
    private let root: URL
    private var files: [String: [Substring]] = [:]
    private let lock = NSLock()

    init(root: URL) {
        self.root = root
    }

    /// The 1-based line of a file relative to the workbook root, if it exists.
    func line(_ number: Int, of path: String) -> String? {
        let lines = self.lines(of: path)
        guard number >= 1, number <= lines.count else { return nil }
        return String(lines[number - 1])
    }

    /// The block that starts at `line`: that line and the following ones until the braces it opens close.
    func block(at number: Int, of path: String) -> String? {
        let lines = self.lines(of: path)
        guard number >= 1, number <= lines.count else { return nil }
        var depth = 0
        var taken: [Substring] = []
        for line in lines[(number - 1)...] {
            taken.append(line)
            for character in line {
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
            }
            if depth <= 0 || taken.count >= 60 { break }
        }
        let indent =
            taken.filter { !$0.allSatisfy(\.isWhitespace) }
            .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return taken.map { String($0.dropFirst(min(indent, $0.prefix(while: { $0 == " " }).count))) }
            .joined(separator: "\n")
    }

    private func lines(of path: String) -> [Substring] {
        lock.withLock {
            if let cached = files[path] { return cached }
            let text: String?
            if path.hasPrefix("exercises/") {
                // A learner's file, by the one rule for them: never what a link points to.
                text = try? LearnerPath(root: root, relative: path).text(limit: Workspace.learnerFileLimit).get()
            } else {
                let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
                text = try? String(contentsOf: url, encoding: .utf8)
            }
            // A file that cannot be read has no lines (not one empty line, which would be shown under a message).
            let lines = text?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
            files[path] = lines
            return lines
        }
    }
}
