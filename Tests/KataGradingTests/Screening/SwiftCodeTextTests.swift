import Testing

@testable import KataBasics
@testable import KataBuilding
@testable import KataGrading
@testable import KataWorkbook

@Suite("Swift code text")
struct SwiftCodeTextTests {
    /// The code that is left, with runs of blanks squeezed, so expectations stay readable.
    private func code(_ source: String) -> String {
        SwiftCodeText(source).text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: "\n")
    }

    @Test("comments are blanked, nested block comments included, and line breaks stay")
    func comments() {
        let source = "a // #sourceLocation\n/* one /* two */ still */ b\nc"
        #expect(code(source) == "a\nb\nc")
        #expect(SwiftCodeText(source).text.utf8.count == source.utf8.count, "offsets are kept")
    }

    @Test("string contents are blanked; interpolations stay code, with their own strings blanked")
    func strings() {
        #expect(code(#"let s = "@_cdecl \"q\" done"; x"#) == #"let s = " "; x"#)
        #expect(code(##"print("a \(f("#sourceLocation")) b")"##) == ##"print(" \(f(" ")) ")"##)
        #expect(code("let m = \"\"\"\n#sourceLocation(file: \"x\")\n\"\"\"\ny") == "let m = \"\"\"\n\n\"\"\"\ny")
    }

    @Test("raw strings end only at their own delimiter, and their interpolation needs the hashes")
    func rawStrings() {
        #expect(code(##"let r = #"a "quoted" \(no) b"#; z"##) == ##"let r = #" "#; z"##)
        #expect(code(##"let r = #"x \#(y) w"#"##) == ##"let r = #" \#(y) "#"##)
        #expect(code(###"let r = ##"a "# b"##; #sourceLocation()"###) == ###"let r = ##" "##; #sourceLocation()"###)
    }

    @Test("code that only looks like a literal or comment is kept")
    func codeStays() {
        #expect(code("let a = 4 / 2 // half") == "let a = 4 / 2")
        #expect(code("#if DEBUG\n@_silgen_name(\"f\") func g()\n#endif").contains("@_silgen_name(\" \") func g()"))
        #expect(code("let r = #/a\\/b/#; q") == "let r = #/ /#; q")
    }

    @Test("a source that ends inside a literal or comment is marked incomplete")
    func incomplete() {
        #expect(!SwiftCodeText("/* open").isComplete)
        #expect(!SwiftCodeText("let s = \"\"\"\nno end").isComplete)
        #expect(SwiftCodeText("let s = \"fine\"").isComplete)
    }

    @Test("strings nested a hundred thousand interpolations deep are scanned, not a stack overflow")
    func deepNesting() {
        let depth = 100_000
        let open = SwiftCodeText("let s = " + String(repeating: "\"\\(", count: depth))
        #expect(!open.isComplete)
        #expect(open.text.utf8.count == 8 + 3 * depth)
        let closed = SwiftCodeText(
            "let s = " + String(repeating: "\"a\\(", count: depth) + "1" + String(repeating: ")b\"", count: depth)
                + " // #sourceLocation")
        #expect(closed.isComplete)
        #expect(!closed.text.contains("a") && !closed.text.contains("b") && !closed.text.contains("#"))
        #expect(closed.text.contains("\\(1)"))
    }

    @Test("an offset's line and column are those of the original")
    func positions() {
        let code = SwiftCodeText("a\n\nbc /* x\ny */ d\n")
        #expect(code.position(ofOffset: 0) == (1, 1))
        #expect(code.position(ofOffset: 1) == (1, 2))
        #expect(code.position(ofOffset: 2) == (2, 1))
        #expect(code.position(ofOffset: 4) == (3, 2))
        #expect(code.position(ofOffset: 16) == (4, 6))
        #expect(code.line(ofOffset: 20) == 5)
    }

    @Test("imported modules: at a line's start, after attributes, of any kind, with the name on a later line")
    func importedModules() {
        let source = """
            import Foundation
              @testable import Exercise
            @preconcurrency
            import Dispatch
            import struct Glibc.stat
            import
                Observation
            import func Darwin.C.exit
            // import NotThis
            let text = "import NorThis"
            x; import NeitherThis
            let imported = importing
            """
        #expect(
            SwiftCodeText(source).importedModules == [
                "Darwin", "Dispatch", "Exercise", "Foundation", "Glibc", "Observation",
            ])
    }

    @Test("the first extension that adds a conformance, wherever its colon is before its brace")
    func conformingExtension() {
        #expect(SwiftCodeText("struct A {}\nextension A {}\nextension A:\n  P {}\n").firstConformingExtensionLine == 3)
        #expect(
            SwiftCodeText("extension A\n  where T == Int\n{}\nlet x: Int = 1\n").firstConformingExtensionLine == nil)
        #expect(SwiftCodeText("let extensions: Int = 1\n/* extension A: P */").firstConformingExtensionLine == nil)
        #expect(SwiftCodeText("extension A where T: P {}").firstConformingExtensionLine == 1)
    }
}
