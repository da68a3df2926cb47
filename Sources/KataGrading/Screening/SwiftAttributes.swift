import KataBasics
import KataBuilding

/// The attributes a piece of Swift code writes, found as the compiler's lexer finds them: an `@`, then anything the
/// lexer skips (spaces, tabs, line breaks, comments, and the other characters it takes for whitespace), then a name,
/// with or without backticks.
///
/// Swift 5 mode accepts `@ _silgen_name`, `@/* */_silgen_name`, an `@` at the end of one line with the name on the
/// next, and ``@`_silgen_name` `` with only a warning, so a screen that reads `@_silgen_name` as one token misses
/// them. The code is read from its ``SwiftCodeText``, where comments and literals are already blanked.
struct SwiftAttributes: Sendable {
    /// One attribute: its name (backticks removed) and the byte offset of its `@` in the code.
    package struct Attribute: Sendable, Equatable {
        var name: String
        var offset: Int
    }

    /// Every attribute of `code`, in order.
    let all: [Attribute]

    init(_ code: SwiftCodeText) {
        let scalars = Array(code.text.unicodeScalars)
        var attributes: [Attribute] = []
        var offset = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            defer {
                offset += UTF8.width(scalar)
                index += 1
            }
            guard scalar == "@" else { continue }
            var next = index + 1
            while next < scalars.count, Self.isSkipped(scalars[next]) { next += 1 }
            let backticked = next < scalars.count && scalars[next] == "`"
            if backticked { next += 1 }
            guard next < scalars.count, SwiftTokens.startsIdentifier(scalars[next]) else { continue }
            var end = next
            while end < scalars.count, SwiftTokens.continuesIdentifier(scalars[end]) { end += 1 }
            attributes.append(
                Attribute(name: String(String.UnicodeScalarView(scalars[next..<end])), offset: offset))
        }
        all = attributes
    }

    /// What the lexer passes over between `@` and an attribute's name. Besides ASCII whitespace it skips NUL and a
    /// no-break space (each with a warning); every other Unicode space, and the zero-width characters, are taken too,
    /// so that no spelling the lexer might accept is missed (one it rejects fails to compile anyway).
    static func isSkipped(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.value == 0 || scalar.properties.isDefaultIgnorableCodePoint
            || scalar.value == 0xFEFF
    }
}
