import Testing

@testable import KataBasics
@testable import KataMessages
@testable import KataTools

/// The build-time highlighter: what a reader sees coloured in Swift and Objective-C blocks.
@Suite("Syntax highlighter")
struct SyntaxHighlighterTests {
    private func kinds(_ code: String, _ language: SyntaxHighlighter.Language = .swift) -> [String] {
        SyntaxHighlighter(language: language).tokens(code).filter { $0.kind != .plain }.map {
            "\($0.kind.rawValue):\($0.text)"
        }
    }

    @Test("keywords, declarations, types, calls and numbers in Swift")
    func swiftBasics() {
        #expect(
            kinds("final class CarSpec: QuickSpec { func go() { expect(car.speed).to(equal(42)) } }") == [
                "keyword:final", "keyword:class", "definition:CarSpec", "type:QuickSpec", "keyword:func",
                "definition:go", "call:expect", "call:to", "call:equal", "number:42",
            ])
    }

    @Test("a keyword used as an argument label is not coloured as a keyword; `default:` in a switch is")
    func argumentLabels() {
        #expect(kinds("greeting(for: name, in: place)") == ["call:greeting"])
        #expect(kinds("switch x { default: break }") == ["keyword:switch", "keyword:default", "keyword:break"])
    }

    @Test("strings keep their interpolations, raw and multi-line strings end where they should")
    func swiftStrings() {
        #expect(kinds(#"let s = "a \(f("x")) b" + x"#) == ["keyword:let", #"string:"a \(f("x")) b""#])
        #expect(kinds(##"#"say "hi""# + 1"##) == [##"string:#"say "hi""#"##, "number:1"])
        #expect(
            kinds("\"\"\"\nline \"quoted\"\n\"\"\"\nlet") == ["string:\"\"\"\nline \"quoted\"\n\"\"\"", "keyword:let"])
    }

    @Test("comments, nested block comments and attributes in Swift")
    func swiftComments() {
        #expect(
            kinds("/* a /* b */ c */ x // end\n@MainActor #if DEBUG") == [
                "comment:/* a /* b */ c */", "comment:// end", "attribute:@MainActor", "attribute:#if", "type:DEBUG",
            ])
    }

    @Test("Objective-C: directives, @-strings, @-keywords, selectors and C keywords")
    func objectiveC() {
        #expect(
            kinds("#import <Kiwi/Kiwi.h>\n@interface Car : NSObject\n[[car should] equal:@\"x\"]; return YES;", .objc)
                == [
                    "attribute:#import <Kiwi/Kiwi.h>", "attribute:@interface", "type:Car", "type:NSObject",
                    "call:equal",
                    "string:@\"x\"", "keyword:return", "keyword:YES",
                ])
    }

    @Test("HTML output escapes the code and wraps tokens in spans")
    func html() {
        #expect(
            SyntaxHighlighter(language: .swift).html("if a < b && c { \"<tag>\" }")
                == "<span class=\"hl-keyword\">if</span> a &lt; b &amp;&amp; c { <span class=\"hl-string\">&quot;&lt;tag&gt;&quot;</span> }"
        )
    }

    @Test("an unterminated string or comment ends the block without losing text")
    func unterminated() {
        let code = "let s = \"open\n/* never closed"
        #expect(SyntaxHighlighter(language: .swift).tokens(code).map(\.text).joined() == code)
    }
}
