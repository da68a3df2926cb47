import Foundation

/// The part of the compiler's symbol graph (`swiftc -emit-symbol-graph`) that screening reads: every declaration of
/// a module, where it is, what it extends, and the conformances the module adds to other modules' types.
///
/// A module's graph is several files: `M.symbols.json` for its own types and `M@Other.symbols.json` for what it adds
/// to the types of module `Other`.
struct SymbolGraph: Sendable {
    struct Symbol: Decodable, Sendable {
        struct Kind: Decodable, Sendable {
            var identifier: String
        }
        struct Identifier: Decodable, Sendable {
            var precise: String
        }
        struct Location: Decodable, Sendable {
            struct Position: Decodable, Sendable {
                var line: Int
                var character: Int
            }
            var uri: String
            var position: Position
        }
        struct Extension: Decodable, Sendable {
            var extendedModule: String
        }
        struct Fragment: Decodable, Sendable {
            var kind: String
            var spelling: String
            var preciseIdentifier: String?
        }
        struct Signature: Decodable, Sendable {
            struct Parameter: Decodable, Sendable {
                var declarationFragments: [Fragment]?
            }
            var parameters: [Parameter]?
            var returns: [Fragment]?
        }
        struct Names: Decodable, Sendable {
            /// The declaration as a heading shows it: `func greeting(for: String) -> String`, `var total: Int`.
            var subHeading: [Fragment]?
        }

        var kind: Kind
        var identifier: Identifier
        var pathComponents: [String]
        var location: Location?
        var swiftExtension: Extension?
        var functionSignature: Signature?
        var names: Names?
        var accessLevel: String?

        /// The declared name without its argument labels: `equal` for `equal(_:)`, `==` for `==(_:_:)`.
        var baseName: String {
            let last = pathComponents.last ?? ""
            return last.firstIndex(of: "(").map { String(last[..<$0]) } ?? last
        }

        /// Whether the symbol was declared in `path` (a file relative to the workbook root, as `#sourceLocation`
        /// named it).
        func isDeclared(in path: String) -> Bool {
            guard let uri = location?.uri else { return false }
            let file = uri.hasPrefix("file://") ? String(uri.dropFirst(7)) : uri
            return (file.removingPercentEncoding ?? file) == path
        }

        /// Compiler-made symbols (inherited or default implementations) have no place in any source.
        var isSynthesized: Bool { identifier.precise.contains("::SYNTHESIZED::") }

        var isOperator: Bool { kind.identifier == "swift.func.op" }

        /// The types a function's parameters name, as precise identifiers.
        var parameterTypes: [String] {
            // Spelt out with its types: as one chain of closures this took the compiler a second.
            let parameters: [Signature.Parameter] = functionSignature?.parameters ?? []
            let fragments: [Fragment] = parameters.flatMap { (parameter: Signature.Parameter) -> [Fragment] in
                parameter.declarationFragments ?? []
            }
            return fragments.filter { (fragment: Fragment) -> Bool in fragment.kind == "typeIdentifier" }
                .compactMap { (fragment: Fragment) -> String? in fragment.preciseIdentifier }
        }
    }

    struct Relationship: Decodable, Sendable {
        var kind: String
        var source: String
        var target: String
        var targetFallback: String?
    }

    private struct File: Decodable {
        var symbols: [Symbol]
        var relationships: [Relationship]
    }

    /// Every symbol of every file, each with the module whose types it extends (nil for the module's own).
    var symbols: [Symbol]
    var relationships: [Relationship]

    /// Reads every `<module>*.symbols.json` in `folder`.
    init(folder: URL, module: String) throws {
        symbols = []
        relationships = []
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix(module) && $0.hasSuffix(".symbols.json") }.sorted()
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let file = try JSONDecoder().decode(File.self, from: data)
            symbols += file.symbols
            relationships += file.relationships
        }
    }

    /// The module a precise identifier (a Swift USR such as `s:8KataSpec11ExpectationV`) belongs to, when it says.
    static func module(ofUSR usr: String) -> String? {
        guard usr.hasPrefix("s:") else { return nil }
        var digits = ""
        for character in usr.dropFirst(2) {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else {
                break
            }
        }
        guard let length = Int(digits), length > 0 else {
            // Standard-library types have short manglings: `s:Si` is Int, `s:Sa` Array, `s:SS` String.
            return usr.dropFirst(2).first == "S" ? "Swift" : nil
        }
        let start = usr.index(usr.startIndex, offsetBy: 2 + digits.count)
        guard let end = usr.index(start, offsetBy: length, limitedBy: usr.endIndex) else { return nil }
        return String(usr[start..<end])
    }
}
