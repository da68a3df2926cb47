import Foundation
import Testing

@testable import KataWorkbook

/// The README and the documents in `docs/` link to each other: every relative link leads to a file of the repository,
/// and every `#anchor` to a heading of its page, as GitHub names it.
@Suite("Links between the README and docs/")
struct DocumentLinkTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("every relative link of README.md and docs/*.md resolves, anchors included")
    func repositoryDocuments() throws {
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent("docs").path
        )
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        var problems: [String] = []
        var links = 0
        for path in ["README.md"] + docs {
            let checked = try DocumentLinks(root: Self.repository).check(path)
            problems += checked.problems
            links += checked.links
        }
        #expect(problems == [])
        #expect(links > 40, "the README links to every document, and the documents to each other")
    }

    @Test("the README links to every document in docs/")
    func readmeListsEveryDocument() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent("docs").path
        )
        .filter { $0.hasSuffix(".md") }
        for document in docs {
            #expect(readme.contains("](docs/\(document))"), "README.md does not link to docs/\(document)")
        }
    }

    @Test("a missing file and a missing anchor are found")
    func checkerCanFail() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("# Usage\n\n## The loop\n\n## What `kata check` does\n".utf8)
            .write(to: folder.appendingPathComponent("docs/USAGE.md"))
        try Data(
            """
            # kata

            [ok](docs/USAGE.md#the-loop), [ok too](docs/USAGE.md#what-kata-check-does), [web](https://example.org),
            [gone](docs/EDITOR.md), [no anchor](docs/USAGE.md#the-loops), [here](#kata), [not here](#quick-start).

            `[in code](docs/NOTHING.md)`
            """.utf8
        ).write(to: folder.appendingPathComponent("README.md"))
        let checked = try DocumentLinks(root: folder).check("README.md")
        #expect(
            checked.problems == [
                "README.md:4: docs/EDITOR.md does not exist",
                "README.md:4: docs/USAGE.md has no heading #the-loops",
                "README.md:4: README.md has no heading #quick-start",
            ])
        #expect(checked.links == 6, "the outside address is not followed")
    }
}

/// Follows the relative links of one Markdown document of a repository.
struct DocumentLinks {
    let root: URL

    /// The problems of the document at `path` (relative to the root), and how many relative links it has.
    func check(_ path: String) throws -> (problems: [String], links: Int) {
        let url = root.appendingPathComponent(path)
        let document = MarkdownParser.parse(try String(contentsOf: url, encoding: .utf8))
        var problems: [String] = []
        var links = 0
        for (target, line) in Self.links(in: document) {
            if target.contains("://") || target.hasPrefix("mailto:") { continue }
            links += 1
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file =
                parts[0].isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(String(parts[0]))
            let shown = relative(file)
            guard FileManager.default.fileExists(atPath: file.path) else {
                problems.append("\(path):\(line): \(shown) does not exist")
                continue
            }
            guard parts.count == 2, file.pathExtension == "md" else { continue }
            let anchors = Self.anchors(of: MarkdownParser.parse(try String(contentsOf: file, encoding: .utf8)))
            if !anchors.contains(String(parts[1])) {
                problems.append("\(path):\(line): \(shown) has no heading #\(parts[1])")
            }
        }
        return (problems, links)
    }

    private func relative(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// Every link's target with its line, in document order (code is not Markdown, so links in it are not links).
    static func links(in node: MarkdownNode, line: Int = 0) -> [(String, Int)] {
        let line = node.startLine > 0 ? node.startLine : line
        var found: [(String, Int)] = []
        if case .link(let url, _) = node.kind { found.append((url, line)) }
        for child in node.children { found += links(in: child, line: line) }
        return found
    }

    /// The anchors GitHub gives a document's headings: lowercase, punctuation dropped, spaces as hyphens, and `-1`,
    /// `-2` after a repeated one.
    static func anchors(of document: MarkdownNode) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        func visit(_ node: MarkdownNode) {
            if case .heading = node.kind {
                let slug = String(
                    node.plainText.lowercased().compactMap { character -> Character? in
                        if character == " " { return "-" }
                        return character.isLetter || character.isNumber || character == "-" || character == "_"
                            ? character : nil
                    })
                let count = seen[slug, default: 0]
                seen[slug] = count + 1
                anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
            }
            node.children.forEach(visit)
        }
        visit(document)
        return anchors
    }
}
