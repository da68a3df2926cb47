/// The whole workbook on one page (`print.html`), to print as one handout: every chapter in order, each
/// starting on a new sheet.
///
/// A chapter's HTML is the one its own page shows, with its ids made unique across the book by the
/// chapter's page name (`01-basics.html#goals` becomes `#01-basics--goals`), and links between
/// chapters turned into links within the book. The rewrite reads the attributes as the renderer
/// writes them: `id="…"` and `href="…"` in double quotes.
struct PrintBook {
    /// The pages that are in the book, by file name.
    let pages: Set<String>

    /// The anchor of a page's start, or of an id on it, in the book.
    static func anchor(page: String, id: String? = nil) -> String {
        let stem = page.hasSuffix(".html") ? String(page.dropLast(5)) : page
        return id.map { "\(stem)--\($0)" } ?? stem
    }

    /// A page's HTML with its ids and links rewritten for the book.
    func rewrite(_ html: String, page: String) -> String {
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        var copied = 0
        while index < bytes.count {
            guard bytes[index] == 0x20, let (name, valueStart) = Self.attribute(in: bytes, at: index + 1),
                let valueEnd = bytes[valueStart...].firstIndex(of: 0x22)
            else {
                index += 1
                continue
            }
            output += bytes[copied..<valueStart]
            let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
            output += Array((name == "id" ? Self.anchor(page: page, id: value) : link(value, from: page)).utf8)
            copied = valueEnd
            index = valueEnd
        }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    /// `id="` or `href="` at `start`: the attribute's name and where its value begins.
    private static func attribute(in bytes: [UInt8], at start: Int) -> (String, Int)? {
        for (name, pattern) in patterns
        where start + pattern.count <= bytes.count && bytes[start] == pattern[0]
            && bytes[start..<(start + pattern.count)].elementsEqual(pattern)
        {
            return (name, start + pattern.count)
        }
        return nil
    }

    private static let patterns: [(String, [UInt8])] = [("id", Array("id=\"".utf8)), ("href", Array("href=\"".utf8))]

    private func link(_ href: String, from page: String) -> String {
        if href.hasPrefix("#") { return "#" + Self.anchor(page: page, id: String(href.dropFirst())) }
        let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard pages.contains(parts[0]) else { return href }
        return "#" + Self.anchor(page: parts[0], id: parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil)
    }
}
