import Foundation
import KataTestSupport
import Testing

@testable import KataApp
@testable import KataBasics
@testable import KataMessages

@Suite("Prompts in the terminal")
struct PromptTextTests {
    static let longSupport = (1...14).map { "    func helper\($0)() -> Int { \($0) }" }.joined(separator: "\n")

    static let chapter = """
        # Views

        ## Bind the view

        Read the support code first.

        ```swift support id=bind
        /// A value that tells its observers.
        final class Observable<Value> {
            var value: Value
            init(_ value: Value) { self.value = value }
        \(longSupport)
        }

        func combine(_ a: Int, _ b: Int) -> Int { a + b }

        protocol LoginClient {}
        private struct Hidden {}
        ```

        ```swift support id=bind
        protocol Short {}
        ```

        Now write `bind`.

        ```swift spec id=bind
        final class BindSpec: QuickSpec {
            override class func spec() { it("binds") { expect(bind()).to(equal(1)) } }
        }
        ```

        ```swift starter id=bind
        func bind() -> Int { 0 }
        ```
        """

    @Test("a long support block is folded into one line that names what it declares and where to read it")
    func folded() throws {
        let workbook = try TestWorkbook([
            "chapters/01-views.md": Self.chapter, "solutions/views/bind.swift": "func bind() -> Int { 1 }\n",
        ])
        let workspace = try Workspace(root: workbook.root, displayBase: workbook.root)
        let exercise = try workspace.exercise("bind")
        let text = PromptText(workspace: workspace, style: TerminalStyle(color: false, width: 200)).render(exercise)
        let line = try #require(
            text.firstMatch(
                of:
                    #/Support code \(24 lines, compiled with your file\): `Observable`, `combine`, `LoginClient`, `Hidden`\. Read it in \.kata/editor/views/bind\.chapter\.swift:([0-9]+)\./#
            ).flatMap { Int($0.output.1) }, "\(text)")
        // The line named is the block's first in the chapter's code as kata writes it for the editor, which holds no
        // mutant, hint or solution (the chapter's Markdown does).
        let code = try #require(EditorSetup(workspace: workspace).chapterCode(of: exercise).text)
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[line - 1] == "/// A value that tells its observers.")
        #expect(!text.contains("func helper1"), "the long block is not printed")
        #expect(text.contains("    protocol Short {}"), "a short support block is shown as it is")
        #expect(text.contains("    final class BindSpec: QuickSpec {"), "the spec is always shown")
        #expect(text.hasPrefix("Read the support code first."))
    }

    /// The bundled workbook, at the root of this repository.
    static let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("in Chinese, the folded support code's line is Chinese too")
    func foldedInChinese() throws {
        let chinese = try #require(Language(code: "zh-Hans"))
        let workspace = try Workspace(root: Self.bundled, displayBase: Self.bundled, language: chinese)
        let text = PromptText(workspace: workspace, style: TerminalStyle(color: false, width: 10_000))
            .render(try workspace.exercise("reactive-binding"))
        #expect(text.contains("辅助代码（78 行，和你的文件一起编译）：`Observable`、`combineLatest`、"), "\(text)")
        #expect(text.contains("完整代码见 .kata/editor/reactive-view-models/reactive-binding.chapter.swift:"))
        #expect(!text.contains(".md:"), "never the chapter's Markdown, which holds the mutants and hints")
        #expect(!text.contains("Support code"), "no English words in the line")
    }

    /// Words by which a prompt can point at the chapter's text around it, which `kata next` does not show.
    static let pointers = [
        "above", "earlier", "previous", "this section", "the same test", "上面", "上文", "前面", "本节开头", "上一节", "上一个",
    ]
    /// The places in the bundled prompts where such a word is read and right: it points inside the prompt ("the
    /// two details above" follow a paragraph that gives them), or it is not a pointer at all ("above 2000 g").
    static let reviewed: [String: [String]] = [
        "kiwi-let-postage": ["above 2000 g"],
        "quick-matchers": ["above zero"],
        "ocmock-app-delegate": ["exactly like the story above", "要是前面的天气预报", "和上面的故事一模一样"],
        "reactive-binding": ["the two details above", "记住上面那两个细节"],
        "tdd-vague-download-test": ["the behaviour described above", "上面描述的一条行为"],
        "xctest-interop-trap": ["every behaviour described above"],
        "tdd-team-red-green": ["前面那个球队的故事（新组建的球队有名字"],
        "capstone-pricing": ["在它上面继续开发"],
        "capstone-waiting-list": ["最前面的参观者"],
    ]

    @Test("every bundled prompt stands on its own: it points at no text that kata next does not show")
    func bundledPromptsStandAlone() throws {
        var found: [String] = []
        for code in ["en", "zh-Hans"] {
            let language = try #require(Language(code: code))
            let workspace = try Workspace(root: Self.bundled, displayBase: Self.bundled, language: language)
            let prompts = PromptText(workspace: workspace, style: TerminalStyle(color: false, width: 10_000))
            for exercise in workspace.workbook.exercises {
                var text = prompts.render(exercise).replacingOccurrences(of: "\n", with: " ")
                for phrase in Self.reviewed[exercise.id] ?? [] {
                    text = text.replacingOccurrences(of: phrase, with: "")
                }
                for pointer in Self.pointers {
                    guard let place = text.range(of: pointer, options: .caseInsensitive) else { continue }
                    let around = text[..<place.lowerBound].suffix(40) + text[place.lowerBound...].prefix(30)
                    found.append("\(code) \(exercise.id): …\(around)…")
                }
            }
        }
        #expect(
            found.isEmpty, "say it in the prompt, or add the phrase to `reviewed`:\n\(found.joined(separator: "\n"))")
    }
}
