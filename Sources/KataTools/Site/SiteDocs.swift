import Foundation
import KataWorkbook

/// The workbook's other Markdown files that its chapters link to (`docs/KataSpec.md`, say), and the ones
/// those link to in turn: each becomes a page of the site, so a link to it opens a page, not raw Markdown.
struct SiteDocs {
    /// The documents found, in the order they were first linked; each one's `slug` is its page's name.
    let documents: [Chapter]

    /// A document's page.
    static func page(for document: Chapter) -> String { document.slug + ".html" }

    /// Follows the `.md` links of the chapters and of `site.md` (its parsed document, when there is one).
    init(workbook: Workbook, site: MarkdownNode?) {
        let root = workbook.root.standardizedFileURL
        let chapterFiles = Set(workbook.chapters.map { $0.url.standardizedFileURL.path })
        var taken = Set(workbook.chapters.map(SiteLinks.page(for:)) + SiteDocs.reservedPages)
        var seen: Set<String> = []
        var documents: [Chapter] = []
        var queue: [(MarkdownNode, URL)] = workbook.chapters.map { ($0.document, $0.url) }
        if let site { queue.append((site, root.appendingPathComponent("site.md"))) }
        while !queue.isEmpty {
            let (document, file) = queue.removeFirst()
            for url in Self.markdownLinks(in: document, from: file, root: root)
            where !chapterFiles.contains(url.path) && seen.insert(url.path).inserted {
                guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                let source = String(decoding: data, as: UTF8.self)
                let parsed = MarkdownParser.parse(source)
                let relative = String(url.path.dropFirst(root.path.count + 1))
                let base = AnchorRegistry.slug(String(relative.dropLast(3)).replacingOccurrences(of: "/", with: " "))
                var page = base
                var counter = 1
                while taken.contains(page + ".html") {
                    counter += 1
                    page = "\(base)-\(counter)"
                }
                taken.insert(page + ".html")
                let title =
                    parsed.children.first { $0.kind == .heading(level: 1) }?.plainText
                    .trimmingCharacters(in: .whitespaces) ?? url.deletingPathExtension().lastPathComponent
                documents.append(
                    Chapter(
                        number: 0, slug: page, title: title, path: relative, url: url, source: source,
                        document: parsed, exercises: [], examples: []))
                queue.append((parsed, url))
            }
        }
        self.documents = documents
    }

    /// Pages of the site that are not chapters, which a document's page must not replace.
    static let reservedPages = ["index.html", "print.html", "404.html"]

    /// The Markdown files inside the workbook that a document links to, as standardized file URLs.
    static func markdownLinks(in node: MarkdownNode, from file: URL, root: URL) -> [URL] {
        var found: [URL] = []
        collectLinks(in: node, from: file.deletingLastPathComponent(), root: root.path + "/", into: &found)
        return found
    }

    private static func collectLinks(in node: MarkdownNode, from folder: URL, root: String, into found: inout [URL]) {
        if case .link(let href, _) = node.kind, href.contains(".md"), !href.hasPrefix("#"), !href.hasPrefix("/"),
            href.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) == nil
        {
            let path = String(href.prefix { $0 != "#" && $0 != "?" })
            let decoded = path.removingPercentEncoding ?? path
            let url = folder.appendingPathComponent(decoded).standardizedFileURL
            if url.pathExtension.lowercased() == "md", url.path.hasPrefix(root) { found.append(url) }
        }
        for child in node.children { collectLinks(in: child, from: folder, root: root, into: &found) }
    }
}
