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
    ]

    @Test("random chapters load or are refused with a located diagnostic")
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
