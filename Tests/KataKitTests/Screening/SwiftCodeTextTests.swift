import Testing

@testable import KataKit

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
}
