import Testing

@testable import KataKit

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
