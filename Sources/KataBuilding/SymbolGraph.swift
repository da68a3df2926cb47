import Foundation
import KataBasics

/// The part of the compiler's symbol graph (`swiftc -emit-symbol-graph`) that screening reads: every declaration of
/// a module, where it is, what it extends, and the conformances the module adds to other modules' types.
///
/// A module's graph is several files: `M.symbols.json` for its own types and `M@Other.symbols.json` for what it adds
/// to the types of module `Other`.
package struct SymbolGraph: Sendable {
    package struct Symbol: Decodable, Sendable {
        package struct Kind: Decodable, Sendable {
            package var identifier: String
        }
        package struct Identifier: Decodable, Sendable {
            package var precise: String
        }
        package struct Location: Decodable, Sendable {
            package struct Position: Decodable, Sendable {
                package var line: Int
                package var character: Int
            }
            var uri: String
            package var position: Position
        }
        package struct Extension: Decodable, Sendable {
            package var extendedModule: String
            /// What the extended type is: `swift.struct`, `swift.protocol`…
            package var typeKind: String?
        }
        package struct Fragment: Decodable, Sendable {
            package var kind: String
            package var spelling: String
            package var preciseIdentifier: String?
        }
        struct Signature: Decodable, Sendable {
            struct Parameter: Decodable, Sendable {
                var declarationFragments: [Fragment]?
            }
            var parameters: [Parameter]?
            var returns: [Fragment]?
        }
        package struct Names: Decodable, Sendable {
            /// The declaration as a heading shows it: `func greeting(for: String) -> String`, `var total: Int`.
            package var subHeading: [Fragment]?
        }

        package var kind: Kind
        package var identifier: Identifier
        package var pathComponents: [String]
        package var location: Location?
        package var swiftExtension: Extension?
        var functionSignature: Signature?
        package var names: Names?
        package var accessLevel: String?

        /// The declared name without its argument labels: `equal` for `equal(_:)`, `==` for `==(_:_:)`.
        package var baseName: String {
            let last = pathComponents.last ?? ""
            return last.firstIndex(of: "(").map { String(last[..<$0]) } ?? last
        }

        /// Whether the symbol was declared in `path` (a file relative to the workbook root, as `#sourceLocation`
        /// named it).
        package func isDeclared(in path: String) -> Bool {
            guard let uri = location?.uri else { return false }
            let file = uri.hasPrefix("file://") ? String(uri.dropFirst(7)) : uri
            return (file.removingPercentEncoding ?? file) == path
        }

        /// Compiler-made symbols (inherited or default implementations) have no place in any source.
        package var isSynthesized: Bool { identifier.precise.contains("::SYNTHESIZED::") }

        package var isOperator: Bool { kind.identifier == "swift.func.op" }

        /// The types a function's parameters name, as precise identifiers.
        package var parameterTypes: [String] {
            parameterTypeFragments.compactMap { (fragment: Fragment) -> String? in fragment.preciseIdentifier }
        }

        /// Every type a function's parameters name, as written: `Thumbnail`, `[Int]`'s `Int`, and `Self` (which has no
        /// precise identifier).
        package var parameterTypeFragments: [Fragment] {
            // Spelt out with its types: as one chain of closures this took the compiler a second.
            let parameters: [Signature.Parameter] = functionSignature?.parameters ?? []
            let fragments: [Fragment] = parameters.flatMap { (parameter: Signature.Parameter) -> [Fragment] in
                parameter.declarationFragments ?? []
            }
            return fragments.filter { (fragment: Fragment) -> Bool in fragment.kind == "typeIdentifier" }
        }

        /// Whether the symbol declares a struct, a class (an actor is one too, to the symbol graph) or an enum.
        package var isNominalType: Bool {
            ["swift.struct", "swift.class", "swift.enum"].contains(kind.identifier)
        }
    }

    package struct Relationship: Decodable, Sendable {
        package var kind: String
        package var source: String
        package var target: String
        package var targetFallback: String?
    }

    private struct File: Decodable {
        var symbols: [Symbol]
        var relationships: [Relationship]
    }

    /// Every symbol of every file, each with the module whose types it extends (nil for the module's own).
    package var symbols: [Symbol]
    package var relationships: [Relationship]

    /// Reads every `<module>*.symbols.json` in `folder`.
    package init(folder: URL, module: String) throws {
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
    package static func module(ofUSR usr: String) -> String? {
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
