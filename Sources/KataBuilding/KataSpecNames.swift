import Foundation
import KataBasics

/// The names KataSpec gives the specs, read from its own symbol graph when it is built, so that screening always
/// knows the library's real public interface.
package struct KataSpecNames: Codable, Sendable, Equatable {
    /// Top-level names: types, functions, variables and operators (`expect`, `equal`, `QuickSpec`, `&&`).
    package var topLevel: Set<String>
    /// Names of members that KataSpec declares on its own types and on the standard library's (`to`, `should`).
    package var members: Set<String>

    /// Every name.
    package var all: Set<String> { topLevel.union(members) }

    package init(topLevel: Set<String>, members: Set<String>) {
        self.topLevel = topLevel
        self.members = members
    }

    /// The names in KataSpec's symbol graph folder, leaving out what the compiler synthesised and initialisers.
    init(symbolGraphFolder folder: URL) throws {
        let graph = try SymbolGraph(folder: folder, module: "KataSpec")
        var topLevel: Set<String> = []
        var members: Set<String> = []
        for symbol in graph.symbols where !symbol.isSynthesized {
            let name = symbol.baseName
            guard !name.isEmpty, name != "init", name != "deinit", name != "subscript" else { continue }
            if symbol.pathComponents.count == 1 && symbol.swiftExtension == nil {
                topLevel.insert(name)
            } else {
                members.insert(name)
            }
        }
        self.init(topLevel: topLevel, members: members)
    }

    /// The file a built library keeps its names in.
    static func file(in libraryDirectory: URL) -> URL {
        libraryDirectory.appendingPathComponent("public-names.json")
    }

    /// Reads the names stored beside a built library.
    static func load(from libraryDirectory: URL) throws -> KataSpecNames {
        try JSONDecoder().decode(KataSpecNames.self, from: Data(contentsOf: file(in: libraryDirectory)))
    }

    /// Stores the names beside a library being built.
    func write(to libraryDirectory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: Self.file(in: libraryDirectory), options: .atomic)
    }
}
