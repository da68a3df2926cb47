import Foundation
import KataWorkbook

/// What the search box can find: the full text of every section of every page, with the names the
/// section's code declares or calls, and each exercise by its title and id.
///
/// Written as `assets/search-index.js` (a script, because a page opened from `file://` may not
/// fetch a JSON file) and as `search-index.json` for other tools. The index holds text, not terms:
/// the site's script splits it into terms when the reader first searches, with one function
/// (`tokenize` in `site.js`) that a language without spaces between words can replace.
struct SearchIndex {
    /// A page the entries belong to.
    struct Page: Encodable, Equatable {
        /// "Chapter 3", or what a page that is not a chapter is.
        var label: String
        /// The page's title.
        var title: String
    }

    /// One thing the search can find.
    struct Entry: Encodable, Equatable {
        /// `chapter` (a chapter's opening), `page` (a document's), `section` or `exercise`.
        var kind: String
        /// What the result shows and what is matched first.
        var title: String
        /// The page it is on: an index into ``SearchIndex/pages``.
        var page: Int
        /// The link, relative to the site's root.
        var url: String
        /// An exercise's id.
        var id: String?
        /// The section's prose, as plain text (its code, hints and reference solutions left out).
        var text: String?
        /// Names the section's code declares or calls, which match as well as its words.
        var names: String?
    }

    private(set) var pages: [Page] = []
    private(set) var entries: [Entry] = []

    /// Starts a page; the entries added after it belong to it.
    mutating func addPage(label: String, title: String) {
        pages.append(Page(label: label, title: title))
    }

    /// Adds an entry to the latest page.
    mutating func add(
        kind: String, title: String, url: String, id: String? = nil, text: String = "", names: [String] = []
    ) {
        precondition(!pages.isEmpty, "a search entry belongs to a page")
        entries.append(
            Entry(
                kind: kind, title: title, page: pages.count - 1, url: url, id: id, text: text.isEmpty ? nil : text,
                names: names.isEmpty ? nil : names.joined(separator: " ")))
    }

    /// Adds a rendered page: its opening as a `chapter` (or `page`, for a document), each heading with
    /// the text under it as a `section`, an exercise's heading as the `exercise` (its prompt is the text).
    mutating func add(
        page: String, label: String, title: String, kind: String, sections: [ChapterHTMLRenderer.Section],
        exercises: [Exercise]
    ) {
        addPage(label: label, title: title)
        var listed: Set<String> = []
        for (position, section) in sections.enumerated() {
            let text = section.text.joined(separator: " ")
            if position == 0, section.level == 1 {
                add(kind: kind, title: title, url: page, text: text, names: section.names)
            } else if let first = section.exercises.first {
                add(
                    kind: "exercise", title: section.title, url: "\(page)#\(AnchorRegistry.exercise(first))", id: first,
                    text: text, names: section.names)
                listed.insert(first)
            } else {
                add(
                    kind: "section", title: section.title, url: "\(page)#\(section.anchor)", text: text,
                    names: section.names)
            }
        }
        for exercise in exercises where !listed.contains(exercise.id) {
            add(
                kind: "exercise", title: exercise.title, url: "\(page)#\(AnchorRegistry.exercise(exercise.id))",
                id: exercise.id)
        }
    }

    /// The index as JSON: one page or entry per line, so diffs of a golden file stay readable.
    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func line(_ value: some Encodable) -> String {
            guard let data = try? encoder.encode(value) else { preconditionFailure("a search entry always encodes") }
            return String(decoding: data, as: UTF8.self)
        }
        return "{\"pages\": [\n" + pages.map(line).joined(separator: ",\n") + "\n],\n\"entries\": [\n"
            + entries.map(line).joined(separator: ",\n") + "\n]}\n"
    }

    /// The index as a script that sets `window.KATA_SEARCH_INDEX`.
    func script() -> String {
        "window.KATA_SEARCH_INDEX = " + json().dropLast() + ";\n"
    }

    /// The words a reader sees in a block, as one line of plain text: code blocks and raw HTML left out,
    /// blocks and list items separated by a space.
    static func text(of node: MarkdownNode) -> String {
        // Byte by byte: splitting by Character.isWhitespace was a tenth of a whole build.
        var bytes: [UInt8] = []
        var space = false
        for byte in raw(node).utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                space = !bytes.isEmpty
                continue
            }
            if space { bytes.append(0x20) }
            space = false
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Inline nodes' text; a soft break between two CJK characters adds no space.
    private static func inlineText(_ nodes: [MarkdownNode]) -> String {
        var text = ""
        for (index, node) in nodes.enumerated() {
            if node.kind == .softBreak,
                MarkdownNode.softBreakJoinsWithoutSpace(
                    after: index > 0 ? nodes[index - 1] : nil, before: index + 1 < nodes.count ? nodes[index + 1] : nil)
            {
                continue
            }
            text += raw(node)
        }
        return text
    }

    private static func raw(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .codeBlock, .htmlBlock, .thematicBreak, .inlineHTML: return ""
        case .text, .code: return node.literal
        case .softBreak, .lineBreak: return " "
        case .list, .item, .blockQuote, .table, .tableRow, .document:
            return node.children.map(raw).joined(separator: " ")
        case .tableCell: return inlineText(node.children) + " "
        default: return inlineText(node.children)
        }
    }
}
