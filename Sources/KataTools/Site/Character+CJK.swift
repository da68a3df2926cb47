import KataWorkbook

extension Character {
    /// Whether the character is a Chinese, Japanese or Korean ideograph, kana, or full-width punctuation: the
    /// characters a text in those languages writes without spaces between words.
    var isCJK: Bool {
        guard let scalar = unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2E80...0x2FDF, 0x3000...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFF60, 0xAC00...0xD7A3, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension MarkdownNode {
    /// Whether a soft line break between `previous` and `next` joins them with nothing: between two CJK
    /// characters a line break is not a space (a browser would show one), as CSS Text 3 asks of a renderer.
    static func softBreakJoinsWithoutSpace(after previous: MarkdownNode?, before next: MarkdownNode?) -> Bool {
        guard let last = previous?.plainText.last, let first = next?.plainText.first else { return false }
        return last.isCJK && first.isCJK
    }
}
