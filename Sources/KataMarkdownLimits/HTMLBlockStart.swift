import KataBasics

/// The seven kinds of HTML block CommonMark knows, where each starts and where each ends, as cmark-gfm 0.29 reads
/// them. A fence inside an HTML block is not a fence, so the pre-scan must know them to agree with cmark.
enum HTMLBlockStart {
    /// The tag names that start an HTML block of kind 6 (cmark-gfm 0.29's list).
    static let blockTagNames: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer",
        "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe",
        "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p",
        "param", "section", "source", "title", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "track",
        "ul",
    ]

    /// The kind (1 to 7) of the HTML block that starts at `start`, or nil. Kind 7 cannot interrupt a paragraph.
    static func kind(_ line: LineCursor, at start: Int, canInterruptParagraph: Bool) -> Int? {
        guard line.peek(start) == UInt8(ascii: "<") else { return nil }
        let rest = start + 1
        if let name = tagName(line, at: rest), ["script", "pre", "style"].contains(name.text.lowercased()) {
            let next = line.peek(name.end)
            if isSpaceCharacter(next) || next == UInt8(ascii: ">") { return 1 }
        }
        if hasPrefix(line, "!--", at: rest) { return 2 }
        if line.peek(rest) == UInt8(ascii: "?") { return 3 }
        if line.peek(rest) == UInt8(ascii: "!"), (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(line.peek(rest + 1)) {
            return 4
        }
        if hasPrefix(line, "![CDATA[", at: rest, ignoringCase: true) { return 5 }
        let slash = line.peek(rest) == UInt8(ascii: "/") ? 1 : 0
        if let name = tagName(line, at: rest + slash, alphanumericOnly: true),
            blockTagNames.contains(name.text.lowercased())
        {
            let next = line.peek(name.end)
            if isSpaceCharacter(next) || next == UInt8(ascii: ">")
                || (next == UInt8(ascii: "/") && line.peek(name.end + 1) == UInt8(ascii: ">"))
            {
                return 6
            }
        }
        if canInterruptParagraph, var index = completeTag(line, at: rest) {
            while [0x09, 0x0C, 0x20].contains(line.peek(index)) { index += 1 }
            if index >= line.end { return 7 }
        }
        return nil
    }

    /// Whether the line, from `start`, holds the end of an HTML block of `kind` (kinds 6 and 7 end at a blank line).
    static func ends(_ kind: Int, _ line: LineCursor, from start: Int) -> Bool {
        let text = String(decoding: line.bytes[min(start, line.end)..<line.end], as: UTF8.self)
        switch kind {
        case 1:
            let lowered = text.lowercased()
            return ["</script>", "</pre>", "</style>"].contains { lowered.contains($0) }
        case 2: return text.contains("-->")
        case 3: return text.contains("?>")
        case 4: return text.contains(">")
        case 5: return text.contains("]]>")
        default: return false
        }
    }

    /// A space as cmark's HTML scanners see one: vertical tabs and form feeds too.
    private static func isSpaceCharacter(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func hasPrefix(_ line: LineCursor, _ prefix: String, at start: Int, ignoringCase: Bool = false)
        -> Bool
    {
        for (offset, expected) in prefix.utf8.enumerated() {
            let byte = line.peek(start + offset)
            if ignoringCase && isLetter(expected) ? (byte | 0x20) != (expected | 0x20) : byte != expected {
                return false
            }
        }
        return true
    }

    /// A tag name (a letter, then letters, digits and `-`), with where it ends.
    private static func tagName(
        _ line: LineCursor, at start: Int, alphanumericOnly: Bool = false
    ) -> (text: String, end: Int)? {
        guard isLetter(line.peek(start)) else { return nil }
        var index = start + 1
        while isLetter(line.peek(index)) || isDigit(line.peek(index))
            || (!alphanumericOnly && line.peek(index) == UInt8(ascii: "-"))
        {
            index += 1
        }
        return (String(decoding: line.bytes[start..<index], as: UTF8.self), index)
    }

    /// Where a complete open tag (`a href="x">`) or closing tag (`/a>`) that starts at `start` ends, or nil.
    private static func completeTag(_ line: LineCursor, at start: Int) -> Int? {
        if line.peek(start) == UInt8(ascii: "/") {
            guard var index = tagName(line, at: start + 1)?.end else { return nil }
            while isSpaceCharacter(line.peek(index)) && index < line.end { index += 1 }
            return line.peek(index) == UInt8(ascii: ">") ? index + 1 : nil
        }
        guard var index = tagName(line, at: start)?.end else { return nil }
        while let next = attribute(line, at: index) { index = next }
        while isSpaceCharacter(line.peek(index)) && index < line.end { index += 1 }
        if line.peek(index) == UInt8(ascii: "/") { index += 1 }
        return line.peek(index) == UInt8(ascii: ">") ? index + 1 : nil
    }

    /// Where an attribute (spaces, a name, and optionally `=` and a value) that starts at `start` ends, or nil.
    private static func attribute(_ line: LineCursor, at start: Int) -> Int? {
        var index = start
        while isSpaceCharacter(line.peek(index)) && index < line.end { index += 1 }
        let first = line.peek(index)
        guard index > start, isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else {
            return nil
        }
        index += 1
        while isLetter(line.peek(index)) || isDigit(line.peek(index)) || ":._-".utf8.contains(line.peek(index)) {
            index += 1
        }
        let nameEnd = index
        while isSpaceCharacter(line.peek(index)) && index < line.end { index += 1 }
        guard line.peek(index) == UInt8(ascii: "=") else { return nameEnd }
        index += 1
        while isSpaceCharacter(line.peek(index)) && index < line.end { index += 1 }
        let quote = line.peek(index)
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            guard let close = line.bytes[(index + 1)..<max(index + 1, line.end)].firstIndex(of: quote) else {
                return nameEnd
            }
            return close + 1
        }
        let valueStart = index
        while index < line.end, !isSpaceCharacter(line.bytes[index]), !"\"'=<>`".utf8.contains(line.bytes[index]) {
            index += 1
        }
        return index > valueStart ? index : nameEnd
    }
}
