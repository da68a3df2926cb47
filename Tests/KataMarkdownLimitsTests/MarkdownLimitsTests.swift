import Foundation
import Testing

@testable import KataBasics
@testable import KataMarkdownLimits
@testable import KataWorkbook

@Suite("Markdown limits")
struct MarkdownLimitsTests {
    let limits = MarkdownLimits()

    private func problem(_ text: String) -> MarkdownLimits.Problem? {
        do {
            _ = try MarkdownParser.parse(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test("inputs that make cmark-gfm slow are refused at their line, before it parses them")
    func pathological() {
        let wide =
            "# T\n\n|" + String(repeating: "a|", count: 100) + "\n|" + String(repeating: "-|", count: 100) + "\n|x\n"
        #expect(problem(wide)?.line == 3)
        #expect(problem(wide)?.message.contains("100 columns") == true)
        let long = "# T\n\n|a|b|\n|-|-|\n" + String(repeating: "|x|y|\n", count: 12_000)
        #expect(problem(long)?.message.contains("more than 20000 cells") == true)
        let many = "# T\n\n" + String(repeating: "|a|b|c|d|\n|-|-|-|-|\n|x|y|z|w|\n\n", count: 5_000)
        #expect(problem(many)?.message.contains("in all") == true)
        #expect(problem("# T\n\n" + String(repeating: ">", count: 40) + " deep\n")?.line == 3)
        let list = (0..<300).map { String(repeating: "  ", count: $0) + "- x" }.joined(separator: "\n")
        #expect(problem("# T\n" + list)?.message.contains("indented more than 256") == true)
        #expect(problem("# T\n\n" + String(repeating: "a@", count: 5_000))?.message.contains("without a space") == true)
        #expect(problem(String(repeating: "x ", count: 600_000))?.message.contains("bytes; kata reads") == true)
        #expect(problem(String(repeating: "a *b* c\n\n", count: 60_000))?.message.contains("Markdown elements") == true)
        // One paragraph of the same is costly already: cmark-gfm matches its emphasis again and again.
        #expect(problem(String(repeating: "a *b* c\n", count: 60_000))?.message.contains("'*' most often") == true)
    }

    /// Runs on which cmark-gfm 0.29 reads to the end of the paragraph again and again (its pathological tests, and
    /// what a hostile chapter tried): refused by the pre-scan alone, at the paragraph, naming the character.
    @Test(
        "markup that never closes is refused at its paragraph",
        arguments: [
            ("a <? ", "'<'"), ("a <!A ", "'<'"), ("a <![CDATA[ ", "'['"), ("![[]() ", "'['"), ("[a](<b ", "'<'"),
            ("_a ", "'_'"), ("a] ", "']'"), ("*a **a ", "'*'"), ("~~a ", "'~'"), ("`a ``b ", "'`'"),
        ])
    func unclosedMarkup(unit: String, character: String) throws {
        let text = "# T\n\nFine.\n\n" + String(repeating: unit, count: 200_000 / unit.utf8.count) + "\n\nAfter.\n"
        let refused = try #require(limits.problem(in: text))
        #expect(refused.line == 5)
        #expect(refused.message.contains("most often"))
        #expect(refused.message.contains(character))
        #expect(refused.message.contains("Split it with blank lines"))
    }

    @Test("emphasis that cannot match, and delimiter rows under a long paragraph, are refused")
    func emphasisAndDelimiterRows() throws {
        let emphasis = String(repeating: "*a ", count: 30_000) + String(repeating: "_a*_ ", count: 30_000)
        #expect(limits.problem(in: "# T\n\n" + emphasis)?.line == 3)
        let rows = "# T\n\nText\n" + String(repeating: "-|-\n-|-|-\n", count: 2_000)
        let refused = try #require(limits.problem(in: rows))
        #expect(refused.line == 3)
        #expect(refused.message.contains("look like a table's delimiter row"))
        #expect(refused.message.contains("Put a blank line before each table"))
    }

    @Test("many paragraphs under the paragraph limit are refused together, past the file's")
    func fileCost() throws {
        let paragraph = String(repeating: "a <? ", count: 3_000)
        #expect(limits.problem(in: paragraph) == nil)
        let refused = try #require(limits.problem(in: Array(repeating: paragraph, count: 60).joined(separator: "\n\n")))
        #expect(refused.message.contains("the paragraphs of this file"))
    }

    @Test("a table row with thousands of cells is refused, in a table or not")
    func wideRows() throws {
        let row = String(repeating: "| ", count: 5_000)
        #expect(limits.problem(in: "# T\n\n|a|\n|-|\n" + row)?.line == 5)
        #expect(limits.problem(in: "# T\n\n" + row)?.message.contains("'|'") == true)
        // Rows count their own cells: a one-column table whose rows have 100 cells each.
        let wide = "|a|\n|-|\n" + String(repeating: String(repeating: "|x", count: 100) + "\n", count: 300)
        #expect(limits.problem(in: wide)?.message.contains("more than 20000 cells") == true)
        // A table whose header has no pipe is a table too.
        let headerless = "a\n|-\n" + String(repeating: String(repeating: "|x", count: 100) + "\n", count: 300)
        #expect(limits.problem(in: headerless)?.message.contains("more than 20000 cells") == true)
    }

    /// A line that only looks like a fence must not shelter what follows it, and a fence shelters nothing either.
    @Test(
        "after a fence cmark does not open, and inside a fence, the limits hold",
        arguments: [
            "``` swift `x`\n", "    ```\n", "> ```\n\n", "- item\n\n      ```\n", "<div>\n```\n</div>\n\n", "```\n",
            "~~~\n", "```hint id=a\n",
        ])
    func fences(opening: String) throws {
        let rows = "|a|\n|-|\n" + String(repeating: "| ", count: 2_000) + "\n"
        #expect(limits.problem(in: "# T\n\n" + opening + rows) != nil)
        let html = String(repeating: "a <? ", count: 40_000)
        #expect(limits.problem(in: "# T\n\n" + opening + html)?.message.contains("'<'") == true)
    }

    @Test("long words: free in code unless they could be links; limited in prose, in hints and after a false fence")
    func words() {
        let long = String(repeating: "z", count: 6_000)
        #expect(limits.problem(in: "```swift\nlet s = \"\(long)\"\n```\n") == nil)
        #expect(limits.problem(in: "~~~\n\(long)\n~~~\n") == nil)
        #expect(limits.problem(in: "```\nwww.a" + String(repeating: ")", count: 6_000) + "\n```\n") != nil)
        #expect(limits.problem(in: "```\nhttp://" + long + "\n```\n") != nil)
        #expect(limits.problem(in: "```hint id=a\n\(long)\n```\n")?.line == 2)
        #expect(limits.problem(in: "``` a`b\n\(long)\n```\n")?.line == 2)
        #expect(limits.problem(in: "    ```\n\(long)\n```\n")?.line == 2)
        #expect(limits.problem(in: "> ```\n\(long)\n")?.line == 2)
    }

    @Test("code blocks may hold long lines and pipes; ordinary tables and lists pass")
    func ordinary() {
        let fine = """
            # T

            | a | b |
            | :-- | --: |
            | 1 | 2 |

            - one
              - two
                > quoted

            ```swift
            let s = "\(String(repeating: "z", count: 6_000))"
            let t = a || b
            ```
            """
        #expect(problem(fine) == nil)
        // A long table of code, whose rows cmark reads one by one.
        let table =
            "| Kiwi | Nimble |\n| --- | --- |\n"
            + String(
                repeating: "| `[[x should] equal:@1]` | `expect(x).to(equal(1))` with <T> and *emphasis* |\n",
                count: 3_000)
        #expect(limits.problem(in: table) == nil)
    }

    @Test("every bundled chapter and translation is well inside the limits")
    func bundled() throws {
        let chapters = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("chapters")
        let files = try FileManager.default.subpathsOfDirectory(atPath: chapters.path).filter { $0.hasSuffix(".md") }
        #expect(files.count >= 24)
        var strict = MarkdownLimits()
        strict.paragraphCost /= 50
        strict.fileCost /= 50
        strict.autolinks /= 50
        strict.referenceCopies /= 50
        for name in files {
            let text = try String(contentsOf: chapters.appendingPathComponent(name), encoding: .utf8)
            #expect(strict.problem(in: text) == nil, "\(name)")
        }
    }

    /// Inputs just inside the limits, built from the costliest units: cmark-gfm parses each in well under a second.
    /// The budget is CPU time of this thread and fifty times what a loaded machine takes, so it cannot flake; a
    /// limit set too high (or a family the pre-scan does not count) fails it by minutes, not by milliseconds.
    @Test("the costliest inputs the limits let through parse within a generous budget")
    func worstAccepted() throws {
        for unit in ["a <? ", "a <!A ", "a <![CDATA[ ", "![[]() ", "*a _a*_ ", "[ (](", "-|-\n-|-|-\n"] {
            var count = 1
            let paragraph = { (count: Int) in "x\n" + String(repeating: unit, count: count) }
            while limits.problem(in: paragraph(count * 2)) == nil, count < 1 << 20 { count *= 2 }
            let one = paragraph(count)
            var paragraphs = 1
            func text(_ count: Int) -> String { Array(repeating: one, count: count).joined(separator: "\n\n") }
            while limits.problem(in: text(paragraphs * 2)) == nil, paragraphs * one.utf8.count < limits.bytes / 2 {
                paragraphs *= 2
            }
            let text = text(paragraphs)
            let seconds = try cpuSeconds { _ = try MarkdownParser.parse(text, limits: limits) }
            #expect(seconds < 10, "\(unit.debugDescription): \(text.utf8.count) bytes took \(seconds) s")
        }
    }
}

/// The CPU time this thread spends in `body`, in seconds.
func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    try body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}
