/// The lines that start a block in CommonMark and GitHub Flavored Markdown, recognised as cmark-gfm 0.29 recognises
/// them (its `scanners.re` and table extension), each from a line's first non-space byte.
enum BlockStarts {
    typealias Cursor = LineCursor

    private static let backtick = UInt8(ascii: "`")
    private static let tilde = UInt8(ascii: "~")
    private static let pipe = UInt8(ascii: "|")

    /// `#` to `######` followed by a space, a tab or the end of the line.
    static func isATXHeading(_ line: Cursor, at start: Int) -> Bool {
        var index = start
        while line.peek(index) == UInt8(ascii: "#"), index - start < 6 { index += 1 }
        let next = line.peek(index)
        return index > start && (Cursor.isSpaceOrTab(next) || next == MarkdownLines.newline)
    }

    /// An opening code fence: three or more backticks whose line has no other backtick, or three or more tildes.
    static func openingFence(_ line: Cursor, at start: Int) -> (character: UInt8, length: Int, info: Range<Int>)? {
        let character = line.peek(start)
        guard character == backtick || character == tilde else { return nil }
        var index = start
        while line.peek(index) == character { index += 1 }
        let length = index - start
        guard length >= 3 else { return nil }
        if character == backtick, line.bytes[index..<max(index, line.end)].contains(backtick) { return nil }
        var infoStart = index
        var infoEnd = line.end
        while infoStart < infoEnd, Cursor.isSpace(line.bytes[infoStart]) { infoStart += 1 }
        while infoEnd > infoStart, Cursor.isSpace(line.bytes[infoEnd - 1]) { infoEnd -= 1 }
        return (character, length, infoStart..<infoEnd)
    }

    /// The length of a closing fence of `character`: the run of it, then spaces and tabs only. Zero when there is none.
    static func closingFenceLength(_ line: Cursor, at start: Int, character: UInt8) -> Int {
        var index = start
        while line.peek(index) == character { index += 1 }
        let length = index - start
        guard length >= 3 else { return 0 }
        while Cursor.isSpaceOrTab(line.peek(index)) { index += 1 }
        return index >= line.end ? length : 0
    }

    /// A setext heading's underline: `=` or `-` repeated, then spaces and tabs only.
    static func isSetextUnderline(_ line: Cursor, at start: Int) -> Bool {
        let character = line.peek(start)
        guard character == UInt8(ascii: "=") || character == UInt8(ascii: "-") else { return false }
        var index = start
        while line.peek(index) == character { index += 1 }
        while Cursor.isSpaceOrTab(line.peek(index)) { index += 1 }
        return index >= line.end
    }

    /// Three or more `*`, `-` or `_` (one of them), with spaces and tabs between, and nothing else.
    static func isThematicBreak(_ line: Cursor, at start: Int) -> Bool {
        let character = line.peek(start)
        guard character == UInt8(ascii: "*") || character == UInt8(ascii: "-") || character == UInt8(ascii: "_")
        else { return false }
        var count = 0
        var index = start
        while index < line.end {
            let byte = line.bytes[index]
            if byte == character {
                count += 1
            } else if !Cursor.isSpaceOrTab(byte) {
                return false
            }
            index += 1
        }
        return count >= 3
    }

    /// A list item's marker: its width in bytes and which list it belongs to (the bullet, or the ordered list's
    /// delimiter). A marker that interrupts a paragraph needs text after it and, when ordered, must count from 1.
    static func listMarker(
        _ line: Cursor, at start: Int, interruptsParagraph: Bool
    ) -> (width: Int, list: UInt8)? {
        let first = line.peek(start)
        var index = start
        let list: UInt8
        if first == UInt8(ascii: "*") || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            index += 1
            list = first
        } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            var number = 0
            repeat {
                number = number * 10 + Int(line.peek(index) - UInt8(ascii: "0"))
                index += 1
            } while index - start < 9 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line.peek(index))
            if interruptsParagraph && number != 1 { return nil }
            let delimiter = line.peek(index)
            guard delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")") else { return nil }
            index += 1
            list = delimiter
        } else {
            return nil
        }
        guard Cursor.isSpace(line.peek(index)) else { return nil }
        if interruptsParagraph {
            var rest = index
            while Cursor.isSpaceOrTab(line.peek(rest)) { rest += 1 }
            if rest >= line.end { return nil }
        }
        return (index - start, list)
    }

    /// A GFM table's delimiter row (`| :-- | --: |`), as cmark-gfm's `scan_table_start` matches it.
    static func isTableDelimiterRow(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C }
        var index = range.lowerBound
        let end = range.upperBound
        if index < end, bytes[index] == pipe { index += 1 }
        var cells = 0
        while true {
            while index < end, isSpace(bytes[index]) { index += 1 }
            let marker = index
            if index < end, bytes[index] == UInt8(ascii: ":") { index += 1 }
            let dashes = index
            while index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
            // After a trailing pipe, only spaces may follow.
            guard index > dashes else { return cells > 0 && marker >= end }
            if index < end, bytes[index] == UInt8(ascii: ":") { index += 1 }
            while index < end, isSpace(bytes[index]) { index += 1 }
            cells += 1
            guard index < end, bytes[index] == pipe else { return index >= end }
            index += 1
        }
    }

    /// The number of cells cmark-gfm finds in a table row (its `row_from_string` on one line), or nil for none.
    static func tableCells(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C }
        let end = range.upperBound
        // A pipe and the spaces after it end a cell.
        func cellEnd(_ index: Int) -> Int {
            guard index < end, bytes[index] == pipe else { return 0 }
            var next = index + 1
            while next < end, isSpace(bytes[next]) { next += 1 }
            return next - index
        }
        // Escaped punctuation, or anything but a pipe.
        func cell(_ index: Int) -> Int {
            var next = index
            while next < end {
                if bytes[next] == UInt8(ascii: "\\"), next + 1 < end, isPunctuation(bytes[next + 1]) {
                    next += 2
                } else if bytes[next] != pipe {
                    next += 1
                } else {
                    break
                }
            }
            return next - index
        }
        var index = range.lowerBound + cellEnd(range.lowerBound)
        var cells = 0
        while index < end {
            let content = cell(index)
            let separator = cellEnd(index + content)
            if content > 0 || separator > 0 { cells += 1 }
            index += content + separator
            if separator == 0 { break }
        }
        return cells > 0 ? cells : nil
    }

    /// A link reference definition on one line (`[label]: destination "title"`), which cmark takes out of its
    /// paragraph: a paragraph of nothing else cannot become a setext heading.
    static func isLinkReferenceDefinition(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let end = range.upperBound
        var index = range.lowerBound
        func skipSpaces() { while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 } }
        guard index < end, bytes[index] == UInt8(ascii: "[") else { return false }
        index += 1
        var label = 0
        var blank = true
        while index < end, bytes[index] != UInt8(ascii: "]") {
            if bytes[index] == UInt8(ascii: "[") { return false }
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < end, isPunctuation(bytes[index + 1]) { index += 1 }
            if !LineCursor.isSpace(bytes[index]) { blank = false }
            index += 1
            label += 1
        }
        guard index + 1 < end, bytes[index + 1] == UInt8(ascii: ":"), !blank, label <= 999 else { return false }
        index += 2
        skipSpaces()
        guard index < end else { return false }
        if bytes[index] == UInt8(ascii: "<") {
            index += 1
            while index < end, bytes[index] != UInt8(ascii: ">") {
                if bytes[index] == UInt8(ascii: "<") { return false }
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < end, isPunctuation(bytes[index + 1]) { index += 1 }
                index += 1
            }
            guard index < end else { return false }
            index += 1
        } else {
            var depth = 0
            let start = index
            while index < end, bytes[index] > 0x20, bytes[index] != 0x7F {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), index + 1 < end, isPunctuation(bytes[index + 1]) {
                    index += 1
                } else if byte == UInt8(ascii: "(") {
                    depth += 1
                    if depth > 32 { return false }
                } else if byte == UInt8(ascii: ")") {
                    if depth == 0 { break }
                    depth -= 1
                }
                index += 1
            }
            guard index > start, depth == 0 else { return false }
        }
        let beforeTitle = index
        skipSpaces()
        if index == end { return true }
        guard index > beforeTitle else { return false }
        let open = bytes[index]
        let close = open == UInt8(ascii: "(") ? UInt8(ascii: ")") : open
        guard open == UInt8(ascii: "\"") || open == UInt8(ascii: "'") || open == UInt8(ascii: "(") else { return false }
        index += 1
        while index < end, bytes[index] != close {
            if open == UInt8(ascii: "("), bytes[index] == open { return false }
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < end, isPunctuation(bytes[index + 1]) { index += 1 }
            index += 1
        }
        guard index < end else { return false }
        index += 1
        skipSpaces()
        return index == end
    }

    static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }
}
