import Foundation
import KataTestSupport
import Testing

@testable import KataBasics
@testable import KataBuilding
@testable import KataGrading
@testable import KataSystem

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

    /// The attributes the screen refuses that name or place code for the linker, each with what follows its name in a
    /// declaration (`#` stands for the declaration's number) and the node `swiftc -dump-parse` shows for it.
    static let linkerAttributes: [(name: String, declaration: String, node: String)] = [
        ("_silgen_name", "(\"s#\") func f#()", "silgen_name_attr"), ("_cdecl", "(\"s#\") func f#() {}", "cdecl_attr"),
        ("c", "(s#) func f#() {}", "cdecl_attr"), ("_extern", "(c, \"s#\") func f#()", "extern_attr"),
        ("_used", " let v# = 1", "used_attr"), ("used", " let v# = 1", "used_attr"),
        ("_section", "(\"s#\") let v# = 1", "section_attr"), ("section", "(\"s#\") let v# = 1", "section_attr"),
        ("export", "(implementation) func f#() {}", "export_attr"),
        ("_alwaysEmitIntoClient", " func f#() {}", "always_emit_into_client_attr"),
    ]

    /// What Swift 5 mode's lexer lets sit between `@` and an attribute's name: blanks of every kind, line breaks,
    /// comments (nested ones too), a line comment with the line break that ends it.
    static let separators = [
        " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "/* a comment */", "/* one\ntwo */",
        "/* outer /* inner */ still */",
        "// to the end of the line\n",
    ]

    /// Declarations, each with a linker attribute spelled at random (up to three separators between `@` and its name,
    /// the name in backticks or not), on lines of their own after a line of ordinary code; and where each `@` is.
    static func spelledAttributes(count: Int, seed: UInt64) -> (
        text: String, spellings: [(attribute: Int, at: String)]
    ) {
        var generator = SeededRandom(seed: seed)
        var text = "func work() -> Int { 0 }\n"
        var spellings: [(attribute: Int, at: String)] = []
        for index in 0..<count {
            let attribute = Int.random(in: 0..<linkerAttributes.count, using: &generator)
            let (name, declaration, _) = linkerAttributes[attribute]
            var spelling = "@"
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                spelling += separators.randomElement(using: &generator)!
            }
            spelling += Bool.random(using: &generator) ? "`\(name)`" : name
            // Lines as the screen and the compiler count them: "\r\n" is one character to Swift, two bytes to them.
            spellings.append((attribute, "\(text.utf8.count { $0 == UInt8(ascii: "\n") } + 1):1"))
            text += spelling + declaration.replacingOccurrences(of: "#", with: "\(index)") + "\n"
        }
        return (text, spellings)
    }

    @Test(
        "generated spellings of linker attributes, which swiftc reads as those attributes, are each refused at their @")
    func generatedSpellings() throws {
        let seed: UInt64 = 0xA77_12B
        let (text, spellings) = Self.spelledAttributes(count: 300, seed: seed)
        let found = screen.findings(in: text)
        #expect(found.map { "\($0.line):\($0.column)" } == spellings.map(\.at), "seed \(seed)")
        #expect(found.allSatisfy { $0.message.contains("is not accepted") }, "seed \(seed)")

        // The spellings are the compiler's too: each declaration carries the attribute it spells.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-spell-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("spellings.swift")
        try Data(text.utf8).write(to: source)
        let toolchain = try Toolchain.locate(cache: folder)
        let parsed = try ExternalCommand(
            executable: toolchain.swiftc,
            arguments: ["-dump-parse", "-parse-as-library", "-swift-version", "5", source.path], directory: folder
        ).run()
        #expect(parsed.status == 0, "\(parsed.output.prefix(2_000))")
        #expect(!parsed.output.contains("error:"), "\(parsed.output.prefix(2_000))")
        let lines = parsed.output.split(separator: "\n").map(String.init)
        for (index, spelling) in spellings.enumerated() {
            let (name, declaration, node) = Self.linkerAttributes[spelling.attribute]
            let declared = declaration.contains("func") ? "\"f\(index)()\"" : "\"v\(index)\""
            let place = lines.firstIndex {
                $0.contains("_decl ") && $0.hasSuffix(declared) || $0.contains(declared + " ")
            }
            let attribute = place.flatMap { lines.indices.contains($0 + 1) ? lines[$0 + 1] : nil }
            #expect(
                attribute?.contains("(\(node) ") == true,
                "declaration \(index) at \(spelling.at) (@\(name)): \(attribute ?? "not parsed"); seed \(seed)")
        }
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
