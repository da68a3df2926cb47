import KataBasics
import KataBuilding

/// Declarations found in the blanked code by reading it once, front to back: a learner's file may be a megabyte of
/// anything, so these searches never start over from each position the way a pattern with `\s*` or `[^{]*` does
/// (which takes time in the square of the file's length: hours for a megabyte of blank lines).
extension SwiftCodeText {
    /// The modules the code imports (`import Dispatch`, `@testable import X`, `import struct Foundation.Date`): an
    /// `import` that starts a line (after attributes, if any), and the first name after it that is not a kind.
    package var importedModules: [String] {
        let bytes = Array(text.utf8)
        var modules: Set<String> = []
        var lineStart = true  // Only spaces and attributes since the last line break.
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                lineStart = true
                position += 1
            } else if Self.isSpace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "@"), position + 1 < bytes.count, Self.isWord(bytes[position + 1]) {
                let end = Self.wordEnd(bytes, from: position + 1)
                // `@testable import`: an attribute and its space keep the line's start.
                if end >= bytes.count || !Self.isSpaceOrBreak(bytes[end]) { lineStart = false }
                position = end
            } else if Self.isWord(byte) {
                let end = Self.wordEnd(bytes, from: position)
                if lineStart, Self.word(bytes, position, end) == "import", end < bytes.count,
                    Self.isSpaceOrBreak(bytes[end]), let module = Self.importedModule(bytes, after: end)
                {
                    modules.insert(module)
                }
                lineStart = false
                position = end
            } else {
                lineStart = false
                position += 1
            }
        }
        return modules.sorted()
    }

    /// The line of the first `extension` whose header (up to its `{`) holds a `:`, adding a conformance; nil when
    /// there is none.
    package var firstConformingExtensionLine: Int? {
        let bytes = Array(text.utf8)
        // The first `extension` since the last `{`: a `:` before the next `{` is in its header (or in the header of
        // one after it, which only a file that does not compile has).
        var pending: Int?
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isWord(byte) {
                let end = Self.wordEnd(bytes, from: position)
                if pending == nil, Self.word(bytes, position, end) == "extension", end < bytes.count,
                    Self.isSpaceOrBreak(bytes[end])
                {
                    pending = position
                }
                position = end
                continue
            }
            if byte == UInt8(ascii: "{") {
                pending = nil
            } else if byte == UInt8(ascii: ":"), let start = pending {
                return line(ofOffset: start)
            }
            position += 1
        }
        return nil
    }

    /// The module an `import` names, its kind (`struct`, `func`…) skipped: the identifier after `start`.
    private static func importedModule(_ bytes: [UInt8], after start: Int) -> String? {
        let first = skippingSpace(bytes, from: start)
        guard first < bytes.count, isIdentifierStart(bytes[first]) else { return nil }
        let firstEnd = wordEnd(bytes, from: first)
        let name = word(bytes, first, firstEnd)
        let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        if kinds.contains(name), firstEnd < bytes.count, isSpaceOrBreak(bytes[firstEnd]) {
            let second = skippingSpace(bytes, from: firstEnd)
            if second < bytes.count, isIdentifierStart(bytes[second]) {
                return word(bytes, second, wordEnd(bytes, from: second))
            }
        }
        return name
    }

    private static func skippingSpace(_ bytes: [UInt8], from start: Int) -> Int {
        var position = start
        while position < bytes.count, isSpaceOrBreak(bytes[position]) { position += 1 }
        return position
    }

    private static func wordEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var position = start
        while position < bytes.count, isWord(bytes[position]) { position += 1 }
        return position
    }

    private static func word(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C || byte == 0x0D
    }

    private static func isSpaceOrBreak(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == 0x0A
    }

    /// A byte of an identifier: ASCII letters, digits and `_`, and every byte of a non-ASCII character.
    private static func isWord(_ byte: UInt8) -> Bool {
        byte >= 0x80 || isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }
}
