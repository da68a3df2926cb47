import Testing

@testable import KataApp
@testable import KataBasics

/// The one line the room counts a failure by: places out, spacing squeezed, whatever the failure says.
@Suite("Failure line, read once")
struct FailureLinePlacesTests {
    /// The pattern places were once taken out with, which read a long word once for each of its positions: what it
    /// did on short texts is what the line must still be.
    static func withPattern(_ text: String) -> String {
        var line = text.replacing(/[^\s:]+\.(swift|md):\d+(:\d+)?:?\s*/, with: "")
        line = line.replacing(/\s+/, with: " ").trimmingCharacters(in: .whitespaces)
        return line
    }

    @Test(
        "places are taken out as the pattern took them out",
        arguments: [
            "exercises/a/b.swift:3:5: error: cannot find 'x' in scope",
            "compile error: chapters/01-kiwi.md:41:5: error: unknown role",
            "at exercises/a/b.swift:12 and Sources/x.swift:3:4:rest",
            "a.swift:12b.swift:3 c.md:1:",
            "b.swift: no line; .swift:3 no name; x.md:: nothing; x.mdown:3 other",
            "  spaced \t out\n\nlines  ",
            "crashed: Fatal error: boom (at exercises/c/d.swift:7)",
            "ünïcode/пример.swift:٣:4: digits of another script",
            "dir with space/a.swift:1: name cut at the space",
            "",
        ])
    func samePlaces(text: String) {
        #expect(FailureLine.normalize(text) == Self.withPattern(text))
    }

    @Test("a long word is kept, cut to the line's limit")
    func longWord() {
        let word = String(repeating: "a", count: 100_000)
        let line = FailureLine.normalize("crashed: " + word + ".swift:1: " + word)
        #expect(line == "crashed: " + String(repeating: "a", count: FailureLine.limit - 10) + "…")
    }
}
