import Foundation
import Testing

@testable import KataKit

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
        #expect(problem(String(repeating: "a *b* c\n", count: 60_000))?.message.contains("Markdown elements") == true)
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
    }

    @Test("every bundled chapter is well inside the limits")
    func bundled() throws {
        let chapters = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("chapters")
        for name in try FileManager.default.contentsOfDirectory(atPath: chapters.path) where name.hasSuffix(".md") {
            let text = try String(contentsOf: chapters.appendingPathComponent(name), encoding: .utf8)
            #expect(limits.problem(in: text) == nil, "\(name)")
        }
    }
}
