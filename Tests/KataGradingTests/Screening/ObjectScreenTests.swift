import Foundation
import Testing

@testable import KataBuilding
@testable import KataGrading
@testable import KataSystem
@testable import KataWorkbook

/// The object screen reads what the compiler really made of a file: each case is compiled with the toolchain's
/// `swiftc` into an object, as a learner's module is, and read back.
@Suite("Object screen")
struct ObjectScreenTests {
    static let runner = "$s8KataSpec0B6RunnerO4main_7moduless5NeverOSayAA0B0CmG_SaySSGtFZ"

    /// Compiles `code` as module `module` into an object and screens it.
    private func findings(
        _ code: String, module: String = "Exercise", exports: Set<String> = [runner]
    ) throws -> [CompilerDiagnostic] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-object-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let toolchain = try Toolchain.locate(cache: folder)
        let source = folder.appendingPathComponent("learner.swift")
        try Data(code.utf8).write(to: source)
        let object = folder.appendingPathComponent("learner.o")
        let result = try ExternalCommand(
            executable: toolchain.swiftc,
            arguments: ExerciseCompiler.flags + [
                "-c", "-wmo", "-enable-testing", "-module-name", module, "-o", object.path, source.path,
            ], directory: folder
        ).run()
        try #require(result.status == 0, "\(result.output)")
        let file = try #require(ObjectFile.read(object, toolchain: toolchain))
        let screen = ObjectScreen(
            path: "exercises/c/f.swift", module: module, holdsEntryPoint: module == "ExerciseSpecs",
            libraryExports: exports)
        return screen.findings(in: file, contents: code)
    }

    @Test("plain Swift defines only its module's names and the compiler's weak copies: nothing is refused")
    func plainSwift() throws {
        let code = """
            import Foundation

            public protocol Shape { var area: Double { get } }
            struct Square: Shape, Equatable, Hashable, Codable { var side: Double; var area: Double { side * side } }
            enum Event: Error { case tapped(at: Int), closed }
            final class Store<Item: Equatable> {
                lazy var items: [Item] = []
                deinit { print("gone") }
                func add(_ item: Item) -> Int { items.append(item); return items.firstIndex(of: item) ?? -1 }
            }
            extension Int { var doubled: Int { self * 2 } }
            extension Array where Element == Square { var total: Double { map(\\.area).reduce(0, +) } }
            extension String: @retroactive Error {}
            func describe(_ values: [Int: String]) -> String { values.sorted { $0.key < $1.key }.map { "\\($0)" }.joined() }
            func later(_ work: @escaping () -> Void) { DispatchQueue.main.async(execute: work) }
            public func run() async throws -> Int { try await Task { 1 }.value }
            let shared = Store<Int>()
            let formatter: DateFormatter = { let f = DateFormatter(); f.dateFormat = "yyyy"; return f }()
            """
        #expect(try findings(code).isEmpty)
        #expect(try findings(code, module: "ExerciseSpecs").isEmpty)
    }

    @Test("a name of KataSpec's defined by the learner's module is refused, strong or weak, at its literal")
    func kataSpecNames() throws {
        let strong = try findings(
            """
            func work() -> Int { 0 }
            @_silgen_name("\(Self.runner)")
            func forgedMain(_ specs: [AnyClass], modules: [String]) -> Never { fatalError() }
            """)
        #expect(strong.map { "\($0.line):\($0.column)" } == ["2:15"])
        #expect(strong.first?.message.contains("defines `\(Self.runner)` for the linker") == true)
        // @_alwaysEmitIntoClient makes the definition weak, as the compiler's own copies are (and emitted only where
        // it is used): still refused.
        let weak = try findings(
            """
            @_alwaysEmitIntoClient @_silgen_name("\(Self.runner)")
            public func forgedMain(_ specs: [AnyClass], modules: [String]) -> Never { fatalError() }
            func use() -> Never { forgedMain([], modules: []) }
            """)
        #expect(weak.count == 1)
    }

    @Test("a C name, or another module's name in a specify exercise's specs, is refused")
    func foreignNames() throws {
        #expect(try findings("@_cdecl(\"read\") func read() -> Int { 0 }\n").count == 1)
        #expect(try findings("@_silgen_name(\"exit\") func leave() {}\n").count == 1)
        // The learner's specs (module ExerciseSpecs) defining the code under test's own symbol.
        let specs = try findings(
            "@_silgen_name(\"$s8Exercise6SwitchC4flipyyF\") func flip() {}\n", module: "ExerciseSpecs")
        #expect(specs.map(\.line) == [1])
    }

    @Test("members of extensions of other modules' types, and conformances the module declares, are its own")
    func extensionsAndConformances() throws {
        let code = """
            import Foundation
            protocol Shape { var area: Double { get } }
            protocol Named { associatedtype Name; var name: Name { get } }
            struct Square: Shape { var side: Double; var area: Double { side * side } }
            extension Int {
                var doubled: Int { self * 2 }
                struct Nested { var x = 1 }
                func later() async -> Int { self }
                var shape: some Shape { Square(side: 1) }
                static var zero: Int { 0 }
                subscript(twice i: Int) -> Int { i * 2 }
            }
            extension Int: @retroactive Identifiable { public var id: Int { self } }
            extension String: @retroactive Error {}
            extension Date { func shifted() -> Date { self }; static let start = Date(timeIntervalSince1970: 0) }
            extension Array: Shape where Element == Square { var area: Double { 0 } }
            extension Dictionary: Shape where Value == Int { var area: Double { 0 } }
            extension Optional: Named where Wrapped == Int { var name: String { "" } }
            extension String { enum Kind { case a, b }; class Box { var v = 0 } }
            extension Result where Success == Int { func doubled() -> Int { (try? get()) ?? 0 } }
            extension JSONDecoder { convenience init(flag: Bool) { self.init() } }
            extension Sequence where Element: Shape { var totalArea: Double { reduce(0) { $0 + $1.area } } }
            """
        #expect(try findings(code) == [])
        #expect(try findings(code, module: "ExerciseSpecs") == [])
    }

    @Test("a name that only mentions the module, not one of its own, is refused")
    func mentionsOnly() throws {
        let names = [
            // Another module's function that takes one of the module's types, or one nested in its extension.
            "$s13ExerciseSpecs4make8Exercise6BasketVyF", "$s13ExerciseSpecs4testyySi8ExerciseE6NestedVF",
            // Another module's conformance to the module's protocol.
            "$s13ExerciseSpecs5ThingV8Exercise5ShapeAAMc",
            // Not a Swift name at all.
            "main8Exercise", "$s8KataSpec0B6RunnerO4main8Exercise",
        ]
        let code = names.enumerated().map { "@_silgen_name(\"\($1)\") func forged\($0)() {}\n" }.joined()
        let found = try findings(code)
        #expect(found.map(\.line) == [1, 2, 3, 4, 5], "\(found.map(\.message))")
        // The same names where the module is the learner's own are accepted.
        #expect(try findings("@_silgen_name(\"$s8Exercise6BasketV5totalSivg\") func total() -> Int { 0 }\n") == [])
    }

    @Test("where a name's module sits, as Swift's demangler reads it")
    func mangledNames() {
        let own = [
            "$s8Exercise6SquareV4areaSdvg", "$sSi8ExerciseE7doubledSivg", "$sSi8ExerciseE7doubledSivpMV",
            "$sSSs5Error8ExerciseMc", "$sSDyxq_G8Exercise5ShapeABSiRs_rlMc", "$sSDyxq_G8Exercise5ShapeABSiRs_rlWP",
            "$sSa8ExerciseAA6SquareVRszlE5totalSdvg",
        ]
        for name in own { #expect(MangledName(name).belongs(to: "Exercise"), "\(name)") }
        let others = [
            "$s13ExerciseSpecs4make8Exercise6BasketVyF", "$s13ExerciseSpecs5ThingV8Exercise5ShapeAAMc",
            "$sSi8ExerciseE7doubledSivg_not", "main8Exercise", "8Exercise", "",
        ]
        for name in others { #expect(!MangledName(name).belongs(to: "Exercise"), "\(name)") }
        #expect(!MangledName("$sSi8ExerciseE7doubledSivg").belongs(to: "ExerciseSpecs"))
    }

    @Test("a learner's module that compiled but whose object cannot be read is refused, not let through")
    func unreadableObject() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-object-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let screen = ObjectScreen(
            path: "exercises/c/f.swift", module: "Exercise", holdsEntryPoint: false, libraryExports: [])
        let link = ExerciseCompiler.learnersObject(in: folder)
        let screened = { (built: Bool) in
            ExerciseChecker.screenObject(at: link, moduleBuilt: built, screen: screen, contents: "", toolchain: nil)
        }
        #expect(screened(false).isEmpty, "a module that did not compile has nothing to screen")
        let unreadable = "kata cannot read what your compiled code defines for the linker"
        #expect(screened(true).map(\.message).contains { $0.contains(unreadable) }, "built, and its object missing")
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: folder.appendingPathComponent("gone.o"))
        #expect(screened(false).map(\.line) == [1], "a link to an object that is gone")
        try Data("not an object".utf8).write(to: folder.appendingPathComponent("gone.o"))
        #expect(screened(false).map(\.line) == [1], "a link to a file that is not an object")
        #expect(screened(false).first?.file == "exercises/c/f.swift")
    }

    @Test("a section that runs code before main is refused")
    func runningSections() throws {
        let found = try findings(
            """
            @section(".init_array") @used
            let early: @convention(c) () -> Void = { print("before main") }
            """)
        #expect(found.contains { $0.message.contains("linker section `.init_array`") })
    }
}
