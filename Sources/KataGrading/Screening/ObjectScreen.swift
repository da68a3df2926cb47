import KataBasics
import KataBuilding
import KataMessages

/// What the learner's compiled module hands the linker, held to what the compiler makes of plain Swift: the second
/// line of defence behind ``LearnerFileScreen``, read from the compiler's output rather than from the text.
///
/// Plain Swift names everything it defines after its module (`$s8Exercise…`, or `$sSi8ExerciseE…` for an extension
/// of `Int`); only an attribute that names code for the linker (`@_silgen_name`, `@_cdecl`, `@c`, `@export`) can
/// define a name of another module's, such as KataSpec's runner, which the test program's entry point would then
/// call instead. Besides its own names the compiler emits weak, hidden copies of what it needs from other modules
/// (metadata caches, outlined copies, the standard library's inlinable functions): those stay accepted, as long as
/// none is a name KataSpec's library defines. And only `@section` can place something in a section that runs code
/// before `main` (`.init_array`), before KataSpec has read the run's secret.
package struct ObjectScreen: Sendable {
    /// The learner's file, relative to the workbook root.
    var path: String
    /// The module the learner's file is compiled in.
    var module: String
    /// Whether the module holds the program's entry point (kata's `main.swift`), which defines `main`.
    var holdsEntryPoint: Bool
    /// The names KataSpec's library exports.
    var libraryExports: Set<String>

    /// Sections whose contents the loader runs before `main` or after it.
    static let runningSections = [".init_array", ".preinit_array", ".fini_array", ".ctors", ".dtors", ".init", ".fini"]

    func findings(in object: ObjectFile, contents: String) -> [CompilerDiagnostic] {
        var findings: [CompilerDiagnostic] = []
        for section in Set(object.sectionNames).sorted()
        where Self.runningSections.contains(where: { section == $0 || section.hasPrefix($0 + ".") }) {
            findings.append(finding(.screenLinkerSection, ["section": section], near: section, in: contents))
        }
        for symbol in object.definedSymbols where !isAccepted(symbol) {
            findings.append(finding(.screenLinkerSymbol, ["symbol": symbol.name], near: symbol.name, in: contents))
        }
        return findings
    }

    private func isAccepted(_ symbol: ObjectFile.Symbol) -> Bool {
        let name = symbol.name
        if holdsEntryPoint && name == "main" && !symbol.isWeak { return true }
        if isAcceptedCopy(symbol) { return true }
        // Its own names: those that belong to the module where a mangled name puts its module (not every name that
        // mentions it: another module's function that takes one of its types does), which no other module defines.
        return MangledName(name).belongs(to: module)
    }

    /// Whether the compiler's weak, hidden copy `symbol` is accepted.
    private func isAcceptedCopy(_ symbol: ObjectFile.Symbol) -> Bool {
        let name = symbol.name
        guard symbol.isWeak, !symbol.isExported, !libraryExports.contains(name) else { return false }
        // A name with a space is one of the compiler's records (`symbolic …`, `get_type_metadata …`): no library
        // exports such a name, so none can be replaced through it.
        return name.contains(" ") || Self.emittedPrefixes.contains { name.hasPrefix($0) }
    }

    /// How the names of the weak copies the compiler emits begin: Swift's mangling, the runtime's helpers, the global
    /// offset table's entries.
    static let emittedPrefixes = ["$s", "__swift_", "_swift_FORCE_LOAD_$", "got."]

    /// A finding at the first place the learner's text names `name` in a string literal (where `@_silgen_name` and
    /// its kin take it), or at the file's first line.
    private func finding(
        _ message: Message, _ values: [String: String], near name: String, in contents: String
    ) -> CompilerDiagnostic {
        var line = 1
        var column = 1
        if let range = contents.range(of: "\"" + name + "\"") {
            let newline = UInt8(ascii: "\n")
            let before = contents.utf8[..<range.lowerBound]
            let lineStart = before.lastIndex(of: newline).map(before.index(after:)) ?? before.startIndex
            line = 1 + before.count { $0 == newline }
            column = 1 + contents.utf8.distance(from: lineStart, to: range.lowerBound)
        }
        return .kata(message, values, file: path, line: line, column: column)
    }
}
