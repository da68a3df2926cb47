import Foundation
import KataMessages
import KataWorkbook

/// The chapter's code that kata compiles with a learner's file, as readable Swift for an editor: the support blocks
/// and, in a specify exercise, the subject (the code the learner's specs run against), each under a comment that
/// says where in the chapter it is. An editor's "go to definition" of a chapter's type lands here, and `kata next`
/// points here for support code too long to print: unlike the chapter's Markdown, it holds no mutant, no hint and no
/// reference solution.
///
/// kata adds `import Foundation` and `import KataSpec` to every file it compiles, and so does the editor's
/// compile command (``CompilationDatabase``): the blocks are written as the chapter has them.
struct ChapterCodeFile {
    /// The exercise.
    var exercise: Exercise
    /// The workbook's chapter file of the exercise, relative to the root (`chapters/00-welcome.md`).
    var chapterPath: String
    /// The edition the learner reads, to name the place of each block in it.
    var edition: Edition
    /// kata's words in the learner's language.
    var messages: Messages

    /// The file's text; nil when the exercise has no chapter code besides its specs.
    var text: String? { layout?.text }

    /// The line of the file where the code of the exercise's support block `index` starts.
    func line(ofSupport index: Int) -> Int? {
        guard let layout, layout.lines.indices.contains(index) else { return nil }
        return layout.lines[index]
    }

    /// The text, and the line where each block's code starts in it: the support blocks in order, then the subject.
    private var layout: (text: String, lines: [Int])? {
        var blocks: [(CodeBlock, Message)] = exercise.support.map { ($0, .editorSupport) }
        if let subject = exercise.subject { blocks.append((subject, .editorSubject)) }
        guard !blocks.isEmpty else { return nil }
        let header = LineBreaking.wrap(messages(.editorHeader, ["file": exercise.learnerPath]), width: 100)
        var text = header.split(separator: "\n").map { "// " + $0 + "\n" }.joined()
        var lines: [Int] = []
        for (block, label) in blocks {
            let line = block.codeLocation.line
            let place =
                edition.placeInTranslation(file: chapterPath, line: line, exercise: exercise.id) ?? (chapterPath, line)
            text += "\n// " + messages(label, ["place": "\(place.file):\(place.line)"]) + "\n"
            lines.append(text.utf8.count { $0 == UInt8(ascii: "\n") } + 1)
            text += block.code.hasSuffix("\n") ? block.code : block.code + "\n"
        }
        return (text, lines)
    }
}
