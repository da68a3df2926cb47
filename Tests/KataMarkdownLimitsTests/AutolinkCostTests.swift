import Foundation
import KataTestSupport
import Testing

@testable import KataBasics
@testable import KataMarkdownLimits
@testable import KataWorkbook

/// cmark-gfm's autolink extension reads on from every `@`, `www.` and `://` through the address or domain after it, so
/// a word full of them costs it the square of its length: the pre-scan bounds the sum over a file.
@Suite("Autolink cost")
struct AutolinkCostTests {
    let limits = MarkdownLimits()

    /// The autolink cost the pre-scan counts for one line.
    static func cost(_ line: String) -> Int {
        var line = line
        return line.withUTF8 { LineScan($0, 0..<$0.count).autolinkCost }
    }

    @Test("the 1 MiB chapter of e-mail addresses that took 1.65 s is refused at its third line")
    func emailLines() throws {
        let text = String(repeating: String(repeating: "a@", count: 2_048) + "\n", count: 255)
        #expect(text.utf8.count == 1_044_735)
        let refused = try #require(limits.problem(in: text))
        #expect(refused.line == 3)
        #expect(
            refused.message
                == "the words of this file up to this line that hold '@', 'www.' or '://' cost cmark-gfm's autolink "
                + "extension 25165824 (each of those, times the length of its word); kata reads files of up to "
                + "20000000. Break long words that hold them with spaces")
    }

    @Test("a chapter of such words is refused with its file and line")
    func diagnostic() throws {
        let text =
            "# Chapter\n\nIntro.\n\n" + String(repeating: String(repeating: "www._", count: 800) + "\n\n", count: 20)
        let workbook = try TestWorkbook(["chapters/01-links.md": text])
        defer { try? FileManager.default.removeItem(at: workbook.root) }
        let diagnostics = workbook.diagnostics()
        #expect(diagnostics.count == 1)
        #expect(
            diagnostics.first?.hasPrefix(
                "chapters/01-links.md:17:1: error: the words of this file up to this line that hold '@'") == true,
            "\(diagnostics)")
    }

    /// Words that cmark-gfm 0.29 reads again for each mark in them (measured: 0.3 to 4 s for a file of them without
    /// the limit): each is refused within the first few of its lines.
    @Test(
        "words of e-mail addresses, www. and URL starts are refused",
        arguments: ["a@", "@-", "a@-", "a@_", "a@.", "-@", "w@", "a@a.", "x@x.x", "a\\@", "www._", "http://a.b<"])
    func refused(unit: String) throws {
        let word = String(String(repeating: unit, count: 4_096 / unit.utf8.count + 1).utf8.prefix(4_096))!
        let text = "# T\n\n" + String(repeating: word + "\n\n", count: 200)
        let refused = try #require(limits.problem(in: text), "\(unit)")
        #expect(refused.line < 3 + 2 * 40, "\(unit)")
        #expect(refused.message.contains("autolink extension"))
    }

    @Test("what the autolink extension may read again is counted, and nothing else")
    func counted() {
        #expect(Self.cost("mail me@example.com or see https://www.example.com now") == 14 + 2 * 23)
        #expect(Self.cost("a@b@c d") == 2 * 5)
        #expect(Self.cost("\tab\\@c") == 5)
        #expect(Self.cost("www.a www.b") == 5 + 5)
        #expect(Self.cost("WWW.a ww.a w:/ a\\://b") == 0)
        #expect(Self.cost(String(repeating: "x", count: 5_000)) == 0)
        #expect(Self.cost(String(repeating: "中文", count: 1_000)) == 0)
    }

    @Test("ordinary addresses, URLs and Objective-C literals are far from the limit")
    func ordinary() {
        let prose = "Write to kata@example.com, or read https://github.com/Quick/Nimble and www.swift.org. "
        let code = "NSArray *a = @[@1, @2, @3]; [[theValue(x) should] equal:theValue(@5)]; @property id x;\n"
        let chinese = "请访问https://github.com/Quick/Nimble了解更多关于匹配器的内容。"
        let text =
            "# T\n\n" + String(repeating: prose + "\n", count: 500) + "\n```objc\n"
            + String(repeating: code, count: 100) + "```\n\n" + String(repeating: chinese + "\n\n", count: 500)
        #expect(limits.problem(in: text) == nil)
    }
}
