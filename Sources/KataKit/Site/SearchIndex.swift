import Foundation

/// What the search box can find: chapters, headings, exercises and API names, with their links.
///
/// Written as `assets/search-index.js` (a script, because a page opened from `file://` may not
/// fetch a JSON file) and as `search-index.json` for other tools.
struct SearchIndex {
    /// One thing the search can find.
    struct Entry: Encodable, Equatable {
        /// `chapter`, `heading`, `exercise` or `api`.
        var kind: String
        /// What the result shows and what is matched first.
        var title: String
        /// Where it is, shown under the title.
        var detail: String
        /// More text that matches (an exercise's id).
        var keywords: String
        /// The link, relative to the site's root.
        var url: String
    }

    private(set) var entries: [Entry] = []

    mutating func add(kind: String, title: String, detail: String, keywords: String = "", url: String) {
        entries.append(Entry(kind: kind, title: title, detail: detail, keywords: keywords, url: url))
    }

    /// The index as JSON: one entry per line, so diffs of a golden file stay readable.
    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = entries.map { entry -> String in
            guard let data = try? encoder.encode(entry) else { preconditionFailure("a search entry always encodes") }
            return String(decoding: data, as: UTF8.self)
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    /// The index as a script that sets `window.KATA_SEARCH_INDEX`.
    func script() -> String {
        "window.KATA_SEARCH_INDEX = " + json().dropLast() + ";\n"
    }
}
