import Foundation
import KataWorkbook

/// `kata verify` on what the chapters quote of kata's own output: a line such as
/// `chapters/06-ocmock.md:183:29: OCMockObject(FakeInventoryStore): expected method was not invoked` in a block
/// must point at code, or it went stale when the lines above it moved.
///
/// A quoted place must name a chapter of the workbook (or of a translation), a line inside one of its `swift` blocks,
/// and a column at a character of that line that is not a space.
package struct QuotedLocationCheck {
    /// Every chapter, source and translated, by its path from the workbook root, with its text.
    let chapters: [String: MarkdownNode]
    /// Where each chapter is, for the diagnostics.
    let displayPaths: [String: String]

    /// The chapters to check and to resolve quotes in: `(path from the workbook root, display path, document)`.
    package init(chapters: [(path: String, display: String, document: MarkdownNode)]) {
        self.chapters = Dictionary(chapters.map { ($0.path, $0.document) }) { first, _ in first }
        self.displayPaths = Dictionary(chapters.map { ($0.path, $0.display) }) { first, _ in first }
    }

    /// The quotes that point nowhere, as errors at the quoting line.
    package func diagnostics() -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (path, document) in chapters.sorted(by: { $0.key < $1.key }) {
            for block in FencedBlock.all(in: document) where !block.isCopied {
                let lines = block.code.split(separator: "\n", omittingEmptySubsequences: false)
                for (offset, line) in lines.enumerated() {
                    guard let match = line.firstMatch(of: /^(chapters\/[^\s:]+\.md):(\d+):(\d+):/),
                        let quotedLine = Int(match.output.2), let column = Int(match.output.3)
                    else { continue }
                    let target = String(match.output.1)
                    guard let problem = problem(target, line: quotedLine, column: column) else { continue }
                    found.append(
                        Diagnostic(
                            .error,
                            at: SourceLocation(file: displayPaths[path] ?? path, line: block.line + 1 + offset),
                            "this block quotes \(target):\(quotedLine):\(column), but \(problem); run the check and "
                                + "quote the place it prints now"))
                }
            }
        }
        return found
    }

    /// What is wrong with a quoted place, if anything.
    private func problem(_ path: String, line: Int, column: Int) -> String? {
        guard let document = chapters[path] else { return "the workbook has no chapter \(path)" }
        let swiftBlocks = FencedBlock.all(in: document).filter { $0.info.language == "swift" }
        guard let block = swiftBlocks.first(where: { line > $0.line && line < $0.endLine }) else {
            return "line \(line) of \(path) is not in a `swift` block"
        }
        let lines = block.code.split(separator: "\n", omittingEmptySubsequences: false)
        let index = line - block.line - 1
        guard index >= 0, index < lines.count else { return "line \(line) of \(path) is not in a `swift` block" }
        let text = Array(lines[index])
        guard column >= 1, column <= text.count, !text[column - 1].isWhitespace else {
            return
                "column \(column) of line \(line) is not on its code (`\(lines[index].trimmingCharacters(in: .whitespaces))`)"
        }
        return nil
    }
}
