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
