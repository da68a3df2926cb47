extension String {
    /// The text with every control character shown as a Swift escape (`\u{1B}`), so that text a learner's program
    /// printed cannot clear the screen, set the window title, add links or rewrite lines when kata shows it.
    ///
    /// Line breaks and tabs stay; carriage returns, escapes, other C0 and C1 controls, DEL and the bidirectional
    /// overrides (which reorder what a line appears to say) are escaped.
    public var withVisibleControls: String {
        guard unicodeScalars.contains(where: Self.isHidden) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if Self.isHidden(scalar) {
                switch scalar {
                case "\r": result += "\\r"
                case "\0": result += "\\0"
                default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// JSON text with every character ``withVisibleControls`` would escape written as a JSON escape (`\u009b`)
    /// instead: the same JSON to a parser, and nothing a terminal obeys when the text is printed. (JSONEncoder
    /// already escapes C0 controls; C1 controls, DEL and the bidirectional overrides it writes as they are.) Such
    /// characters can only stand inside JSON strings, where the escape means the same character.
    public var jsonWithVisibleControls: String {
        guard unicodeScalars.contains(where: Self.isHidden) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if Self.isHidden(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }
}
