import Foundation
import KataMessages
import KataWorkbook

/// What `kata translate sync` changes in a translation: line edits computed from the source and the translation,
/// and a line of report for each.
struct SyncPlan {
    /// Replaces `removing` lines from `start` (0-based) with `inserting`.
    struct Edit {
        var start: Int
        var removing: Int
        var inserting: [String]
    }

    private(set) var edits: [Edit] = []
    private(set) var report: [String] = []

    init(source: Chapter, translation text: String) {
        let document = MarkdownParser.parse(text)
        let sourceLines = Self.lines(source.source)
        let lines = Self.lines(text)
        let sourceBlocks = FencedBlock.all(in: source.document).filter { $0.isCopied || $0.isHint }
        let blocks = FencedBlock.all(in: document).filter { $0.isCopied || $0.isHint }
        func at(_ line: Int) -> String { "\(source.path):\(line)" }

        // Blocks the source adds go after the block before them; the first ones after the title.
        let title = document.children.first { if case .heading = $0.kind { true } else { false } }
        var insertion = title?.endLine ?? (TranslationStamp.find(in: text)?.lineCount ?? 0)
        for step in BlockAlignment.align(sourceBlocks, blocks) {
            switch step {
            case .both(let s, let t) where sourceBlocks[s].key == blocks[t].key:
                let (original, copy) = (sourceBlocks[s], blocks[t])
                insertion = copy.endLine
                guard copy.isCopied, original.code != copy.code else { break }
                guard Self.isClosed(original, sourceLines), Self.isClosed(copy, lines) else {
                    report.append("could not copy the code of the block at line \(copy.line): a fence is never closed")
                    break
                }
                edits.append(
                    Edit(
                        start: copy.line, removing: copy.endLine - copy.line - 1,
                        inserting: Array(sourceLines[original.line..<(original.endLine - 1)])))
                report.append("copied the code of the '\(original.key)' block from \(at(original.line))")
            case .both(let s, let t):
                // The source changed this block's info string, or put another block in its place.
                let (original, copy) = (sourceBlocks[s], blocks[t])
                edits.append(
                    Edit(
                        start: copy.line - 1, removing: copy.endLine - copy.line + 1,
                        inserting: Array(sourceLines[(original.line - 1)..<original.endLine])))
                var what = "'\(original.key)' block"
                if let note = Self.noteParagraph(of: original, in: source.document),
                    Self.noteParagraph(of: copy, in: document) == nil
                {
                    edits.append(
                        Edit(
                            start: copy.endLine, removing: 0,
                            inserting: [""] + sourceLines[(note.startLine - 1)..<note.endLine]))
                    what += " and its note, in \(Language.source.name): translate the note"
                }
                report.append(
                    "replaced the '\(copy.key)' block at line \(copy.line) with the source's \(what) from \(at(original.line))"
                )
                insertion = copy.endLine
            case .onlyFirst(let s):
                let original = sourceBlocks[s]
                var added = [""] + sourceLines[(original.line - 1)..<original.endLine]
                var what = original.isHint ? "hint for '\(original.id ?? "")'" : "'\(original.key)' block"
                if let note = Self.noteParagraph(of: original, in: source.document) {
                    added += [""] + sourceLines[(note.startLine - 1)..<note.endLine]
                    what += " and its note"
                }
                edits.append(Edit(start: insertion, removing: 0, inserting: added))
                report.append(
                    "added the source's \(what) from \(at(original.line))"
                        + (original.isHint || what.hasSuffix("note")
                            ? ", in \(Language.source.name): translate it" : ""))
            case .onlySecond(let t):
                let copy = blocks[t]
                insertion = copy.endLine
                guard copy.isCopied else { break }
                var end = copy.endLine
                if let note = Self.noteParagraph(of: copy, in: document) { end = note.endLine }
                // The blank line after the block goes with it when there is one before it too.
                if end < lines.count, lines[end].allSatisfy(\.isWhitespace), copy.line >= 2,
                    lines[copy.line - 2].allSatisfy(\.isWhitespace)
                {
                    end += 1
                }
                edits.append(Edit(start: copy.line - 1, removing: end - copy.line + 1, inserting: []))
                report.append("removed the '\(copy.key)' block at line \(copy.line), which the source does not have")
            }
        }
    }

    /// The text with every edit made (from the bottom up, so that line numbers hold).
    func apply(to text: String) -> String {
        var lines = Self.lines(text)
        for (order, edit) in edits.enumerated().sorted(by: {
            ($0.element.start, $0.offset) > ($1.element.start, $1.offset)
        }) {
            _ = order
            let start = min(edit.start, lines.count)
            let end = min(start + edit.removing, lines.count)
            lines.replaceSubrange(start..<end, with: edit.inserting)
        }
        return lines.joined(separator: "\n")
    }

    /// A mutant's note paragraph: the paragraph right after a top-level mutant block that has no `note=`.
    private static func noteParagraph(of block: FencedBlock, in document: MarkdownNode) -> MarkdownNode? {
        guard block.info.words.first?.text == "mutant", block.info.value("note") == nil,
            block.topLevelIndex + 1 < document.children.count,
            document.children[block.topLevelIndex].startLine == block.line
        else { return nil }
        let next = document.children[block.topLevelIndex + 1]
        if case .paragraph = next.kind { return next }
        return nil
    }

    private static func isClosed(_ block: FencedBlock, _ lines: [String]) -> Bool {
        guard block.endLine > block.line, block.endLine <= lines.count else { return false }
        let closing = lines[block.endLine - 1].trimmingCharacters(in: .whitespaces)
        return closing.count >= 3 && (closing.allSatisfy { $0 == "`" } || closing.allSatisfy { $0 == "~" })
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
