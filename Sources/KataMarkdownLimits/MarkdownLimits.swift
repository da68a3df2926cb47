import KataBasics

/// What kata will parse as Markdown, so that no chapter can stall it. cmark-gfm 0.29 (the version Debian ships) takes
/// time that grows with the square of some inputs: deeply nested lists and quotes; wide or long tables, and table rows
/// with many cells; long runs of characters without a space, where its autolink extension looks back, and words with
/// many `@` or `www.`, where it reads on again for each (see ``LineScan``); raw HTML, links and images that never
/// close, and delimiter runs that never match, each read again to the end of its paragraph (see ``InlineCost``). Its
/// memory grows with a link reference definition's length times the links that use it (see ``LinkReferences``).
/// kata's own tree grows with every element.
///
/// The text checks run before cmark sees the text, in one pass over its lines (and, when a line may start a link
/// reference definition, a second for the brackets that may use it), and hold inside code blocks too (only
/// the length of words is free there, as cmark reads code as it is): a line the pre-scan takes for code and cmark does
/// not is checked all the same. The element count is taken after cmark has parsed (in C, quickly) and before kata
/// converts its tree. Each limit is far above what a chapter needs: the bundled workbook's largest chapter is 72 KB
/// with a few thousand elements, its widest table has 6 columns, its costliest paragraph and file are over 400 times
/// under their limits, its autolink work nearly 10,000 times, and it defines no link reference.
package struct MarkdownLimits: Sendable {
    /// Largest chapter, in bytes.
    package var bytes = 1 << 20
    /// Deepest nesting of block quotes and list items on one line.
    package var depth = 32
    /// Widest indentation, in columns (a tab counts four).
    package var indentation = 256
    /// Most columns in a table.
    var tableColumns = 64
    /// Most `|` on one line (not counting those escaped with a backslash): a row of the widest table has 65.
    package var pipes = 128
    /// Most cells in one table (rows times columns, or the row's cells when it has more).
    var tableCells = 20_000
    /// Most cells in all the tables of one file.
    var allTableCells = 50_000
    /// Longest run of characters without a space or tab (in code, only a run that could hold a link counts).
    package var word = 4_096
    /// Most work for cmark-gfm's inline parser in one paragraph: its bytes times the characters in it that may open
    /// markup, plus what lines that look like a table's delimiter row make it read again (see ``InlineCost``).
    package var paragraphCost = 100_000_000
    /// The same, summed over the paragraphs of one file.
    package var fileCost = 200_000_000
    /// Most work for cmark-gfm's autolink extension in one file: for each `@`, `www.` and `://`, the length of the
    /// word it is in.
    package var autolinks = 20_000_000
    /// Most bytes that links copy from link reference definitions in one file: for each link that may use a
    /// definition, the definition's destination and title.
    package var referenceCopies = 1 << 20
    /// Most elements (blocks and inlines) in one document.
    package var nodes = 150_000
    /// Longest info string of a code fence (`swift mutant id=… note="…"`), in bytes.
    package var infoString = 1_000

    package init() {}

    /// Why a text is refused, at its one-based line.
    package struct Problem: Error, Equatable, Sendable {
        package var line: Int
        package var message: String
    }

    /// The first problem in `text`, found without parsing it; nil when it may be parsed.
    package func problem(in text: String) -> Problem? {
        var text = text
        return text.withUTF8 { problem(inBytes: $0) }
    }

    private func problem(inBytes bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        guard bytes.count <= self.bytes else {
            return Problem(
                line: 1,
                message: "this file is \(bytes.count) bytes; kata reads Markdown files of up to \(self.bytes) bytes. "
                    + "Split it into smaller chapters")
        }
        var blocks = BlockTracker()
        var tables = TableCount()
        var inline = InlineCost()
        var previousIsBlank = true
        var autolinkCost = 0
        let lines = MarkdownLines.ranges(bytes)
        for (index, range) in lines.enumerated() {
            let number = index + 1
            if let problem = nesting(bytes[range], number) { return problem }
            let isCode: Bool
            switch blocks.read(bytes, range) {
            case .fenceOpening(.code), .fenceContent(.code): isCode = true
            default: isCode = false
            }
            if let problem = longWord(bytes[range], number, isCode: isCode) { return problem }
            let scan = LineScan(bytes, range)
            let pipes = scan.pipes
            if pipes > self.pipes {
                return Problem(
                    line: number,
                    message: "this line has \(pipes) '|'; kata reads lines of up to \(self.pipes) (a table has at most "
                        + "\(tableColumns) columns). Split the table, or write '\\|' for a '|' that is not a cell's edge"
                )
            }
            autolinkCost += scan.autolinkCost
            if autolinkCost > autolinks {
                return Problem(
                    line: number,
                    message: "the words of this file up to this line that hold '@', 'www.' or '://' cost cmark-gfm's "
                        + "autolink extension \(autolinkCost) (each of those, times the length of its word); kata "
                        + "reads files of up to \(autolinks). Break long words that hold them with spaces")
            }
            if let problem = tables.add(bytes, range, number, scan, after: previousIsBlank, self) { return problem }
            previousIsBlank = scan.isBlank
            if let finished = inline.add(bytes, range, scan, number: number), let problem = cost(finished, inline.total)
            {
                return problem
            }
        }
        if let finished = inline.finish(), let problem = cost(finished, inline.total) { return problem }
        return LinkReferences.problem(bytes, lines, self)
    }

    /// The element count's problem, for a document cmark has parsed: reported at the element that passes the limit.
    package func tooManyNodes(at line: Int) -> Problem {
        Problem(
            line: line,
            message: "this file has more than \(nodes) Markdown elements; kata reads files of up to \(nodes). "
                + "Split it into smaller chapters")
    }

    private func cost(_ paragraph: InlineCost.Paragraph, _ total: Int) -> Problem? {
        if paragraph.cost > paragraphCost {
            if paragraph.rereads > paragraph.markup * paragraph.bytes {
                return Problem(
                    line: paragraph.line,
                    message: "this paragraph has \(paragraph.delimiterRows) lines that look like a table's delimiter "
                        + "row (|---|) among its \(paragraph.lines) lines, and cmark-gfm reads the paragraph again for "
                        + "each; kata reads a paragraph when that work is at most \(paragraphCost) (lines times bytes, "
                        + "for each such row). Put a blank line before each table")
            }
            return Problem(
                line: paragraph.line,
                message: "this paragraph is \(paragraph.bytes) bytes long and has \(paragraph.markup) characters that "
                    + "may start markup ('\(paragraph.commonest)' most often); cmark-gfm may read to the paragraph's "
                    + "end for each, and kata reads a paragraph when its bytes times those characters is at most "
                    + "\(paragraphCost). Split it with blank lines, or write '\\\(paragraph.commonest)' for a "
                    + "'\(paragraph.commonest)' that is not markup")
        }
        if total > fileCost {
            return Problem(
                line: paragraph.line,
                message: "the paragraphs of this file, up to this one, have \(total) bytes times characters that may "
                    + "start markup in all; kata reads files of up to \(fileCost). Split the file into smaller chapters"
            )
        }
        return nil
    }

    private func nesting(_ line: Slice<UnsafeBufferPointer<UInt8>>, _ number: Int) -> Problem? {
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

    /// A run of more than `word` bytes without a space or tab. In code, only a run that could hold an autolink (with
    /// `@`, `:` or `www.`) counts: cmark reads code as it is, and without those characters a long run costs it nothing.
    private func longWord(_ line: Slice<UnsafeBufferPointer<UInt8>>, _ number: Int, isCode: Bool) -> Problem? {
        guard line.count > word else { return nil }
        var start = line.startIndex
        while start < line.endIndex {
            var end = start
            while end < line.endIndex, line[end] != 32, line[end] != 9 { end += 1 }
            if end - start > word, !isCode || Self.mayHoldLink(line[start..<end]) {
                return Problem(
                    line: number,
                    message: "this line has more than \(word) characters without a space"
                        + (isCode ? " that could be read as a link" : " (outside a code block)")
                        + "; kata reads words of up to \(word)")
            }
            start = end + 1
        }
        return nil
    }

    private static func mayHoldLink(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        if word.contains(UInt8(ascii: "@")) || word.contains(UInt8(ascii: ":")) { return true }
        let lowered = word.map { $0 | 0x20 }
        return lowered.indices.contains { index in
            index + 4 <= lowered.count && lowered[index..<index + 4].elementsEqual("www.".utf8.map { $0 | 0x20 })
        }
    }
}
