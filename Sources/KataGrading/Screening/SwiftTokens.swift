import KataBasics
import KataBuilding

/// The identifiers and operators a piece of Swift code uses, read from its ``SwiftCodeText`` (so nothing inside a
/// comment or a literal counts): what screening compares a learner's declarations with.
package struct SwiftTokens: Sendable {
    /// Every identifier, backticks removed (`equal`, `count`, `default`).
    var identifiers: Set<String> = []
    /// Every run of operator characters (`==`, `!=`, `&&`, `..<`).
    var operators: Set<String> = []

    init() {}

    /// The tokens of `code` (Swift source).
    init(_ code: String) {
        add(code)
    }

    mutating func add(_ code: String) {
        let text = SwiftCodeText(code).text
        var characters = text.unicodeScalars[...]
        while let scalar = characters.first {
            if scalar == "`" {
                characters.removeFirst()
                let name = characters.prefix { $0 != "`" && $0 != "\n" }
                identifiers.insert(String(String.UnicodeScalarView(name)))
                characters = characters.dropFirst(name.count + 1)
            } else if Self.startsIdentifier(scalar) {
                let name = characters.prefix(while: Self.continuesIdentifier)
                identifiers.insert(String(String.UnicodeScalarView(name)))
                characters = characters.dropFirst(name.count)
            } else if Self.operatorScalars.contains(scalar) {
                let symbol = characters.prefix { Self.operatorScalars.contains($0) }
                operators.insert(String(String.UnicodeScalarView(symbol)))
                characters = characters.dropFirst(symbol.count)
            } else {
                characters.removeFirst()
            }
        }
    }

    static let operatorScalars: Set<Unicode.Scalar> = Set("/=-+!*%<>&|^~?.≈".unicodeScalars)

    static func startsIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isXIDStart
    }

    static func continuesIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isXIDContinue
    }
}
