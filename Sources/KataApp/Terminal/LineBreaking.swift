import KataBasics
import KataMessages

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

    /// Breaks text into lines of at most `width` visible columns: at spaces, and between wide characters.
    static func wrap(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var lines: [String] = []
            var current = ""
            var currentWidth = 0
            for segment in segments(line) {
                let space = segment.spaceBefore && currentWidth > 0 ? 1 : 0
                if currentWidth > 0, currentWidth + space + segment.width > width {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                } else if space == 1 {
                    current += " "
                    currentWidth += 1
                }
                current += segment.text
                currentWidth += segment.width
            }
            lines.append(current)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
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
