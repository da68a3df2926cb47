import KataBasics

/// The cells of a text's GFM tables, counted generously so that no table cmark-gfm builds goes uncounted: a table
/// starts at any line that looks like a delimiter row (`| --- | :-: |`, after quote markers and indentation) under a
/// line that is not blank, and runs to the next blank line; a row counts as many cells as it has, or as the table
/// has columns when it has fewer. Lines inside code blocks count too.
struct TableCount {
    private var table: (line: Int, columns: Int, cells: Int)?
    private var allCells = 0

    /// Counts one line; `previousIsBlank` says whether the line before was blank (or there was none).
    mutating func add(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ number: Int, _ scan: LineScan,
        after previousIsBlank: Bool, _ limits: MarkdownLimits
    ) -> MarkdownLimits.Problem? {
        if scan.isBlank {
            table = nil
            return nil
        }
        if var open = table {
            let cells = max(open.columns, scan.pipes + 1)
            open.cells += cells
            allCells += cells
            table = open
            if allCells > limits.allTableCells {
                return MarkdownLimits.Problem(
                    line: number,
                    message: "the tables of this file have more than \(limits.allTableCells) cells in all; kata reads "
                        + "up to \(limits.allTableCells). Split the file into smaller chapters")
            }
            if open.cells > limits.tableCells {
                return MarkdownLimits.Problem(
                    line: open.line,
                    message: "this table has more than \(limits.tableCells) cells; kata reads tables of up to "
                        + "\(limits.tableCells) cells. Split it, or make it a list")
            }
            return nil
        }
        guard !previousIsBlank, scan.mayBeDelimiterRow else { return nil }
        var start = range.lowerBound
        while start < range.upperBound, " \t>".utf8.contains(bytes[start]) { start += 1 }
        guard BlockStarts.isTableDelimiterRow(bytes, start..<range.upperBound),
            let columns = BlockStarts.tableCells(bytes, start..<range.upperBound)
        else { return nil }
        if columns > limits.tableColumns {
            return MarkdownLimits.Problem(
                line: number - 1,
                message: "this table has \(columns) columns; kata reads tables of up to \(limits.tableColumns) "
                    + "columns. Split it, or make it a list")
        }
        table = (number - 1, columns, 2 * columns)
        allCells += 2 * columns
        return nil
    }
}
