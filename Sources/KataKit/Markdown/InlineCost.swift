/// An upper bound on the work cmark-gfm 0.29 does on the inlines of a text, counted without parsing it.
///
/// cmark-gfm parses a paragraph's inlines as one run of text, and for some inputs each character that may open markup
/// makes it read to the end of that run: raw HTML that never closes (`<?`, `<!A`, `<![CDATA[`), images and links
/// whose brackets never close (`![[]()`), emphasis delimiters that cannot match. So its time is at most proportional to
/// the paragraph's length times the number of such characters in it. A line that looks like a table's delimiter row
/// under a paragraph makes the table extension read the whole paragraph again, line by line.
///
/// A paragraph is taken to be every line up to a blank one: no paragraph of cmark's crosses a blank line, so this
/// can only count more than cmark reads, never less. The count covers code blocks too, so that no line escapes it by
/// being taken for code when cmark does not take it so; code costs little, because it has few such characters.
///
/// A table's cells are read one by one, so its rows are counted one by one; but only where cmark surely builds a
/// table: a header row right after a blank line, a delimiter row under it, the same number of cells in both, and
/// rows that start with `|` after the same quote markers and spaces as the header.
struct InlineCost {
    /// One paragraph's counts.
    struct Paragraph {
        /// Its first line.
        var line: Int
        var lines = 0
        var bytes = 0
        /// Characters that may open markup (`<`, `[`, `]`, and runs of `*`, `_`, `~` and backticks), not escaped.
        var markup = 0
        /// How often each of those characters occurs, to name the commonest in a message.
        var counts: [UInt8: Int] = [:]
        /// Lines that look like a table's delimiter row, and the lines and bytes the table extension reads for them.
        var delimiterRows = 0
        var rereads = 0

        /// The work this paragraph may take.
        var cost: Int { markup * bytes + rereads }

        /// The character that opens markup most often here (the first of `<[]*_~` and backtick, on a tie).
        var commonest: Character {
            var best: (byte: UInt8, count: Int) = (UInt8(ascii: "<"), 0)
            for byte in "<[]*_~`".utf8 where counts[byte, default: 0] > best.count { best = (byte, counts[byte]!) }
            return Character(Unicode.Scalar(best.byte))
        }
    }

    private(set) var paragraph: Paragraph?
    /// The paragraph's first line: a table's header row, when the next line is its delimiter row.
    private var firstLine: Range<Int> = 0..<0
    /// In a table: the quote markers and spaces before each of its rows.
    private var tablePrefix: [UInt8]?
    /// The work of the paragraphs (and table rows) already finished.
    private(set) var total = 0

    /// Counts one line (`number` is one-based). A blank line ends the paragraph, which is returned, and so does a
    /// table's delimiter row; a table's row is returned as a paragraph of its own.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int) -> Paragraph? {
        if Self.isBlank(bytes, range) {
            tablePrefix = nil
            return finish()
        }
        let row = Self.rowPrefix(bytes, range)
        if let prefix = tablePrefix {
            if let row, bytes[range.lowerBound..<row].elementsEqual(prefix) {
                var cells = Paragraph(line: number)
                Self.count(bytes, range, into: &cells)
                total += cells.cost
                return cells
            }
            tablePrefix = nil
        }
        if let current = paragraph, current.lines == 1, let row, let header = Self.rowPrefix(bytes, firstLine),
            bytes[range.lowerBound..<row].elementsEqual(bytes[firstLine.lowerBound..<header]),
            Self.startsTable(bytes, header: header..<firstLine.upperBound, delimiter: row..<range.upperBound)
        {
            tablePrefix = Array(bytes[range.lowerBound..<row])
            return finish()
        }
        if paragraph == nil { firstLine = range }
        var current = paragraph ?? Paragraph(line: number)
        var contentStart = range.lowerBound
        while contentStart < range.upperBound, " \t>".utf8.contains(bytes[contentStart]) { contentStart += 1 }
        if BlockStarts.isTableDelimiterRow(bytes, contentStart..<range.upperBound) {
            current.delimiterRows += 1
            current.rereads += current.lines * current.bytes
        }
        Self.count(bytes, range, into: &current)
        paragraph = current
        return nil
    }

    /// Where a table row's `|` is, when the line is spaces and quote markers, then `|`.
    private static func rowPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound, bytes[index] == 0x20 || bytes[index] == UInt8(ascii: ">") { index += 1 }
        return index < range.upperBound && bytes[index] == UInt8(ascii: "|") ? index : nil
    }

    /// Whether cmark-gfm makes a table of this header and delimiter row (kept simple: no backslash in either).
    private static func startsTable(
        _ bytes: UnsafeBufferPointer<UInt8>, header: Range<Int>, delimiter: Range<Int>
    ) -> Bool {
        guard !bytes[header].contains(UInt8(ascii: "\\")), BlockStarts.isTableDelimiterRow(bytes, delimiter),
            let columns = BlockStarts.tableCells(bytes, header)
        else { return false }
        return BlockStarts.tableCells(bytes, delimiter) == columns
    }

    /// Adds a line's bytes and the characters in it that may open markup.
    private static func count(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into current: inout Paragraph) {
        current.lines += 1
        current.bytes += range.count + 1
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                // An escaped character opens nothing; a backtick after a backslash still ends a code span.
                if index + 1 < range.upperBound, bytes[index + 1] != UInt8(ascii: "`") { index += 1 }
            case UInt8(ascii: "<"), UInt8(ascii: "["), UInt8(ascii: "]"):
                current.markup += 1
                current.counts[byte, default: 0] += 1
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "`"):
                current.markup += 1
                current.counts[byte, default: 0] += 1
                while index + 1 < range.upperBound, bytes[index + 1] == byte { index += 1 }
            default:
                break
            }
            index += 1
        }
    }

    /// Ends the open paragraph, if any, and returns it.
    mutating func finish() -> Paragraph? {
        guard let finished = paragraph else { return nil }
        paragraph = nil
        total += finished.cost
        return finished
    }

    /// A line that ends every paragraph cmark may have open: spaces and tabs only, after block quote markers (each
    /// indented by at most three spaces). A marker after a tab, or indented more, could be a paragraph's text.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while true {
            var spaces = 0
            while index < range.upperBound, bytes[index] == 0x20, spaces < 4 {
                index += 1
                spaces += 1
            }
            guard spaces <= 3, index < range.upperBound, bytes[index] == UInt8(ascii: ">") else { break }
            index += 1
            if index < range.upperBound, bytes[index] == 0x20 { index += 1 }
        }
        return bytes[index..<range.upperBound].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
