import Foundation
import KataTestSupport
import Testing

@testable import KataBasics
@testable import KataMarkdownLimits
@testable import KataWorkbook

/// Thousands of chapters pieced together from the fragments that trip Markdown parsers: every one must load to a
/// workbook or to diagnostics at a file and line, and never crash or hang kata.
@Suite("Markdown fuzzing")
struct MarkdownFuzzTests {
    static let fragments: [String] = [
        "# Title\n", "## Part\n", "```swift\n", "```\n", "~~~\n", "````swift starter id=a\n", "```swift spec id=a\n",
        "```hint id=a\n", "```swift mutant id=a name=m\n", "> ", ">>>>>>>> ", "- ", "  - ", "1. ", "1) ", "* ",
        "| a | b |\n", "|---|:-:|\n", "|", "-|", "[link](", "](x)", "![img", "**", "__", "~~", "`", "``", "<a ", "<!--",
        "-->", "&#", "&amp;", "www.", "a@b", "\\", "\t", "    ", "\n", "\n\n", "\r\n", "é", "\u{202E}", "\u{1B}[2J",
        "id=", "name=\"", "note=\"q", "timeout=0", "kind=odd", "x", "func f() {}\n",
        // What cmark-gfm 0.29 reads again and again, and lines that only look like fences.
        "a <? ", "a <!A ", "a <![CDATA[ ", "![[]() ", "*a ", "_a*_ ", "[ (](", "-|-\n", "| | | ", "www.a)", "``` a`b\n",
        "    ```\n", "> ```\n", "\t```\n", "```hint id=a\n", "<div>\n", "<!--\n", "\r", "\u{0}", "\u{FEFF}",
        // Link reference definitions and their uses, and words the autolink extension reads again for each mark.
        "[a]: <x x ", "[a]: /u \"t ", "t\"\n", ">\n", "[A]: ", "\n[a]\n\n", "[a][] ", "![A] ", "[t][a] ", "| [a] |",
        "> [a]: /u\n", "- [a]: ", "[ss]: /u\n", "[ẞ] ", "a@", "@-", "www._", "http://a.b<", "a\\@", "x@x.x",
    ]

    /// A chapter that uses one link reference definition many times, in one of the shapes cmark-gfm copies: with
    /// the definition's line, the number of uses, and the bytes the definition's text holds.
    static func referenceChapter(
        using generator: inout SeededRandom
    ) -> (text: String, definitionLine: Int, uses: Int, bytes: Int) {
        let words = String(repeating: "xxxxxxx ", count: Int.random(in: 1...400, using: &generator))
        let title = "\"" + words + "\""
        let definitions = [
            "[a]: <\(words)>", "[a]: /u \(title)", "[a]: /u\n\(title)", "[a]: /u (\(words))",
            "[a]: /u '\(words)\n\(words)'", "> [a]:\n> <\(words)>", "- [a]: /u\n  \(title)", "[A\nB]: <\(words)>",
        ]
        let uses = ["[a]", "[A][]", "![a]", "[text][A]", "| x |\n| - |\n| [a] |", "> [a]", "- ![A]", "1. [a]"]
        let definition = definitions.randomElement(using: &generator)!
        var use = uses.randomElement(using: &generator)!
        if definition.hasPrefix("[A\nB]") { use = use.replacingOccurrences(of: "[a]", with: "[a b]") }
        if definition.hasPrefix("[A\nB]") { use = use.replacingOccurrences(of: "[A]", with: "[A B]") }
        let count = Int.random(in: 1...1_000, using: &generator)
        let usesText = Array(repeating: use, count: count).joined(separator: "\n\n")
        if Bool.random(using: &generator) {
            return ("# T\n\n\(definition)\n\n\(usesText)\n", 3, count, (words.utf8.count + 8) * 2)
        }
        let line = 3 + usesText.utf8.count { $0 == UInt8(ascii: "\n") } + 2
        return ("# T\n\n\(usesText)\n\n\(definition)\n", line, count, (words.utf8.count + 8) * 2)
    }

    /// Lines of one long word full of what cmark-gfm's autolink extension reads on from (`@`, `www.`, `://`) or of
    /// characters that extend an address or a domain.
    static func autolinkChapter(using generator: inout SeededRandom) -> String {
        let units = [
            "a@", "@-", "a@_", "a@.", "x@x.x", "a\\@", "www._", "http://a.b<", "www.a.b<", ".", "_", "-", "a.b-c_",
        ]
        let unit = units.randomElement(using: &generator)!
        let word = String(String(repeating: unit, count: 4_096 / unit.utf8.count).utf8.prefix(4_096))!
        let lines = Array(repeating: word, count: Int.random(in: 1...255, using: &generator))
        return "# T\n\n" + lines.joined(separator: Bool.random(using: &generator) ? "\n" : "\n\n")
    }

    /// Each chapter the limits let through is parsed within a budget of CPU time far above what the worst one takes
    /// (see ``MarkdownLimitsTests``), so a stalling chapter that slips through fails the test instead of hanging it.
    @Test("random chapters load or are refused with a located diagnostic, and none stalls the parser")
    func randomChapters() throws {
        var generator = SeededRandom(seed: 0x5eed)
        for round in 0..<400 {
            var text = round.isMultiple(of: 3) ? "" : "# Chapter \(round)\n\n"
            if round % 10 == 7 {
                text = Self.autolinkChapter(using: &generator)
            } else {
                let pieces = Int.random(in: 1...80, using: &generator)
                for _ in 0..<pieces {
                    let fragment = Self.fragments.randomElement(using: &generator)!
                    let repeats =
                        Int.random(in: 0...9, using: &generator) == 0 ? Int.random(in: 1...5_000, using: &generator) : 1
                    text += String(repeating: fragment, count: repeats)
                }
            }
            var accepted = false
            let seconds = cpuSeconds { accepted = (try? MarkdownParser.parse(text, limits: MarkdownLimits())) != nil }
            #expect(!accepted || seconds < 10, "round \(round): \(text.utf8.count) bytes took \(seconds) s")
            let workbook = try TestWorkbook(["chapters/01-fuzz.md": text])
            for diagnostic in workbook.diagnostics() {
                #expect(
                    diagnostic.hasPrefix("chapters/01-fuzz.md:") || diagnostic.hasPrefix("chapters:"), "\(diagnostic)")
            }
            try? FileManager.default.removeItem(at: workbook.root)
        }
    }

    /// A definition used many times is read while its links copy at most what the limit lets them, each link with
    /// the definition's text, and is refused at its line otherwise.
    @Test("chapters that use a long link reference definition many times are bounded or refused at the definition")
    func referenceChapters() throws {
        var generator = SeededRandom(seed: 0x11_4C5)
        let limits = MarkdownLimits()
        var refused = 0
        for round in 0..<150 {
            let chapter = Self.referenceChapter(using: &generator)
            do {
                let document = try MarkdownParser.parse(chapter.text, limits: limits)
                var links = 0
                var copied = 0
                func visit(_ node: MarkdownNode) {
                    switch node.kind {
                    case .link(let url, let title), .image(let url, let title):
                        links += 1
                        copied += url.utf8.count + title.utf8.count
                    default: break
                    }
                    node.children.forEach(visit)
                }
                visit(document)
                #expect(links == chapter.uses, "round \(round): \(chapter.text.prefix(200).debugDescription)")
                #expect(copied <= limits.referenceCopies, "round \(round): \(copied) bytes copied")
            } catch {
                refused += 1
                #expect(chapter.uses * chapter.bytes > limits.referenceCopies / 2, "round \(round): \(error.message)")
                #expect(error.line == chapter.definitionLine, "round \(round): \(error.message)")
                #expect(error.message.hasPrefix("this link reference definition is"), "round \(round)")
            }
        }
        #expect(refused > 30 && refused < 120, "\(refused) of 150 refused")
    }
}

/// A small deterministic generator (SplitMix64), so a failure can be replayed.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
