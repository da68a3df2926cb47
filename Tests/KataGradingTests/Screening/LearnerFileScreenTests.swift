import KataTestSupport
import Testing

@testable import KataBasics
@testable import KataGrading

@Suite("Learner file screen")
struct LearnerFileScreenTests {
    let screen = LearnerFileScreen(
        path: "exercises/c/f.swift", kataSpecNames: ["Expectation", "QuickSpec", "equal"],
        chapterSpecClasses: ["GreetingSpec"])

    private func findings(_ marked: String) -> (found: [String], source: MarkedSource) {
        let source = MarkedSource(marked)
        return (screen.findings(in: source.text).map { "\($0.file):\($0.line):\($0.column)" }, source)
    }

    @Test("#sourceLocation and linker attributes are refused where they are code, at their line and column")
    func directivesAndAttributes() {
        let (found, source) = findings(
            """
            ⟪a⟫#sourceLocation(file: "chapters/01.md", line: 1)
            ⟪b⟫@_silgen_name("write") func w() {}
            ⟪c⟫@_cdecl("x") func x() {}
            ⟪d⟫@c(y) func y() {}
            ⟪e⟫@section(".init_array") ⟪f⟫@used let z = 1
            ⟪g⟫@export(implementation) func e() {}
            // #sourceLocation in a comment, and @_cdecl too
            let text = "#sourceLocation @_silgen_name @c(x)"
            @escaping @MainActor @discardableResult @usableFromInline @objc @Sendable
            let mail = "me@c.com"
            """)
        #expect(found == ["a", "b", "c", "d", "e", "f", "g"].map { source.at($0, in: "exercises/c/f.swift") })
    }

    /// Swift 5 mode accepts each of these spellings with a warning at most (tried with swiftc 6.3): whatever the
    /// lexer skips between `@` and the name, the attribute is still the one it names.
    @Test("an attribute is refused however it is spaced: blanks, comments, line breaks, backticks, odd spaces")
    func spacedAttributes() {
        let spellings = [
            "@ _silgen_name", "@\t_cdecl", "@/* a comment */_silgen_name", "@ // to the end of the line\n_silgen_name",
            "@\n\n_silgen_name", "@`_silgen_name`", "@ `_cdecl`", "@\u{0B}_silgen_name", "@\u{0C}_silgen_name",
            "@\u{0}_silgen_name", "@\u{A0}_silgen_name", "@\r_silgen_name", "@ section", "@\nused", "@ c", "@ export",
        ]
        for spelling in spellings {
            let found = screen.findings(in: "func work() -> Int { 0 }\n\(spelling)(\"x\") func w() {}\n")
            #expect(found.map { "\($0.line):\($0.column)" } == ["2:1"], "\(spelling.debugDescription)")
        }
        let main = screen.findings(in: "@ main struct App { static func main() {} }\n")
        #expect(main.first?.message.contains("`@main` is not accepted") == true)
        let unsafe = screen.findings(in: "@ unsafe func f() {}\n")
        #expect(unsafe.first?.message.contains("`@unsafe` is not accepted") == true)
        // A bare `@` that starts no attribute, and an e-mail address in a string, are not attributes.
        #expect(screen.findings(in: "let address = \"me@ _x.com\"\nlet at = \"@\"\n").isEmpty)
    }

    @Test("extensions of KataSpec's types and of the chapter's spec classes are refused; others are not")
    func extensions() {
        let (found, source) = findings(
            """
            ⟪a⟫extension Expectation { func to2() {} }
            ⟪b⟫extension KataSpec.QuickSpec: CustomStringConvertible {}
            ⟪c⟫extension GreetingSpec { static func equal() {} }
            extension Array { var second: Element? { dropFirst().first } }
            extension MyOwnType {}
            /* extension Expectation {} */
            """)
        #expect(found == ["a", "b", "c"].map { source.at($0, in: "exercises/c/f.swift") })
    }

    @Test("@main is refused (the test program has kata's entry point); @MainActor and a string that says @main are not")
    func main() {
        let (found, source) = findings(
            """
            ⟪a⟫@main struct App { static func main() {} }
            @MainActor final class Model {}
            let note = "@main"
            """)
        #expect(found == [source.at("a", in: "exercises/c/f.swift")])
        #expect(screen.findings(in: "@main enum App {}\n").first?.message.contains("write an example (`it`)") == true)
    }

    @Test("each finding says what to do")
    func messages() {
        let messages = screen.findings(in: "@_cdecl(\"a\") func a() {}\nextension QuickSpec {}\n").map(\.message)
        #expect(messages.first?.contains("`@_cdecl` is not accepted in your file") == true)
        #expect(messages.first?.hasSuffix("Remove it.") == true)
        #expect(messages.last?.contains("one of KataSpec's types") == true)
    }
}
