import KataBasics

/// A position in one line of Markdown, counted both in bytes and in columns (a tab stops at every fourth column), the
/// way CommonMark measures the indentation that decides which block a line belongs to.
///
/// The line is read as if it ended with a line break, as cmark-gfm reads it: `peek` past its end gives "\n".
struct LineCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the line ends (its line break left out).
    let end: Int
    /// The next byte to read.
    var offset: Int
    /// The column of `offset`; inside a tab when `partialTab` is set.
    var column = 0
    /// Set when advancing by columns stopped inside a tab: `offset` still points at it.
    var partialTab = false
    /// The first byte from `offset` that is not a space or a tab, its column, and how far it is indented.
    private(set) var firstNonspace = 0
    private(set) var firstNonspaceColumn = 0
    private(set) var indent = 0
    /// Whether the rest of the line is spaces and tabs only.
    private(set) var blank = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.bytes = bytes
        self.end = range.upperBound
        self.offset = range.lowerBound
    }

    func peek(_ index: Int) -> UInt8 {
        index < end ? bytes[index] : MarkdownLines.newline
    }

    static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    /// Whether `byte` is a space as cmark's `cmark_isspace` sees one: a space, a tab or a line break (not a vertical
    /// tab or a form feed).
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Finds the first byte from `offset` that is neither a space nor a tab.
    mutating func findFirstNonspace() {
        var toTabStop = 4 - column % 4
        firstNonspace = offset
        firstNonspaceColumn = column
        while firstNonspace < end {
            let byte = bytes[firstNonspace]
            if byte == 0x20 {
                firstNonspace += 1
                firstNonspaceColumn += 1
                toTabStop -= 1
                if toTabStop == 0 { toTabStop = 4 }
            } else if byte == 0x09 {
                firstNonspace += 1
                firstNonspaceColumn += toTabStop
                toTabStop = 4
            } else {
                break
            }
        }
        indent = firstNonspaceColumn - column
        blank = firstNonspace >= end
    }

    /// Moves on by `count` columns (a tab may be consumed in part) or, when `columns` is false, by `count` bytes.
    mutating func advance(_ count: Int, columns: Bool) {
        var count = count
        while count > 0, offset < end {
            if bytes[offset] == 0x09 {
                let toTabStop = 4 - column % 4
                if columns {
                    partialTab = toTabStop > count
                    let step = min(count, toTabStop)
                    column += step
                    if !partialTab { offset += 1 }
                    count -= step
                } else {
                    partialTab = false
                    column += toTabStop
                    offset += 1
                    count -= 1
                }
            } else {
                partialTab = false
                offset += 1
                column += 1
                count -= 1
            }
        }
    }

    /// Moves on to the byte at `index`.
    mutating func advance(to index: Int) {
        advance(index - offset, columns: false)
    }
}
