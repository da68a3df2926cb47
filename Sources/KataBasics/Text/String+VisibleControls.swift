extension String {
    /// The text with every control character shown as a Swift escape (`\u{1B}`), so that text a learner's program
    /// printed cannot clear the screen, set the window title, add links or rewrite lines when kata shows it.
    ///
    /// Line breaks and tabs stay; carriage returns, escapes, other C0 and C1 controls, DEL and the bidirectional
    /// overrides (which reorder what a line appears to say) are escaped.
    public var withVisibleControls: String {
        escapingControls(keepingLines: true)
    }

    /// The text on one line, every control character shown as a Swift escape, line breaks (`\n`) and tabs (`\t`)
    /// too: for a value that kata read from a file, a file name or the environment and shows inside a sentence (a
    /// path, a language code, a name), where a line break would start what looks like another message.
    public var withVisibleControlsOnOneLine: String {
        escapingControls(keepingLines: false)
    }

    private func escapingControls(keepingLines: Bool) -> String {
        let isHidden = { (scalar: Unicode.Scalar) in Self.isHidden(scalar, keepingLines: keepingLines) }
        guard unicodeScalars.contains(where: isHidden) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if isHidden(scalar) {
                switch scalar {
                case "\r": result += "\\r"
                case "\n": result += "\\n"
                case "\t": result += "\\t"
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
        // Line breaks stay: outside strings they are the JSON's own layout, and inside one JSONEncoder escapes them.
        let isHidden = { (scalar: Unicode.Scalar) in Self.isHidden(scalar, keepingLines: true) }
        guard unicodeScalars.contains(where: isHidden) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if isHidden(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isHidden(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLines
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        case 0x2028, 0x2029: !keepingLines
        default: false
        }
    }
}
