import KataBasics

/// Follows the block structure of a Markdown text line by line, as cmark-gfm 0.29 builds it (block quotes, lists,
/// paragraphs, tables, headings, HTML blocks, indented and fenced code), so that the pre-scan knows which lines are
/// the content of a fenced code block: the same lines cmark keeps as literal code.
///
/// It follows cmark's `blocks.c` step by step for each line: which open blocks the line continues, which new blocks
/// it starts, and whether it is a lazy continuation of a paragraph. It builds no tree and parses no inlines.
package struct BlockTracker {
    /// What a line is to a fenced code block.
    package enum Line: Equatable {
        case other
        case fenceOpening(FenceKind)
        case fenceContent(FenceKind)
        case fenceClosing
    }

    /// Whether kata reads a fenced block's content as Markdown (a hint) or as code.
    package enum FenceKind: Equatable {
        case code, hint
    }

    private struct Fence: Equatable {
        var character: UInt8
        var length: Int
        /// How far the opening fence is indented: content lines lose up to that many spaces.
        var indentation: Int
        var kind: FenceKind
    }

    private enum Block: Equatable {
        case quote
        /// A list, by its bullet or its ordered delimiter.
        case list(UInt8)
        /// A list item: the column its content starts at, and how many blocks it holds.
        case item(indent: Int, children: Int)
        case paragraph, table
        /// A heading or a thematic break: a block of one line.
        case singleLine
        case fence(Fence)
        case indentedCode
        case html(kind: Int)
    }

    /// The open blocks, outermost first; a leaf block, if any, is last.
    private var open: [Block] = []
    /// The last line of the open paragraph, from its first non-space byte: a table's header row.
    private var paragraphLastLine: Range<Int> = 0..<0
    /// Whether every line of the open paragraph is a link reference definition.
    private var paragraphIsDefinitions = false
    private var lineNumber = 0

    /// Reads the next line and says what it is to a fenced code block.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Line {
        var line = LineCursor(bytes, range)
        lineNumber += 1
        if lineNumber == 1, range.count >= 3, bytes[range.lowerBound] == 0xEF, bytes[range.lowerBound + 1] == 0xBB,
            bytes[range.lowerBound + 2] == 0xBF
        {
            line.offset += 3
        }

        // Which open blocks this line continues.
        let (matched, ended) = continued(&line)
        if let ended { return ended }
        let allMatched = matched == open.count
        if allMatched, case .html(let kind) = open.last {
            line.findFirstNonspace()
            if HTMLBlockStart.ends(kind, line, from: line.firstNonspace) { open.removeLast() }
            return .other
        }
        if allMatched, open.last == .indentedCode { return .other }

        // The blocks this line starts, inside the deepest block it continues.
        let tipIsParagraph = open.last == .paragraph
        var chain = Array(open[..<matched])
        let (opened, result) = startBlocks(bytes, &line, in: &chain, maybeLazy: tipIsParagraph)

        // The rest of the line: a lazy continuation of a paragraph, a new paragraph, or part of the block it started.
        line.findFirstNonspace()
        if !allMatched, !opened, !line.blank, tipIsParagraph {
            continueParagraph(bytes, line)
            return .other
        }
        // A paragraph of definitions only is dropped when it closes: its list item may be empty again.
        let paragraph = open.count - 1
        if tipIsParagraph, paragraphIsDefinitions, paragraph >= 1, matched >= paragraph,
            chain.count <= paragraph || chain[paragraph] != .paragraph,
            chain.count > paragraph - 1, case .item(let indent, let children) = chain[paragraph - 1]
        {
            chain[paragraph - 1] = .item(indent: indent, children: children - 1)
        }
        open = chain
        switch open.last {
        case .html(let kind):
            if HTMLBlockStart.ends(kind, line, from: line.firstNonspace) { open.removeLast() }
        case .paragraph:
            continueParagraph(bytes, line)
        case .fence, .indentedCode, .singleLine, .table:
            break
        case .quote, .list, .item, nil:
            if !line.blank {
                Self.add(.paragraph, to: &open)
                paragraphIsDefinitions = true
                continueParagraph(bytes, line)
            }
        }
        return result
    }

    /// How many of the open blocks the line continues, consuming their markers from `line`; inside a fenced code
    /// block, what the line is to it (and the fence closed, when it closes it).
    private mutating func continued(_ line: inout LineCursor) -> (matched: Int, ended: Line?) {
        var matched = 0
        for block in open {
            line.findFirstNonspace()
            var continues = true
            switch block {
            case .quote:
                if line.indent <= 3, line.peek(line.firstNonspace) == UInt8(ascii: ">") {
                    line.advance(line.indent + 1, columns: true)
                    if LineCursor.isSpaceOrTab(line.peek(line.offset)) { line.advance(1, columns: true) }
                } else {
                    continues = false
                }
            case .list:
                break
            case .item(let indent, let children):
                if line.indent >= indent {
                    line.advance(indent, columns: true)
                } else if line.blank && children > 0 {
                    line.advance(to: line.firstNonspace)
                } else {
                    continues = false
                }
            case .fence(let fence):
                if line.indent <= 3, line.peek(line.firstNonspace) == fence.character,
                    BlockStarts.closingFenceLength(line, at: line.firstNonspace, character: fence.character)
                        >= fence.length
                {
                    open.removeLast()
                    return (matched, .fenceClosing)
                }
                return (matched, .fenceContent(fence.kind))
            case .indentedCode:
                if line.indent >= 4 {
                    line.advance(4, columns: true)
                } else if line.blank {
                    line.advance(to: line.firstNonspace)
                } else {
                    continues = false
                }
            case .html(let kind):
                continues = kind <= 5 || !line.blank
            case .singleLine:
                continues = false
            case .paragraph, .table:
                continues = !line.blank
            }
            guard continues else { break }
            matched += 1
        }
        return (matched, nil)
    }

    /// The blocks the line starts inside the deepest block it continues (`chain`), consuming their markers from
    /// `line`: whether it opened any, and what the line is to a fenced code block.
    private func startBlocks(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: inout LineCursor, in chain: inout [Block], maybeLazy: Bool
    ) -> (opened: Bool, result: Line) {
        var opened = false
        var result = Line.other
        var maybeLazy = maybeLazy
        starting: while true {
            line.findFirstNonspace()
            let indented = line.indent >= 4
            let start = line.firstNonspace
            let container = chain.last
            let inParagraph = container == .paragraph
            if !indented, line.peek(start) == UInt8(ascii: ">") {
                line.advance(to: start + 1)
                if LineCursor.isSpaceOrTab(line.peek(line.offset)) { line.advance(1, columns: true) }
                Self.add(.quote, to: &chain)
            } else if !indented, BlockStarts.isATXHeading(line, at: start) {
                Self.add(.singleLine, to: &chain)
            } else if !indented, let fence = BlockStarts.openingFence(line, at: start) {
                let language = bytes[fence.info].prefix { !LineCursor.isSpace($0) }
                let kind: FenceKind = language.elementsEqual("hint".utf8) ? .hint : .code
                Self.add(
                    .fence(
                        Fence(
                            character: fence.character, length: fence.length, indentation: start - line.offset,
                            kind: kind)),
                    to: &chain)
                result = .fenceOpening(kind)
            } else if !indented,
                let kind = HTMLBlockStart.kind(line, at: start, canInterruptParagraph: !inParagraph)
            {
                Self.add(.html(kind: kind), to: &chain)
            } else if !indented, inParagraph, BlockStarts.isSetextUnderline(line, at: start) {
                // Under definitions only, the underline is the paragraph's first text.
                if !paragraphIsDefinitions { chain[chain.count - 1] = .singleLine }
                break starting
            } else if !indented, BlockStarts.isThematicBreak(line, at: start) {
                Self.add(.singleLine, to: &chain)
            } else if line.indent < 4,
                let marker = BlockStarts.listMarker(line, at: start, interruptsParagraph: inParagraph)
            {
                let markerOffset = line.indent
                line.advance(to: start + marker.width)
                let saved = line
                while line.column - saved.column <= 5, LineCursor.isSpaceOrTab(line.peek(line.offset)) {
                    line.advance(1, columns: true)
                }
                let spaces = line.column - saved.column
                var padding = marker.width + spaces
                if spaces >= 5 || spaces < 1 || line.offset >= line.end {
                    padding = marker.width + 1
                    line = saved
                    if spaces > 0 { line.advance(1, columns: true) }
                }
                if container != .list(marker.list) { Self.add(.list(marker.list), to: &chain) }
                Self.add(.item(indent: markerOffset + padding, children: 0), to: &chain)
            } else if indented, !maybeLazy, !line.blank {
                line.advance(4, columns: true)
                Self.add(.indentedCode, to: &chain)
            } else if !indented, inParagraph, BlockStarts.isTableDelimiterRow(bytes, start..<line.end),
                let header = BlockStarts.tableCells(bytes, paragraphLastLine),
                header == BlockStarts.tableCells(bytes, start..<line.end)
            {
                chain[chain.count - 1] = .table
                break starting
            } else {
                break starting
            }
            opened = true
            maybeLazy = false
            switch chain.last {
            case .singleLine, .fence, .html, .indentedCode: break starting
            default: continue
            }
        }
        return (opened, result)
    }

    /// Adds the rest of the line to the open paragraph.
    private mutating func continueParagraph(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineCursor) {
        paragraphLastLine = line.firstNonspace..<line.end
        paragraphIsDefinitions =
            paragraphIsDefinitions && BlockStarts.isLinkReferenceDefinition(bytes, paragraphLastLine)
    }

    /// Adds a block inside the innermost open block that can hold it, closing those that cannot (as `add_child` does).
    private static func add(_ block: Block, to chain: inout [Block]) {
        while let last = chain.last, !canContain(last, block) { chain.removeLast() }
        if case .item(let indent, let children) = chain.last {
            chain[chain.count - 1] = .item(indent: indent, children: children + 1)
        }
        chain.append(block)
    }

    private static func canContain(_ parent: Block, _ child: Block) -> Bool {
        switch parent {
        case .quote, .item:
            if case .item = child { return false }
            return true
        case .list:
            if case .item = child { return true }
            return false
        default:
            return false
        }
    }
}
