import Foundation
import KataTestSupport
import Testing

@testable import KataBasics
@testable import KataMarkdownLimits
@testable import KataWorkbook

/// A link reference definition is copied into every link that uses it: the pre-scan bounds those copies before
/// cmark-gfm makes them, and never counts fewer than cmark makes.
@Suite("Link references")
struct LinkReferencesTests {
    let limits = MarkdownLimits()

    /// The bytes the pre-scan says the definitions of `text` may copy.
    static func counted(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { LinkReferences.copies($0, MarkdownLines.ranges($0)).total }
    }

    /// The bytes of the destinations and titles of the links and images cmark-gfm builds from `text`.
    static func copied(_ text: String) -> (bytes: Int, links: Int) {
        var result = (bytes: 0, links: 0)
        func visit(_ node: MarkdownNode) {
            switch node.kind {
            case .link(let url, let title), .image(let url, let title):
                result.bytes += url.utf8.count + title.utf8.count
                result.links += 1
            default:
                break
            }
            node.children.forEach(visit)
        }
        visit(MarkdownParser.parse(text))
        return result
    }

    @Test("the chapter from the fuzzer that asked for over 3 GB is refused at its definition")
    func fuzzedChapter() throws {
        let text =
            "# T\n\n[a]: <" + String(repeating: String(repeating: "x", count: 99) + " ", count: 2_000) + ">\n\n"
            + String(repeating: "[a]\n\n", count: 10_000)
        let refused = try #require(limits.problem(in: text))
        #expect(refused.line == 3)
        #expect(
            refused.message.hasPrefix(
                "this link reference definition is 200002 bytes long (its destination and title), and the file has "
                    + "10001 bracketed labels that may refer to it"))
        #expect(refused.message.contains("2000220002 bytes in this file"))
        #expect(refused.message.hasSuffix("or write those links with their destination: '[text](destination)'"))
    }

    @Test("a chapter whose references copy too much is refused with its file and line")
    func diagnostic() throws {
        let title = String(repeating: "A long title. ", count: 1_500)
        let definition = "[Kiwi]: https://github.com/kiwi-bdd/Kiwi \"" + title + "\""
        let text = "# Chapter\n\nIntro.\n\n" + definition + "\n\n" + String(repeating: "See [kiwi].\n\n", count: 60)
        let workbook = try TestWorkbook(["chapters/01-refs.md": text])
        defer { try? FileManager.default.removeItem(at: workbook.root) }
        let diagnostics = workbook.diagnostics()
        #expect(diagnostics.count == 1)
        #expect(
            diagnostics.first?.hasPrefix(
                "chapters/01-refs.md:5:1: error: this link reference definition is 21035 bytes long") == true,
            "\(diagnostics)")
    }

    /// Each shape of definition, use and container that cmark-gfm resolves: one use really links (checked against
    /// cmark), and a long definition used many times is refused at the definition's line.
    @Test(
        "every way to define and use a reference is counted",
        arguments: [
            ("[a]: /{x}", "[a]"),
            ("[a]: </{x} {x}>", "[a]"),
            ("[a]: /u \"{x}\"", "[a]"),
            ("[a]: /u '{x}'", "[a]"),
            ("[a]: /u ({x})", "[a]"),
            ("[a]: /u\n\"{x}\n{x}\"", "[a]"),
            ("[a]:\n/{x}", "[a]"),
            ("[a]: <{x}\\\n{x}>", "[a]"),
            ("> [a]: /{x}", "[a]"),
            ("- [a]: /{x}", "[a]"),
            ("1. > [a]: /u\n   > \"{x}\"", "[a]"),
            ("[a\nb]: /{x}", "[A B]"),
            ("[A]: /{x}", "[a][]"),
            ("[a]: /{x}", "[text][A]"),
            ("[a]: /{x}", "![a]"),
            ("[a]: /{x}", "> [a]"),
            ("[a]: /{x}", "- [a]"),
            ("[a]: /{x}", "| x |\n| - |\n| [a] |"),
            ("[a|b]: /{x}", "| x |\n| - |\n| [a\\|b] |"),
            ("[ss]: /{x}", "[ẞ]"),
            ("[k]: /{x}", "[\u{212A}]"),
            ("[a b]: /{x}", "[a\nb]"),
            ("[a b]: /{x}", "> [a\n> b]"),
        ])
    func shapes(definition: String, use: String) throws {
        func text(_ fill: String, uses: Int) -> String {
            "# T\n\n" + definition.replacingOccurrences(of: "{x}", with: fill) + "\n\n"
                + Array(repeating: use, count: uses).joined(separator: "\n\n") + "\n"
        }
        let one = text("x", uses: 1)
        #expect(Self.copied(one).links >= 1, "cmark-gfm links nothing in \(one.debugDescription)")
        #expect(Self.counted(one) >= Self.copied(one).bytes)
        // Words of at most 4,096 bytes: a longer one is refused for its length.
        let many = text(String(repeating: "x", count: 4_000), uses: 300)
        let refused = try #require(limits.problem(in: many), "\(definition.debugDescription)")
        #expect(refused.line == 3)
        #expect(refused.message.contains("this link reference definition is"))
    }

    @Test("a definition after the byte order mark is counted")
    func byteOrderMark() throws {
        let text = "\u{FEFF}[a]: /" + String(repeating: "x", count: 4_000) + "\n\n# T\n\n"
        #expect(Self.copied(text + "[a]\n").links == 1)
        let refused = try #require(limits.problem(in: text + String(repeating: "[a]\n\n", count: 300)))
        #expect(refused.line == 1)
    }

    @Test("definitions used within the limit are read, every link with its whole destination")
    func bounded() throws {
        let destination = "/" + String(repeating: "d", count: 999)
        let text = "# T\n\n[a]: \(destination)\n\n" + String(repeating: "[a] and ![A]\n\n", count: 250)
        let document = try MarkdownParser.parse(text, limits: limits)
        var links = 0
        var images = 0
        func visit(_ node: MarkdownNode) {
            if case .link(destination, "") = node.kind { links += 1 }
            if case .image(destination, "") = node.kind { images += 1 }
            node.children.forEach(visit)
        }
        visit(document)
        #expect(links == 250)
        #expect(images == 250)
        #expect(Self.counted(text) == 501 * 1_000)
    }

    @Test("references in an ordinary chapter, beside Objective-C brackets, are far from the limit")
    func ordinary() throws {
        let code = String(repeating: "[[theValue(x) should] equal:theValue(2)];\n", count: 200)
        let text = """
            # Matchers

            Read [Kiwi's wiki][kiwi] and [Nimble]; [kiwi] again.

            ```objc
            \(code)```

            [kiwi]: https://github.com/kiwi-bdd/Kiwi/wiki "Kiwi's wiki"
            [Nimble]: https://github.com/Quick/Nimble
            """
        #expect(limits.problem(in: text) == nil)
        #expect(Self.counted(text) < 1_000)
    }

    static let fragments: [String] = [
        "[a]: /aaaa", "[A]: <b b b>", "[a]:", "/u", "<x y z>", "<x\\", "\"ti", "tle\"", "'t'", "(t)", "[ss]: /ssss",
        "[ẞ]", "[ß]", "[\u{212A}]", "[k]: /kkkkkk", "[a b]: /ab", "[a", "b]", "[a|b]: /pipe", "[a\\|b]", "[x\\]]: /e",
        "[x\\]]", " ", "\t", "> ", "- ", "1. ", "    ", "|", "|-|", "| - |", "`", "\\", "<", ">", "\"", "'", "(", ")",
        "![a]", "[a][]", "[t][a]", "[a]", "[A]", "[ a ]", "# h", "```", "x", "\u{FEFF}", "[b]: /bb 'title'", "[b]",
        "[B][]", "- [b]: /b", "> [ss]:", "\"long title\"", "[", "]", "]:", "[k]", "===", "---", "<div>", "~~~",
        "[a]: /u \"ti", "[b]: /v (t", "t)", "[k]: /w 'ti", "le'", "[A]: <x\\", "y>", "\"", "> \"", "  'x'",
        "[ss]: <s s",
        "2. ", "    > ", "\\\"", "\\(", "\\)", "\\'", "* ", "+ ", "\\\\", ">>",
    ]

    @Test("on random documents the pre-scan counts at least what cmark-gfm copies")
    func neverBelowCmark() {
        var generator = SeededRandom(seed: 0x11A6)
        var below: [String] = []
        var linked = 0
        for _ in 0..<4_000 {
            let lines = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    Self.fragments.randomElement(using: &generator)!
                }.joined()
            }
            let text = lines.joined(separator: ["\n", "\r\n", "\r"].randomElement(using: &generator)!)
            // Inline links copy their own text, not a definition's.
            if text.contains("](") { continue }
            let copied = Self.copied(text)
            if copied.links > 0 { linked += 1 }
            if Self.counted(text) < copied.bytes { below.append(text) }
        }
        #expect(linked > 200)
        #expect(below.isEmpty, "\(below.count) documents, the first: \(below.prefix(3))")
    }
}
