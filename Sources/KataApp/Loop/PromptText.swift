import Foundation
import KataBasics
import KataWorkbook

/// An exercise's prompt as `kata next` prints it: the chapter's prose and code, with long support code folded
/// into one line that says what it declares and where to read it, the chapter's code that kata writes for the editor
/// (chapter 9 repeats its support code in every exercise, and a prompt should fit on a screen or two).
package struct PromptText {
    /// The workspace, for paths.
    package let workspace: Workspace
    /// How to draw.
    package let style: TerminalStyle
    /// Support blocks longer than this many lines are folded.
    var foldedAfterLines = 12

    /// Creates the renderer.
    package init(workspace: Workspace, style: TerminalStyle) {
        self.workspace = workspace
        self.style = style
    }

    /// The prompt, ready to print (no trailing newline).
    package func render(_ exercise: Exercise) -> String {
        // A translated prompt's links and lines are those of its translation's file.
        let text = workspace.edition.textURL(of: exercise)
        let renderer = TerminalRenderer(
            style: style, linksRelativeTo: text, display: workspace.display, kataCommand: workspace.kataCommand)
        return exercise.prompt.map { node in
            if let folded = fold(node, of: exercise) {
                return TerminalRenderer(style: style).render(markdown: folded)
            }
            return renderer.render([node])
        }.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// The one paragraph (Markdown) that stands for a long support block, or nil to show the block.
    ///
    /// It points at the chapter's code as kata writes it for the editor (``ChapterCodeFile``), never at the chapter's
    /// Markdown: that file also holds the exercise's mutants and hints, the last of which is often a solution.
    func fold(_ node: MarkdownNode, of exercise: Exercise) -> String? {
        guard case .codeBlock(let info, _) = node.kind, FenceInfo(info).words.first?.text == "support" else {
            return nil
        }
        let lines = node.literal.split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast(node.literal.hasSuffix("\n") ? 1 : 0)
        guard lines.count > foldedAfterLines else { return nil }
        let names = Self.declarations(in: node.literal)
        let editor = EditorSetup(workspace: workspace)
        // A translation's blocks are the source's byte for byte: the block is found by its code.
        let index = exercise.support.firstIndex { Self.sameCode($0.code, node.literal) }
        let line = index.flatMap { editor.chapterCode(of: exercise).line(ofSupport: $0) }
        let place = workspace.display(editor.chapterFile(of: exercise)) + (line.map { ":\($0)" } ?? "")
        let t = workspace.messages
        let source = t.language.isSource
        let declares =
            names.isEmpty
            ? "" : (source ? ": " : "：") + names.map { "`\($0)`" }.joined(separator: source ? ", " : "、")
        return t(.supportFolded, ["lines": "\(lines.count)", "declares": declares, "place": place])
    }

    private static func sameCode(_ a: String, _ b: String) -> Bool {
        a.trimmingCharacters(in: .newlines) == b.trimmingCharacters(in: .newlines)
    }

    /// The names a block declares at its top level, in order: types, protocols, functions and type aliases.
    static func declarations(in code: String) -> [String] {
        let pattern =
            /^(?:(?:public|internal|fileprivate|private|open|final|indirect)\s+)*(?:class|struct|enum|protocol|actor|func|typealias|let|var)\s+([A-Za-z_][A-Za-z0-9_]*)/
        var names: [String] = []
        for line in code.split(separator: "\n") {
            guard let match = line.firstMatch(of: pattern) else { continue }
            let name = String(match.output.1)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }
}
