import Foundation
import Testing

@testable import KataApp
@testable import KataBasics
@testable import KataTools

/// Every word of the site's interface comes from the strings file, so that a translation of it is complete.
@Suite("The site's interface strings")
struct SiteStringsTests {
    static let resources = SiteRunner.repositoryRoot.appendingPathComponent("Sources/KataTools/Site/Resources")

    @Test("with every string of en.json marked, no interface word of any page is left unmarked")
    func everyWordFromTheStringsFile() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("kata-strings-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.resources, to: copy)
        let file = copy.appendingPathComponent("strings/en.json")
        let english = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: file))
        var marked = english.mapValues { "⟪\($0)⟫" }
        marked["language"] = english["language"]
        try JSONEncoder().encode(marked).write(to: file)

        let runner = try SiteRunner()
        try ProgressStore(directory: runner.workbook.appendingPathComponent(".kata")).update {
            $0["add-numbers"].record(CheckRecord(time: Date(), verdict: .passed, duration: 1))
            $0["even-spec"].record(CheckRecord(time: Date(), verdict: .failed, duration: 1))
        }
        let result = try runner.build(["--with-solutions"], environment: ["KATA_SITE_RESOURCES": copy.path])
        try #require(result.status == 0, "\(result.stderr)")

        let sources = try FileManager.default.subpathsOfDirectory(atPath: runner.workbook.path)
            .filter { $0.hasSuffix(".md") || $0.hasSuffix(".swift") }
            .map { try String(contentsOf: runner.workbook.appendingPathComponent($0), encoding: .utf8) }.joined()
        // The pieces of each English string between its placeholders, which only the strings file can put on a page.
        let pieces = Set(
            english.filter { $0.key != "language" && $0.key != "about" }.values.flatMap { value in
                value.split(separator: /\{[a-z]+\}/).map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
                }
            }
        ).filter { $0.count >= 4 && !sources.contains($0) }
        #expect(pieces.count > 40)
        for page in runner.siteFiles() where page.hasSuffix(".html") {
            // What a reader reads: the text, and the words of labels, titles and placeholders.
            let html = try runner.page(page)
            var text =
                html.replacing(/<[^>]*>/, with: " ") + "\n"
                + html.matches(of: /(?:aria-label|title|placeholder|alt)="([^"]*)"/).map { String($0.output.1) }
                .joined(separator: "\n")
            // Strings nest (a count inside a sentence): take out the innermost marked strings until none is left.
            while let marked = text.firstMatch(of: /⟪[^⟪⟫]*⟫/) { text.replaceSubrange(marked.range, with: " ") }
            for piece in pieces.sorted() where text.contains(piece) {
                Issue.record("\(page) shows “\(piece)” without taking it from the strings file")
            }
        }
    }

    @Test("a translation that lacks strings is an error that names the file and the keys")
    func incompleteTranslation() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("kata-strings-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.resources, to: copy)
        try Data(#"{"language": "xx", "copy": "Kopieren"}"#.utf8).write(
            to: copy.appendingPathComponent("strings/xx.json"))
        let runner = try SiteRunner()
        let workbook = try Workspace(root: runner.workbook, displayBase: runner.folder).workbook
        #expect(throws: SiteError.self) {
            try SiteBuilder(
                workbook: workbook, resources: SiteResources(root: copy), options: .init(language: "xx")
            ).build(into: runner.site)
        }
        do {
            _ = try SiteBuilder(
                workbook: workbook, resources: SiteResources(root: copy), options: .init(language: "xx")
            ).build(into: runner.site)
        } catch {
            #expect(error.description.contains("strings/xx.json: error: the site's strings cannot be used: it lacks"))
            #expect(error.description.contains("anchorLabel"))
        }
    }
}
