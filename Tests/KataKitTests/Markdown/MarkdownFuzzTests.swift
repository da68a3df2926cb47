import Foundation
import Testing

@testable import KataKit

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
    ]

    /// Each chapter the limits let through is parsed within a budget of CPU time far above what the worst one takes
    /// (see ``MarkdownLimitsTests``), so a stalling chapter that slips through fails the test instead of hanging it.
    @Test("random chapters load or are refused with a located diagnostic, and none stalls the parser")
    func randomChapters() throws {
        var generator = SeededRandom(seed: 0x5eed)
        for round in 0..<400 {
            var text = round.isMultiple(of: 3) ? "" : "# Chapter \(round)\n\n"
            let pieces = Int.random(in: 1...80, using: &generator)
            for _ in 0..<pieces {
                let fragment = Self.fragments.randomElement(using: &generator)!
                let repeats =
                    Int.random(in: 0...9, using: &generator) == 0 ? Int.random(in: 1...5_000, using: &generator) : 1
                text += String(repeating: fragment, count: repeats)
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
