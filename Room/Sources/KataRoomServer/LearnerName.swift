import Foundation

/// The rules for a learner's name in the room. A name is drawn in every row of the dashboard, sent in every
/// snapshot and printed in the server's log, so it is held to a size in bytes as well as in characters (one
/// character can carry thousands of combining marks), normalised, and must show something.
public enum LearnerName {
    /// The most characters (grapheme clusters, as a person counts them).
    static let maxCharacters = 80
    /// The most UTF-8 bytes, after normalisation.
    static let maxBytes = 256
    /// The most combining marks on one character: enough for any script's stacked vowels and tones, too few for
    /// marks that climb over the rows above and below.
    static let maxMarksPerCharacter = 8

    /// The name as the room keeps it (trimmed, in Unicode's composed form, NFC, so that the same name typed on two
    /// keyboards is one name), or what is wrong with it, naming the field and saying what to send.
    public static func normalized(_ raw: String) -> Result<String, Refusal> {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !name.isEmpty, name.count <= maxCharacters, name.utf8.count <= maxBytes else {
            return .failure(
                .init(
                    "name: give a name of 1 to \(maxCharacters) characters (at most \(maxBytes) bytes) on one line, "
                        + "with --name"))
        }
        if name.unicodeScalars.contains(where: isControl) {
            return .failure(
                .init(
                    "name: a name cannot hold control characters (line breaks, tabs, escapes, direction overrides); "
                        + "give one with letters, digits, spaces and punctuation, with --name"))
        }
        if name.contains(where: { $0.unicodeScalars.count { isMark($0) } > maxMarksPerCharacter }) {
            return .failure(
                .init(
                    "name: a character of the name carries more than \(maxMarksPerCharacter) combining marks; "
                        + "give the name as it is written, with --name"))
        }
        guard name.unicodeScalars.contains(where: isVisible) else {
            return .failure(
                .init(
                    "name: the name shows nothing (only spaces, combining marks or invisible characters); give one "
                        + "with at least one letter, digit or symbol, with --name"))
        }
        return .success(name)
    }

    /// A refused name: the message for the learner.
    public struct Refusal: Error, Equatable {
        public let message: String
        init(_ message: String) { self.message = message }
    }

    /// What ``Swift/String/withVisibleControls`` escapes, with line and paragraph separators and every other C0 or
    /// C1 control: nothing in a name should move the cursor, reorder a line or start a new one.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// A scalar that draws something: not a space, a mark, a format character or one of the characters Unicode
    /// says to draw as nothing (zero-width spaces, the Hangul fillers), nor the blank braille pattern.
    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || isMark(scalar) { return false }
        switch properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate:
            return false
        default:
            return scalar.value != 0x2800
        }
    }
}
