import KataBasics
import KataMessages

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
        /// How often each of those characters occurs (in the order of `LineScan.markupCharacters`), to name the
        /// commonest in a message.
        var counts = SIMD8<Int>()
        /// Lines that look like a table's delimiter row, and the lines and bytes the table extension reads for them.
        var delimiterRows = 0
        var rereads = 0

        /// The work this paragraph may take.
        var cost: Int { markup * bytes + rereads }

        /// The character that opens markup most often here (the first of `<[]*_~` and backtick, on a tie).
        var commonest: Character {
            var best = 0
            for index in LineScan.markupCharacters.indices where counts[index] > counts[best] { best = index }
            return Character(Unicode.Scalar(LineScan.markupCharacters[best]))
        }

        mutating func add(_ line: LineScan, bytes: Int) {
            lines += 1
            self.bytes += bytes + 1
            markup += line.markup
            counts &+= line.counts
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
    mutating func add(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ scan: LineScan, number: Int
    ) -> Paragraph? {
        if Self.isBlank(bytes, range) {
            tablePrefix = nil
            return finish()
        }
        let row = Self.rowPrefix(bytes, range)
        if let prefix = tablePrefix {
            if let row, bytes[range.lowerBound..<row].elementsEqual(prefix) {
                var cells = Paragraph(line: number)
                cells.add(scan, bytes: range.count)
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
        if scan.mayBeDelimiterRow, BlockStarts.isTableDelimiterRow(bytes, Self.content(bytes, range)) {
            current.delimiterRows += 1
            current.rereads += current.lines * current.bytes
        }
        current.add(scan, bytes: range.count)
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

    /// The line after its quote markers and indentation.
    private static func content(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        while start < range.upperBound, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x3E {
            start += 1
        }
        return start..<range.upperBound
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

/// What one pass over a line's bytes finds: the `|` that may end table cells, the characters that may open markup
/// (not counting those escaped with a backslash), and the work of cmark-gfm's autolink extension.
package struct LineScan {
    /// The characters counted, each run of `*`, `_`, `~` and backticks once.
    static let markupCharacters = Array("<[]*_~`".utf8)

    var pipes = 0
    var markup = 0
    /// How often each of `markupCharacters` occurs (the eighth lane is unused).
    var counts = SIMD8<Int>()
    /// Whether the line has a `-` (a delimiter row needs one; the pipes are optional).
    var mayBeDelimiterRow = false
    /// Whether the line is spaces and tabs only.
    var isBlank = true
    /// For each `@`, `www.` and `://`, the length of its word (a run without a space or tab): cmark-gfm's autolink
    /// extension reads on from each through the e-mail address or domain that may follow, to the word's end at most,
    /// so a long word of `a@a@a@…` or `www._www._…` costs it the square of its length. A backslash before an `@`
    /// does not stop it.
    var autolinkCost = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var index = range.lowerBound
        let end = range.upperBound
        var wordStart = index
        var linkStarts = 0
        while index < end {
            let byte = bytes[index]
            var kind = -1
            switch byte {
            case 0x20, 0x09:
                autolinkCost += linkStarts * (index - wordStart)
                linkStarts = 0
                wordStart = index + 1
            case UInt8(ascii: "\\"):
                isBlank = false
                // An escaped character opens nothing; a backtick after a backslash still ends a code span.
                if index + 1 < end, bytes[index + 1] != UInt8(ascii: "`"), BlockStarts.isPunctuation(bytes[index + 1]) {
                    index += 1
                    if bytes[index] == UInt8(ascii: "@") { linkStarts += 1 }
                }
            case UInt8(ascii: "@"): linkStarts += 1
            case UInt8(ascii: "w"):
                if index + 3 < end, bytes[index + 1] == byte, bytes[index + 2] == byte,
                    bytes[index + 3] == UInt8(ascii: ".")
                {
                    linkStarts += 1
                }
            case UInt8(ascii: ":"):
                if index + 2 < end, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") {
                    linkStarts += 1
                }
            case UInt8(ascii: "|"): pipes += 1
            case UInt8(ascii: "-"): mayBeDelimiterRow = true
            case UInt8(ascii: "<"): kind = 0
            case UInt8(ascii: "["): kind = 1
            case UInt8(ascii: "]"): kind = 2
            case UInt8(ascii: "*"): kind = 3
            case UInt8(ascii: "_"): kind = 4
            case UInt8(ascii: "~"): kind = 5
            case UInt8(ascii: "`"): kind = 6
            default: break
            }
            if byte != 0x20 && byte != 0x09 { isBlank = false }
            if kind >= 0 {
                markup += 1
                counts[kind] += 1
                if kind >= 3 {
                    while index + 1 < end, bytes[index + 1] == byte { index += 1 }
                }
            }
            index += 1
        }
        autolinkCost += linkStarts * (end - wordStart)
    }
}
