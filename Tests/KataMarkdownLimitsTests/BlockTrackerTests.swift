import Foundation
import Testing

@testable import KataBasics
@testable import KataMarkdownLimits
@testable import KataWorkbook

/// The pre-scan's idea of which lines are fenced code must be cmark-gfm's: a line it takes for code while cmark
/// reads it as Markdown escapes the limits on words.
@Suite("Block tracker")
struct BlockTrackerTests {
    /// The lines of `text` that the tracker and cmark take for fence openings and for fenced code.
    struct Fences: Equatable, CustomStringConvertible {
        var openings: [Int] = []
        var content: [Int] = []

        var description: String { "openings \(openings), content \(content)" }
    }

    static func tracked(_ text: String) -> Fences {
        var text = text
        return text.withUTF8 { bytes in
            var tracker = BlockTracker()
            var fences = Fences()
            for (index, range) in MarkdownLines.ranges(bytes).enumerated() {
                switch tracker.read(bytes, range) {
                case .fenceOpening: fences.openings.append(index + 1)
                case .fenceContent: fences.content.append(index + 1)
                case .fenceClosing, .other: break
                }
            }
            return fences
        }
    }

    static func parsed(_ text: String) -> Fences {
        var fences = Fences()
        func visit(_ node: MarkdownNode) {
            if case .codeBlock(_, fenced: true) = node.kind {
                fences.openings.append(node.startLine)
                let lines = node.literal.utf8.count { $0 == UInt8(ascii: "\n") }
                fences.content += (0..<lines).map { node.startLine + 1 + $0 }
            }
            node.children.forEach(visit)
        }
        visit(MarkdownParser.parse(text))
        fences.openings.sort()
        fences.content.sort()
        return fences
    }

    @Test(
        "what opens and closes a fence, as CommonMark says",
        arguments: [
            ("```swift\ncode\n```\ntext", [1], [2]),
            ("``` swift `x`\n|a|\n```", [3], []),
            ("~~~ swift `x`\ncode\n~~~", [1], [2]),
            ("    ```\n    code\n\ntext", [], []),
            ("   ```\ncode\n   ```", [1], [2]),
            ("````\n```\ncode\n````", [1], [2, 3]),
            ("```\ncode\n``` x\nmore\n```", [1], [2, 3, 4]),
            ("```\ncode\n~~~\n```", [1], [2, 3]),
            ("> ```\n> code\ntext\n```", [1, 4], [2]),
            ("- item\n\n  ```\n  code\n  ```\n", [3], [4]),
            ("- item\n\n      ```\n      code\n", [], []),
            ("1. ```\n   code\n   ```", [1], [2]),
            ("<div>\n```\n</div>\n\ntext", [], []),
            ("<!--\n```\n-->\n```\ncode\n```", [4], [5]),
            ("a\n```\nb\n```", [2], [3]),
            ("\t```\ncode", [], []),
            ("```hint id=a\n**bold**\n```", [1], [2]),
        ])
    func cases(text: String, openings: [Int], content: [Int]) {
        let expected = Fences(openings: openings, content: content)
        #expect(Self.parsed(text) == expected, "cmark-gfm reads \(text.debugDescription) differently")
        #expect(Self.tracked(text) == expected, "\(text.debugDescription)")
    }

    static let fragments: [String] = [
        "```", "````", "~~~", "```swift", "``` a`b", "~~~ a`b", "```hint id=a", "    ```", "   ```", "\t```", "> ", ">",
        "- ", "* ", "1. ", "2) ", "  ", "    ", "\t", "text", "# heading", "---", "===", "***", "|a|b|", "|-|-|",
        "<div>",
        "</div>", "<!--", "-->", "<pre>", "</pre>", "<?", "?>", "<!X", "<a href=\"x\">", "<![CDATA[", "]]>", "[r]: /u",
        "a|b", "-|-", " ", "\u{FEFF}", "- ```", "> - ```", "1) ```", "-\t```", ">\t```", "   - ", "     ", "10. ",
        "*\t", "> > ", ">>", "-", "``` ", "  ~~~", "<script>", "</script>", "<PRE>", "<!-- x -->", "<!DOCTYPE html>",
        "<b c=\"d\">", "</p>", "<hr/>", ":-:", "## x", "- - -", "=", "[a]: <b> 't'", "\u{0B}", "\t\t", "-  ",
        "1.  ", " >", "\t>", "*", "`", "<", "2.", " \t ",
    ]

    @Test("on random documents the tracker finds the fences cmark-gfm finds")
    func agreesWithCmark() {
        var generator = SeededRandom(seed: 0xFE4CE)
        var disagreements: [String] = []
        for _ in 0..<4_000 {
            let lines = (0..<Int.random(in: 1...14, using: &generator)).map { _ in
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    Self.fragments.randomElement(using: &generator)!
                }.joined()
            }
            let text = lines.joined(separator: ["\n", "\r\n", "\r"].randomElement(using: &generator)!)
            if Self.tracked(text) != Self.parsed(text) { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) documents, the first: \(disagreements.prefix(3))")
    }

    @Test("the bundled chapters' fences are cmark-gfm's")
    func bundled() throws {
        let chapters = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("chapters")
        let files = try FileManager.default.subpathsOfDirectory(atPath: chapters.path).filter { $0.hasSuffix(".md") }
        #expect(files.count >= 24)
        for name in files {
            let text = try String(contentsOf: chapters.appendingPathComponent(name), encoding: .utf8)
            #expect(Self.tracked(text) == Self.parsed(text), "\(name)")
        }
    }
}
