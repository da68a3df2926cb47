/// Text for an XML 1.0 attribute or element, for files an instructor's tools read (`grades.xml`).
package enum XMLText {
    /// `text` escaped for XML, with every character XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) replaced by
    /// a visible escape (`\u{1}`), as are the other controls ``Swift/String/withVisibleControls`` shows: one
    /// learner's name or return value must not leave the whole class's file unreadable, nor vanish without a trace.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.withVisibleControls.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            // Character references, so that a parser's attribute normalisation keeps them.
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            case "\u{FFFE}", "\u{FFFF}": result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
