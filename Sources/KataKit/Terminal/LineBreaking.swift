/// Where text may be broken into lines on a terminal, for languages written with spaces between words and for
/// those written without them (Chinese, Japanese): between two wide characters a line may break anywhere, except
/// before closing punctuation (，。）」) or after opening punctuation (（「), as Chinese typesetting wants.
enum LineBreaking {
    /// Punctuation a line never starts with.
    static let noBreakBefore = Set("，。、；：！？）」』》〉】〕”’…—·％,.;:!?)]}")
    /// Punctuation a line never ends with.
    static let noBreakAfter = Set("（「『《〈【〔“‘([{")

    /// A run of text that stays on one line, and whether a space separated it from the one before.
    struct Segment {
        var text = ""
        var width = 0
        var spaceBefore = false
    }

    /// Cuts a line of text (no line breaks) into unbreakable segments.
    static func segments(_ line: Substring) -> [Segment] {
        var segments: [Segment] = []
        var current = Segment()
        var lastVisible: Character?
        var pendingSpace = false
        var inEscape = false
        for character in line {
            if inEscape || character == "\u{1B}" {
                // ANSI escapes take no room and stay with the text they style, which follows them after a space.
                if !inEscape, pendingSpace, !current.text.isEmpty {
                    segments.append(current)
                    current = Segment(spaceBefore: true)
                    pendingSpace = false
                }
                inEscape = character != "m"
                current.text.append(character)
                continue
            }
            if character == " " {
                pendingSpace = true
                continue
            }
            let wide = character.isWide
            let startsNew: Bool
            if current.text.isEmpty {
                startsNew = false
            } else if pendingSpace {
                startsNew = true
            } else if noBreakBefore.contains(character) || lastVisible.map(noBreakAfter.contains) == true {
                startsNew = false
            } else {
                startsNew = wide || lastVisible?.isWide == true
            }
            if startsNew {
                segments.append(current)
                current = Segment()
            }
            if current.text.isEmpty { current.spaceBefore = pendingSpace && !segments.isEmpty }
            pendingSpace = false
            current.text.append(character)
            current.width += character.columns
            lastVisible = character
        }
        if !current.text.isEmpty { segments.append(current) }
        return segments
    }

    /// Joins the lines of a paragraph the way its language wants: a soft line break between two wide characters
    /// disappears (Chinese has no spaces between words); anywhere else it is a space.
    static func joinSoftBreak(before: String, after: String) -> String {
        if let last = withoutEscapes(before.suffix(32)).last, let first = withoutEscapes(after.prefix(32)).first,
            last.isWide || noBreakBefore.contains(last), first.isWide
        {
            return ""
        }
        return " "
    }

    /// Text without its ANSI escapes (`ESC [ … m`).
    private static func withoutEscapes(_ text: Substring) -> String {
        var result = ""
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension Character {
    /// Whether a terminal draws the character two columns wide (East Asian wide and fullwidth forms).
    var isWide: Bool {
        guard let scalar = unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The columns a terminal gives the character: 2 when wide, 0 for a combining mark, 1 otherwise.
    var columns: Int {
        if isWide { return 2 }
        return unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark } ? 0 : 1
    }
}
