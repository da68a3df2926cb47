import Foundation
import KataTestSupport
import Testing

@testable import KataBasics
@testable import KataWorkbook

/// What a chapter can make kata print: a bounded number of diagnostics, and no terminal control.
@Suite("Chapter limits")
struct ChapterLimitsTests {
    @Test("an info string too long to read is one error at its fence")
    func longInfoString() throws {
        let words = (0..<40_000).map { "w\($0)" }.joined(separator: " ")
        let workbook = try TestWorkbook(["chapters/01-a.md": "# A\n\n```swift starter id=a \(words)\nx\n```\n"])
        let fence = workbook.diagnostics().filter { $0.hasPrefix("chapters/01-a.md:3:") }
        #expect(fence.count == 1)
        #expect(fence.first?.contains("info string is 268908 bytes; kata reads info strings of up to 1000") == true)
    }

    @Test("one info string gets five diagnostics, and a note of how many more there were")
    func wordsPerLine() throws {
        let words = (0..<100).map { "w\($0)" }.joined(separator: " ")
        let workbook = try TestWorkbook([
            "chapters/01-a.md": "# A\n\n```swift spec id=a \(words)\nx\n```\n", "solutions/a/a.swift": "",
        ])
        let fence = workbook.diagnostics().filter { $0.hasPrefix("chapters/01-a.md:3:") }
        #expect(fence.count { $0.contains(": error: unexpected word") } == 5)
        #expect(fence.last?.contains(": note: 95 more problems in this info string were left out") == true)
    }

    @Test("one file gets fifty diagnostics, and a note of how many more there were")
    func diagnosticsPerFile() throws {
        let hints = String(repeating: "```hint id=nowhere\nx\n```\n\n", count: 120)
        let workbook = try TestWorkbook(["chapters/01-a.md": "# A\n\n" + hints])
        let diagnostics = workbook.diagnostics()
        #expect(diagnostics.count == 51)
        #expect(diagnostics.last?.contains("note: 70 more problems in chapters/01-a.md were left out") == true)
    }

    @Test("terminal controls in a chapter are shown escaped: in diagnostics, titles and notes")
    func controls() throws {
        let escape = "\u{1B}[2J"
        let broken = try TestWorkbook(["chapters/01-a.md": "# A\n\n```swift starter id=a \(escape)x=1\nx\n```\n"])
        let unknown = try #require(broken.diagnostics().first { $0.contains("unknown attribute") })
        #expect(unknown.contains("unknown attribute '\\u{1B}[2Jx'"))
        #expect(!unknown.contains("\u{1B}"))

        let chapter = """
            # Title \(escape)

            ## Sum \u{202E}

            ```swift subject id=sum
            func sum(_ a: [Int]) -> Int { a.reduce(0, +) }
            ```

            ```swift starter id=sum
            ```

            ```swift mutant id=sum name=zero note="returns \(escape)zero"
            func sum(_ a: [Int]) -> Int { 0 }
            ```
            """
        let workbook = try TestWorkbook(["chapters/01-a.md": chapter, "solutions/a/sum.swift": ""]).load()
        let loaded = try #require(workbook.chapters.first)
        #expect(loaded.title == "Title \\u{1B}[2J")
        let exercise = try #require(loaded.exercises.first)
        #expect(exercise.title == "Sum \\u{202E}")
        #expect(exercise.mutants.first?.note == "returns \\u{1B}[2Jzero")

    }
}
