import Foundation
import Testing

@testable import KataBasics
@testable import KataBuilding
@testable import KataGrading
@testable import KataWorkbook

@Suite("Declaration screen")
struct DeclarationScreenTests {
    static let learner = "exercises/c/f.swift"

    /// One symbol of a synthetic graph, as swiftc writes it.
    static func symbol(
        _ path: [String], kind: String = "swift.func", usr: String? = nil, line: Int = 3,
        extending module: String? = nil, extendedKind: String = "swift.struct", parameterTypes: [String] = [],
        file: String = learner
    ) -> [String: Any] {
        var symbol: [String: Any] = [
            "kind": ["identifier": kind],
            "identifier": ["precise": usr ?? "s:8Exercise\(path.joined())\(UUID().uuidString.prefix(6))"],
            "pathComponents": path,
            "location": ["uri": "file://\(file)", "position": ["line": line - 1, "character": 4]],
        ]
        if let module { symbol["swiftExtension"] = ["extendedModule": module, "typeKind": extendedKind] }
        if !parameterTypes.isEmpty {
            // A type as `Name usr`, its `usr` alone, or `Self` (which the compiler writes without a precise identifier).
            symbol["functionSignature"] = [
                "parameters": parameterTypes.map { type in
                    let parts = type.split(separator: " ", maxSplits: 1).map(String.init)
                    var fragment = ["kind": "typeIdentifier", "spelling": parts.count == 2 ? parts[0] : "T"]
                    if type != "Self" {
                        fragment["preciseIdentifier"] = parts.last
                    } else {
                        fragment["spelling"] = "Self"
                    }
                    return ["declarationFragments": [fragment]]
                }
            ]
        }
        return symbol
    }

    /// A graph folder holding `symbols` (and `relationships`) in `Exercise.symbols.json`.
    static func graph(_ symbols: [[String: Any]], relationships: [[String: String]] = []) throws -> SymbolGraph {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-graph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let data = try JSONSerialization.data(withJSONObject: ["symbols": symbols, "relationships": relationships])
        try data.write(to: folder.appendingPathComponent("Exercise.symbols.json"))
        return try SymbolGraph(folder: folder, module: "Exercise")
    }

    static func screen(chapter: String, names: KataSpecNames, specClasses: Set<String> = []) -> DeclarationScreen {
        DeclarationScreen(
            path: learner, modules: ["Exercise", "ExerciseSpecs"], kataSpecNames: names,
            chapterTokens: SwiftTokens(chapter),
            chapterSpecClasses: specClasses, contents: "")
    }

    let names = KataSpecNames(
        topLevel: ["equal", "expect", "it", "QuickSpec", "beCloseTo"], members: ["to", "should"])

    @Test("a top-level declaration named like a KataSpec name the chapter uses is refused at its line")
    func kataSpecNames() throws {
        let graph = try Self.graph([
            Self.symbol(["equal(_:)"], line: 4), Self.symbol(["beCloseTo(_:)"], line: 5),
            Self.symbol(["greeting(for:)"], line: 6),
        ])
        let (findings, questions) = Self.screen(
            chapter: "expect(greeting(for: \"a\")).to(equal(\"b\"))", names: names
        ).screen(graph)
        #expect(findings.map(\.line) == [4], "beCloseTo is KataSpec's, but this chapter never calls it")
        #expect(findings.first?.message.contains("`equal`, a name the chapter's specs take from KataSpec") == true)
        #expect(questions.keys.contains(.topLevel("greeting")), "a new name the chapter uses is asked about")
    }

    @Test("members added to KataSpec's types, to the chapter's spec classes, and operators on others' types")
    func extensions() throws {
        let graph = try Self.graph([
            Self.symbol(["Expectation", "to2()"], kind: "swift.method", line: 3, extending: "KataSpec"),
            Self.symbol(["GreetingSpec", "helper()"], kind: "swift.type.method", line: 4, extending: "Exercise"),
            Self.symbol(
                ["Int", "==(_:_:)"], kind: "swift.func.op", line: 5, extending: "Swift",
                parameterTypes: ["s:Si", "s:Si"]),
            Self.symbol(["Car"], kind: "swift.struct", usr: "s:8Exercise3CarV", line: 1),
            Self.symbol(
                ["Car", "==(_:_:)"], kind: "swift.func.op", line: 6, extending: "Exercise",
                parameterTypes: ["s:8Exercise3CarV", "s:8Exercise3CarV"]),
            Self.symbol(["Array", "count"], kind: "swift.property", line: 7, extending: "Swift"),
            Self.symbol(["Array", "second"], kind: "swift.property", line: 8, extending: "Swift"),
        ])
        let (findings, questions) = Self.screen(
            chapter: "expect(a == b).to(equal(items.count))", names: names, specClasses: ["GreetingSpec"]
        ).screen(graph)
        #expect(findings.map(\.line) == [3, 4, 5])
        #expect(questions.keys.contains(.member(type: "Array", name: "count", isStatic: false)))
        #expect(!questions.keys.contains(.member(type: "Array", name: "second", isStatic: false)))
    }

    /// The chapter's `struct Thumbnail: Equatable` (support code, so in the learner's module but not in the learner's
    /// file) takes a learner's `==` for its own, and `XCTAssertEqual` or KataSpec's `equal` call it without the chapter
    /// ever spelling `==`.
    @Test(
        "an operator for the chapter's types is refused even where the chapter never spells it; one for your own is free"
    )
    func operatorsOnTheChaptersTypes() throws {
        let thumbnail = "Thumbnail s:8Exercise9ThumbnailV"
        let graph = try Self.graph(
            [
                Self.symbol(["Thumbnail"], kind: "swift.struct", usr: "s:8Exercise9ThumbnailV", file: "chapters/13.md"),
                Self.symbol(["Mine"], kind: "swift.struct", usr: "s:8Exercise4MineV", line: 1),
                Self.symbol(["Shape"], kind: "swift.protocol", usr: "s:8Exercise5ShapeP", line: 2),
                Self.symbol(["==(_:_:)"], kind: "swift.func.op", line: 3, parameterTypes: [thumbnail, thumbnail]),
                Self.symbol(
                    ["Thumbnail", "<(_:_:)"], kind: "swift.func.op", usr: "s:8Exercise9ThumbnailV1loi", line: 4,
                    extending: "Exercise", parameterTypes: ["Self", "Self"]),
                Self.symbol(
                    ["Shape", "==(_:_:)"], kind: "swift.func.op", usr: "s:8Exercise5ShapeP2eeoi", line: 5,
                    extending: "Exercise", extendedKind: "swift.protocol", parameterTypes: ["Self", "Self"]),
                Self.symbol(
                    ["==(_:_:)"], kind: "swift.func.op", line: 6, parameterTypes: ["T s:8Exercise2eeoi1TL_xmfp"]),
                Self.symbol(
                    ["==(_:_:)"], kind: "swift.func.op", line: 7, parameterTypes: [thumbnail, "Mine s:8Exercise4MineV"]),
                Self.symbol(
                    ["Mine", "<(_:_:)"], kind: "swift.func.op", usr: "s:8Exercise4MineV1loi", line: 8,
                    parameterTypes: ["Self", "Self"]),
                Self.symbol(
                    ["**(_:_:)"], kind: "swift.func.op", line: 9, parameterTypes: ["Double s:Sd", "Double s:Sd"]),
                Self.symbol(
                    ["Double", "**(_:_:)"], kind: "swift.func.op", usr: "s:Sd2aaoi", line: 10, extending: "Swift",
                    parameterTypes: ["Self", "Self"]),
            ],
            relationships: [
                ["kind": "memberOf", "source": "s:8Exercise9ThumbnailV1loi", "target": "s:8Exercise9ThumbnailV"],
                ["kind": "memberOf", "source": "s:8Exercise5ShapeP2eeoi", "target": "s:8Exercise5ShapeP"],
                ["kind": "memberOf", "source": "s:8Exercise4MineV1loi", "target": "s:8Exercise4MineV"],
                ["kind": "memberOf", "source": "s:Sd2aaoi", "target": "s:Sd"],
            ])
        let (findings, _) = Self.screen(chapter: "XCTAssertEqual(a, b)", names: names).screen(graph)
        #expect(findings.map(\.line) == [3, 4, 5, 6], "\(findings.map(\.message))")
        #expect(findings.first?.message.contains("defines `==` for `Thumbnail`, but not for a struct") == true)
        #expect(findings.dropFirst().first?.message.contains("adds `<` to `Thumbnail`, not a struct") == true)
        #expect(findings.first?.file == Self.learner)

        // What the chapter spells is refused for other modules' types too.
        let (spelled, _) = Self.screen(chapter: "a ** b", names: names).screen(graph)
        #expect(spelled.map(\.line) == [3, 4, 5, 6, 9, 10])
    }

    @Test("a conformance added to a KataSpec type is refused")
    func conformance() throws {
        let graph = try Self.graph(
            [Self.symbol(["P"], kind: "swift.protocol", usr: "s:8Exercise1PP")],
            relationships: [
                [
                    "kind": "conformsTo", "source": "s:8KataSpec9QuickSpecC", "target": "s:8Exercise1PP",
                    "targetFallback": "Exercise.P",
                ]
            ])
        let (findings, _) = Self.screen(chapter: "", names: names).screen(graph)
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("conform to `Exercise.P`") == true)
    }

    @Test("symbols outside the learner's file are the chapter's and are never refused")
    func chapterCode() throws {
        let graph = try Self.graph([Self.symbol(["equal(_:)"], file: "chapters/01-x.md")])
        #expect(Self.screen(chapter: "equal(1)", names: names).screen(graph).findings.isEmpty)
    }

    /// The real list: KataSpec built as kata builds it, and every KataSpec name the bundled chapters' specs and
    /// support code use. A learner's top-level declaration of any of them is refused.
    @Test("every KataSpec name a bundled chapter's spec uses is protected")
    func everyNameTheWorkbookUses() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("kata-e2e-library")
        let toolchain = try Toolchain.locate(cache: cache)
        let library = try RuntimeLibrary.prepare(
            .kataSpec, kataSpecSources: repository.appendingPathComponent("Sources/KataSpec"), toolchain: toolchain,
            cache: cache, endOrphans: {}
        ).library
        let names = try library.publicNames()
        #expect(names.topLevel.isSuperset(of: ["expect", "equal", "describe", "it", "QuickSpec", "haveReceived"]))
        let workbook = try WorkbookLoader(root: repository, displayBase: repository).load()
        var used = Set<String>()
        for exercise in workbook.exercises where exercise.kind == .implement {
            var tokens = SwiftTokens()
            for block in exercise.specs + exercise.support { tokens.add(block.code) }
            let protected = tokens.identifiers.intersection(names.topLevel)
            used.formUnion(protected)
            let graph = try Self.graph(protected.sorted().enumerated().map { Self.symbol([$1], line: $0 + 1) })
            let screen = DeclarationScreen(
                path: Self.learner, modules: ["Exercise", "ExerciseSpecs"], kataSpecNames: names, chapterTokens: tokens,
                chapterSpecClasses: ExerciseChecker.chapterSpecClasses(exercise), contents: "")
            let refused = Set(screen.screen(graph).findings.map(\.line))
            #expect(refused.count == protected.count, "\(exercise.id): every KataSpec name its specs use")
        }
        #expect(used.count > 40, "the chapters use many of KataSpec's names (\(used.count))")
    }
}
