import Foundation
import KataTestSupport
import Testing

@testable import KataApp

/// The code shown next to a message: a line of a chapter or of the learner's file, or the block an example starts.
@Suite("Source text beside messages")
struct SourceTextTests {
    static let chapter = """
        # Counting

            describe("counter") {
                it("starts at zero") { expect(Counter().value).to(equal(0)) }
                it("counts up") {
                    var counter = Counter()
                    counter.increment()
                    expect(counter.value).to(equal(1))
                }
            }
        """

    let folder: TestFolder
    let source: SourceText

    init() throws {
        folder = try TestFolder([
            "chapters/01-counting.md": Self.chapter,
            "exercises/counting/counter.swift": "let counter = Counter()\n",
            "exercises/counting/open.swift": "it(\"never closes\") {\n"
                + (1...100).map { "    line\($0)()" }.joined(separator: "\n"),
        ])
        source = SourceText(root: folder.root)
    }

    @Test("a line is found by its 1-based number; a number outside the file, or a missing file, gives nothing")
    func lines() {
        #expect(source.line(1, of: "chapters/01-counting.md") == "# Counting")
        #expect(source.line(4, of: "chapters/01-counting.md")?.hasPrefix("        it(\"starts at zero\")") == true)
        #expect(source.line(1, of: "exercises/counting/counter.swift") == "let counter = Counter()")
        #expect(source.line(0, of: "chapters/01-counting.md") == nil)
        #expect(source.line(11, of: "chapters/01-counting.md") == nil)
        #expect(source.line(1, of: "chapters/02-missing.md") == nil)
    }

    @Test("an example's block runs to the brace that closes it, without the indentation it had in the chapter")
    func block() {
        #expect(
            source.block(at: 5, of: "chapters/01-counting.md") == """
                it("counts up") {
                    var counter = Counter()
                    counter.increment()
                    expect(counter.value).to(equal(1))
                }
                """)
        #expect(
            source.block(at: 4, of: "chapters/01-counting.md")
                == "it(\"starts at zero\") { expect(Counter().value).to(equal(0)) }")
        #expect(source.block(at: 99, of: "chapters/01-counting.md") == nil)
    }

    @Test("a block whose brace never closes is cut at 60 lines")
    func unclosedBlock() throws {
        let block = try #require(source.block(at: 1, of: "exercises/counting/open.swift"))
        let lines = block.split(separator: "\n")
        #expect(lines.count == 60)
        #expect(lines.first == "it(\"never closes\") {")
        #expect(lines.last == "    line59()")
    }

    @Test("a learner's file is never read through a symbolic link, and an absolute path is read as it is")
    func links() throws {
        let outside = try TestFolder(["secret.txt": "the secret\n"])
        let secret = outside.root.appendingPathComponent("secret.txt")
        try FileManager.default.createSymbolicLink(
            at: folder.root.appendingPathComponent("exercises/counting/linked.swift"), withDestinationURL: secret)
        #expect(source.line(1, of: "exercises/counting/linked.swift") == nil)
        #expect(source.line(1, of: secret.path) == "the secret")
    }
}
