/// What kata will parse as Markdown, so that no chapter can stall it: cmark-gfm takes time that grows with the square
/// of some inputs (deeply nested lists and quotes, wide or long tables, long runs of characters without a space,
/// where its autolink and strikethrough extensions look back), and kata's own tree grows with every element.
///
/// The byte-level checks run before cmark sees the text, in one pass; the element count is taken after cmark has
/// parsed (in C, quickly) and before kata converts its tree. Each limit is far above what a chapter needs: the
/// bundled workbook's largest chapter is 72 KB with a few thousand elements.
public struct MarkdownLimits: Sendable {
    /// Largest chapter, in bytes.
    public var bytes = 1 << 20
    /// Deepest nesting of block quotes and list items on one line.
    public var depth = 32
    /// Widest indentation, in columns (a tab counts four).
    public var indentation = 256
    /// Most columns in a table.
    public var tableColumns = 64
    /// Most cells in one table (rows times columns).
    public var tableCells = 20_000
    /// Most cells in all the tables of one file.
    public var allTableCells = 50_000
    /// Longest run of characters without a space or line break, outside fenced code.
    public var word = 4_096
    /// Most elements (blocks and inlines) in one document.
    public var nodes = 150_000

    public init() {}

    /// Why a text is refused, at its one-based line.
    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    /// The first problem in `text`, found without parsing it; nil when it may be parsed.
    public func problem(in text: String) -> Problem? {
        let bytes = Array(text.utf8)
        guard bytes.count <= self.bytes else {
            return Problem(
                line: 1,
                message: "this file is \(bytes.count) bytes; kata reads Markdown files of up to \(self.bytes) bytes. "
                    + "Split it into smaller chapters")
        }
        var lineNumber = 0
        var start = 0
        var fence: (character: UInt8, length: Int)?
        var previousLineHasPipe = false
        var table: (line: Int, columns: Int, rows: Int)?
        var cellsSoFar = 0
        while start <= bytes.count {
            lineNumber += 1
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[start..<end]
            defer { start = end + 1 }

            if let problem = nesting(line, lineNumber) { return problem }
            let trimmed = line.drop { $0 == 32 || $0 == 9 || $0 == UInt8(ascii: ">") }
            if let marker = Self.fenceMarker(trimmed) {
                if let open = fence {
                    if marker.character == open.character, marker.length >= open.length,
                        trimmed.dropFirst(marker.length).allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 })
                    {
                        fence = nil
                    }
                } else {
                    fence = marker
                }
                previousLineHasPipe = false
                continue
            }
            if fence != nil { continue }
            if let problem = longWord(line, lineNumber) { return problem }

            // Tables: a delimiter row under a row with a pipe starts one; it runs to the next blank line.
            let isBlank = line.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 }
            if var open = table {
                if isBlank {
                    table = nil
                } else {
                    open.rows += 1
                    table = open
                    cellsSoFar += open.columns
                    if cellsSoFar > allTableCells {
                        return Problem(
                            line: lineNumber,
                            message: "the tables of this file have more than \(allTableCells) cells in all; kata reads "
                                + "up to \(allTableCells). Split the file into smaller chapters")
                    }
                    if open.rows * open.columns > tableCells {
                        return Problem(
                            line: open.line,
                            message: "this table has more than \(tableCells) cells; kata reads tables of up to "
                                + "\(tableCells) cells. Split it, or make it a list")
                    }
                }
            } else if previousLineHasPipe, let columns = Self.delimiterColumns(line) {
                if columns > tableColumns {
                    return Problem(
                        line: lineNumber - 1,
                        message: "this table has \(columns) columns; kata reads tables of up to \(tableColumns) "
                            + "columns. Split it, or make it a list")
                }
                table = (lineNumber - 1, columns, 2)
                cellsSoFar += 2 * columns
            }
            previousLineHasPipe = line.contains(UInt8(ascii: "|"))
        }
        return nil
    }

    /// The element count's problem, for a document cmark has parsed: reported at the element that passes the limit.
    func tooManyNodes(at line: Int) -> Problem {
        Problem(
            line: line,
            message: "this file has more than \(nodes) Markdown elements; kata reads files of up to \(nodes). "
                + "Split it into smaller chapters")
    }

    private func nesting(_ line: ArraySlice<UInt8>, _ number: Int) -> Problem? {
        var depth = 0
        var columns = 0
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            if byte == 32 {
                columns += 1
            } else if byte == 9 {
                columns += 4
            } else if byte == UInt8(ascii: ">") {
                depth += 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
                guard index + 1 < line.endIndex, line[index + 1] == 32 || line[index + 1] == 9 else { break }
                depth += 1
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                var digit = index
                while digit < line.endIndex, line[digit] >= UInt8(ascii: "0"), line[digit] <= UInt8(ascii: "9") {
                    digit += 1
                }
                guard digit + 1 < line.endIndex, digit - index <= 9,
                    line[digit] == UInt8(ascii: ".") || line[digit] == UInt8(ascii: ")"),
                    line[digit + 1] == 32 || line[digit + 1] == 9
                else { break }
                depth += 1
                index = digit
            } else {
                break
            }
            if depth > self.depth {
                return Problem(
                    line: number,
                    message: "this line nests quotes or lists more than \(self.depth) levels deep; kata reads "
                        + "up to \(self.depth)")
            }
            if columns > indentation {
                return Problem(
                    line: number,
                    message: "this line is indented more than \(indentation) columns; kata reads up to "
                        + "\(indentation)")
            }
            index += 1
        }
        return nil
    }

    private func longWord(_ line: ArraySlice<UInt8>, _ number: Int) -> Problem? {
        guard line.count > word else { return nil }
        var run = 0
        for byte in line {
            run = byte == 32 || byte == 9 ? 0 : run + 1
            if run > word {
                return Problem(
                    line: number,
                    message: "this line has more than \(word) characters without a space (outside a code block); "
                        + "kata reads words of up to \(word)")
            }
        }
        return nil
    }

    /// A code fence (three or more backticks or tildes) at the start of `text`.
    static func fenceMarker(_ text: ArraySlice<UInt8>) -> (character: UInt8, length: Int)? {
        guard let first = text.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
        let length = text.prefix { $0 == first }.count
        return length >= 3 ? (first, length) : nil
    }

    /// The number of columns of a GFM table's delimiter row (`| --- | :-: |`), or nil if the line is not one.
    static func delimiterColumns(_ line: ArraySlice<UInt8>) -> Int? {
        var cells = line.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map {
            $0.filter { $0 != 32 && $0 != 9 && $0 != 13 }
        }
        if cells.first?.isEmpty == true { cells.removeFirst() }
        if cells.last?.isEmpty == true { cells.removeLast() }
        guard !cells.isEmpty else { return nil }
        for cell in cells {
            let dashes = cell.drop { $0 == UInt8(ascii: ":") }.reversed().drop { $0 == UInt8(ascii: ":") }
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }), cell.count - dashes.count <= 2
            else { return nil }
        }
        return cells.count
    }
}
