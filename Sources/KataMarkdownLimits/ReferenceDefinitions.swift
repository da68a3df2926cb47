/// The link reference definitions (`[label]: destination "title"`) that cmark-gfm 0.29 may find in a text, each with
/// an upper bound on what it copies into every link that uses it: the bytes of its destination and title.
///
/// cmark reads definitions at the start of a paragraph, so each starts a line, after the line's block quote markers,
/// list markers and indentation; the label may go on over lines, the destination may stand on the next line (between
/// `<` and `>` it holds spaces), and the title may run over many lines. Found without knowing the blocks, from every
/// line that starts with `[`, and held to be longer rather than shorter: a line that only looks like a definition
/// counts, a title that never closes ends the definition at its destination, and a definition's bytes are counted in
/// the text as written, markers and line breaks included (cmark drops the markers and decodes escapes and entities,
/// which make a title at most a fifth longer).
struct ReferenceDefinitions {
    /// One possible definition.
    struct Definition {
        /// Its first line, one-based.
        var line: Int
        var key: LinkLabel.Key
        /// Its destination and title, and what stands between them, as written.
        var bytes: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let lines: [Range<Int>]
    /// The last scan for the end of a title, for each closing character: a scan from anywhere in `from...stop` stops
    /// where it stopped, so that titles that run on over the same lines are read once.
    private var lastTitleScan: [UInt8: (from: Int, stop: Int, closed: Bool, lastEscaped: Int?)] = [:]

    /// The possible definitions of a text, in order.
    static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: [Range<Int>]) -> [Definition] {
        var finder = ReferenceDefinitions(bytes: bytes, lines: lines)
        return lines.indices.compactMap { finder.definition(startingOn: $0) }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, lines: [Range<Int>]) {
        self.bytes = bytes
        self.lines = lines
    }

    private mutating func definition(startingOn first: Int) -> Definition? {
        var line = first
        var index = Self.contentStart(bytes, lines[first], skippingMark: first == 0)
        guard index < lines[line].upperBound, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var label = LinkLabel()
        while true {
            if index == lines[line].upperBound {
                guard nextLineGoesOn(&line) else { return nil }
                label.addLineBreak()
                index = Self.contentStart(bytes, lines[line])
                continue
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < lines[line].upperBound,
                BlockStarts.isPunctuation(bytes[index + 1])
            {
                label.addEscaped(bytes[index + 1])
                index += 2
            } else if byte == UInt8(ascii: "[") {
                return nil
            } else if byte == UInt8(ascii: "]") {
                break
            } else {
                label.add(byte)
                index += 1
            }
            if label.isTooLong { return nil }
        }
        index += 1
        guard label.hasText, index < lines[line].upperBound, bytes[index] == UInt8(ascii: ":") else { return nil }
        index = skipSpaces(index + 1, line)
        if index < lines[line].upperBound {
            return span(from: index, line).map { Definition(line: first + 1, key: label.key, bytes: $0) }
        }
        // On the next line, the destination may start at a marker that cmark keeps as text (`2.` that cannot start a
        // list here, `>` indented four spaces), with the title after it: each is tried, and the longest counts.
        guard nextLineGoesOn(&line) else { return nil }
        var longest: Int?
        _ = Self.contentStart(bytes, lines[line]) { start in
            if let size = span(from: start, line) { longest = max(longest ?? 0, size) }
        }
        return longest.map { Definition(line: first + 1, key: label.key, bytes: $0) }
    }

    /// The bytes of a destination that starts at `start` on `line`, and of its title, if one follows.
    private mutating func span(from start: Int, _ line: Int) -> Int? {
        destinationEnds(from: start, line).map { definitionEnd(afterDestination: $0.end, $0.line) - start }.max()
    }

    /// Where a definition ends whose destination ends at `destinationEnd` on `line`: after its title, if one follows
    /// on the destination's line (after a space) or at the start of the next line.
    private mutating func definitionEnd(afterDestination destinationEnd: Int, _ line: Int) -> Int {
        var line = line
        var index = skipSpaces(destinationEnd, line)
        if index == lines[line].upperBound, nextLineGoesOn(&line) {
            index = skipSpaces(Self.contentStart(bytes, lines[line]), line)
        }
        if index < lines[line].upperBound, index > destinationEnd, let close = Self.closing(of: bytes[index]),
            let titleEnd = titleEnd(from: index + 1, line, close)
        {
            return titleEnd + 1
        }
        return destinationEnd
    }

    /// Where the destination that starts at `start` may end (after its last byte), and on which line; none when there
    /// is no destination there.
    ///
    /// A backslash carries a `<…>` destination over a line break (cmark skips the byte after it, whatever it is), and
    /// cmark's text of the next line may then start at a `>` of its prefix (one indented four spaces is text), which
    /// closes the destination: each such `>` is an end, besides the `>` after the prefix.
    private func destinationEnds(from start: Int, _ line: Int) -> [(end: Int, line: Int)] {
        var line = line
        var index = start
        if index < lines[line].upperBound, bytes[index] == UInt8(ascii: "<") {
            var ends: [(end: Int, line: Int)] = []
            index += 1
            while index < lines[line].upperBound {
                switch bytes[index] {
                case UInt8(ascii: ">"): return ends + [(index + 1, line)]
                case UInt8(ascii: "<"): return ends
                case UInt8(ascii: "\\") where index + 1 == lines[line].upperBound:
                    guard nextLineGoesOn(&line) else { return ends }
                    let next = lines[line]
                    index = Self.contentStart(bytes, next) { stop in
                        if stop < next.upperBound, bytes[stop] == UInt8(ascii: ">") { ends.append((stop + 1, line)) }
                    }
                case UInt8(ascii: "\\"): index += 2
                default: index += 1
                }
            }
            return ends
        }
        var depth = 0
        let end = lines[line].upperBound
        while index < end, bytes[index] > 0x20, bytes[index] != 0x7F {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < end, BlockStarts.isPunctuation(bytes[index + 1]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "(") {
                depth += 1
                if depth > 32 { return [] }
            } else if bytes[index] == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
            }
            index += 1
        }
        return [(index, line)]
    }

    /// The index of the title's closing character, scanning from `start` on `line`; nil when there is none.
    ///
    /// cmark-gfm scans a title with a regular expression that takes the longest match, so a closing character after a
    /// backslash may end the title or be part of it: the title ends at the first closing character without a
    /// backslash before it or, where the paragraph ends (or, in a title in parentheses, an opening one without a
    /// backslash comes), at the last closing character before that.
    private mutating func titleEnd(from start: Int, _ line: Int, _ close: UInt8) -> Int? {
        if let last = lastTitleScan[close], last.from <= start, start <= last.stop {
            return last.closed ? last.stop : last.lastEscaped.flatMap { $0 >= start ? $0 : nil }
        }
        var line = line
        var index = start
        var lastEscaped: Int?
        while true {
            if index >= lines[line].upperBound {
                guard nextLineGoesOn(&line) else {
                    lastTitleScan[close] = (start, lines[line].upperBound, false, lastEscaped)
                    return lastEscaped
                }
                index = lines[line].lowerBound
                continue
            }
            let byte = bytes[index]
            let afterBackslash = index > lines[line].lowerBound && bytes[index - 1] == UInt8(ascii: "\\")
            if byte == close, afterBackslash {
                lastEscaped = index
            } else if byte == close || (close == UInt8(ascii: ")") && byte == UInt8(ascii: "(") && !afterBackslash) {
                lastTitleScan[close] = (start, index, byte == close, lastEscaped)
                return byte == close ? index : lastEscaped
            }
            index += 1
        }
    }

    /// Moves on to the next line when it goes on the same paragraph (is there and is not blank).
    private func nextLineGoesOn(_ line: inout Int) -> Bool {
        guard line + 1 < lines.count, !InlineCost.isBlank(bytes, lines[line + 1]) else { return false }
        line += 1
        return true
    }

    private func skipSpaces(_ start: Int, _ line: Int) -> Int {
        var index = start
        while index < lines[line].upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index
    }

    private static func closing(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return byte
        case UInt8(ascii: "("): return UInt8(ascii: ")")
        default: return nil
        }
    }

    /// Where a line's text starts after every block quote marker, list marker (one followed by text) and space or tab
    /// before it: as far as any container could reach, so that no paragraph cmark starts there is missed. The byte
    /// order mark, which cmark skips, is skipped at the start of the text.
    /// `visit` is given each place where cmark's text of the line might start instead: each marker, and the end.
    static func contentStart(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, skippingMark: Bool = false,
        visiting visit: (Int) -> Void = { _ in }
    ) -> Int {
        var index = line.lowerBound
        if skippingMark, line.count >= 3, bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
            index += 3
        }
        let end = line.upperBound
        func isSpace(_ index: Int) -> Bool { index < end && (bytes[index] == 0x20 || bytes[index] == 0x09) }
        while index < end {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 {
                index += 1
                continue
            }
            visit(index)
            if byte == UInt8(ascii: ">") {
                index += 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*"),
                isSpace(index + 1)
            {
                index += 2
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var digit = index
                while digit < end, digit - index < 9, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digit]) {
                    digit += 1
                }
                guard digit < end, bytes[digit] == UInt8(ascii: ".") || bytes[digit] == UInt8(ascii: ")"),
                    isSpace(digit + 1)
                else { return index }
                index = digit + 2
            } else {
                return index
            }
        }
        visit(index)
        return index
    }
}
