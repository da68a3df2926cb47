import Foundation
import Testing

@testable import KataBasics
@testable import KataTools
@testable import KataWorkbook

/// `kata build-site` through the real binary, on the fixture workbook.
@Suite("kata build-site, end to end")
struct SiteBuildTests {
    @Test("the pages, the search index and the report match their golden files")
    func golden() throws {
        let runner = try SiteRunner()
        let result = try runner.build()
        try assertSnapshot(result.transcript, named: "build.txt")
        for page in [
            "index.html", "01-basics.html", "02-pairs.html", "docs-guide.html", "print.html", "404.html",
            "search-index.json",
        ] {
            try assertSnapshot(try runner.page(page), named: page)
        }
        #expect(
            runner.siteFiles() == [
                ".kata-site", "01-basics.html", "02-pairs.html", "404.html", "assets/favicon.svg", "assets/print.css",
                "assets/search-index.js", "assets/search.js", "assets/site.css", "assets/site.js", "assets/strings.js",
                "assets/theme.js", "docs-guide.html", "docs-notes-more.html", "files/chapters/images/cycle.svg",
                "index.html", "print.html", "search-index.json",
            ])
    }

    @Test("a learner's build contains no line of any reference solution")
    func noSolutions() throws {
        let runner = try SiteRunner()
        try #require(try runner.build().status == 0)
        let lines = try solutionOnlyLines(runner)
        try #require(lines.count >= 3, "the fixture's solutions need lines of their own for this test to mean anything")
        for file in runner.siteFiles() {
            let html = try runner.page(file)
            let text = visibleText(html)
            for line in lines {
                #expect(!text.contains(line), "\(file) shows solution code: \(line)")
            }
            #expect(!html.contains("class=\"solution\""), "\(file) has a solution section")
            #expect(!html.contains("class=\"instructor-note\""), "\(file) says it is an instructor's build")
        }
    }

    @Test("--with-solutions shows every reference solution, folded, after its exercise")
    func withSolutions() throws {
        let runner = try SiteRunner()
        let result = try runner.build(["--with-solutions"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("with reference solutions"))
        let pages = try visibleText(runner.page("01-basics.html")) + visibleText(runner.page("02-pairs.html"))
        for line in try solutionOnlyLines(runner) {
            #expect(pages.contains(line), "the instructor's build lacks: \(line)")
        }
        let basics = try runner.page("01-basics.html")
        let solution = try #require(basics.range(of: "<details class=\"solution\">"))
        let lastHint = try #require(basics.range(of: "Hint 2 of 2", options: .backwards))
        #expect(lastHint.upperBound < solution.lowerBound, "the solution comes after the exercise's last block")
        // Every page says it is an instructor's build, first thing, so that it is not handed to learners by mistake.
        for page in runner.siteFiles() where page.hasSuffix(".html") {
            let html = try runner.page(page)
            let note = html.range(of: "<p class=\"instructor-note\" role=\"note\">Instructor&#39;s edition: ")
            let header = html.range(of: "<header class=\"site-header\">")
            #expect(note != nil && header != nil && note!.lowerBound < header!.lowerBound, "\(page)")
        }
    }

    @Test("commands are written as a reader types them in the workbook's folder: ./kata when it has its launcher")
    func commands() throws {
        for launcher in [true, false] {
            let runner = try SiteRunner()
            let chapter = runner.workbook.appendingPathComponent("chapters/01-basics.md")
            try
                (String(contentsOf: chapter, encoding: .utf8)
                + "\nRun `kata check add-numbers` again; `kata` alone, or `kata-room`, stays as written.\n")
                .write(to: chapter, atomically: true, encoding: .utf8)
            if launcher {
                let script = runner.workbook.appendingPathComponent("kata")
                try Data("#!/bin/sh\n".utf8).write(to: script)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            }
            try #require(try runner.build().status == 0)
            let kata = launcher ? "./kata" : "kata"
            let basics = try runner.page("01-basics.html")
            #expect(basics.contains("<code class=\"command\">\(kata) check add-numbers</code>"), "the cards")
            #expect(basics.contains("<code class=\"command\">\(kata) next add-numbers</code>"), "the starter's card")
            #expect(basics.contains("Run <code>\(kata) check add-numbers</code> again"), "inline code in prose")
            #expect(basics.contains("<code>kata</code> alone, or <code>kata-room</code>, stays"), "not a command")
            #expect(basics.contains("Built by <code>\(kata) build-site</code>"), "the footer")
            #expect(try runner.page("index.html").contains("work in a terminal with <code>\(kata) next</code>"))
            #expect(try runner.page("assets/strings.js").contains("build the site again with \(kata) build-site"))
        }
    }

    @Test("--with-solutions on the bundled workbook shows every one of its reference solutions")
    func everyBundledSolution() throws {
        let runner = try SiteRunner(workbookAt: SiteRunner.repositoryRoot)
        let result = try runner.build(["--with-solutions"])
        #expect(result.status == 0, "\(result.stderr)")
        let solutionsFolder = SiteRunner.repositoryRoot.appendingPathComponent("solutions")
        let pages = runner.siteFiles().filter { $0.hasSuffix(".html") }
        let html = try pages.map { try runner.page($0) }.joined()
        var count = 0
        for chapter in try FileManager.default.contentsOfDirectory(atPath: solutionsFolder.path).sorted() {
            let folder = solutionsFolder.appendingPathComponent(chapter)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where file.hasSuffix(".swift") {
                count += 1
                let id = String(file.dropLast(".swift".count))
                let shown = html.contains("Reference solution <span class=\"summary-note\">of <code>\(id)</code>")
                #expect(shown, "no reference solution for \(id) in the instructor's site")
            }
        }
        #expect(count > 50, "the bundled workbook has a solution per exercise")
    }

    @Test("a link to an exercise lands on its title heading, above its prompt, in the bundled workbook")
    func exerciseAnchorsOnHeadings() throws {
        let runner = try SiteRunner(workbookAt: SiteRunner.repositoryRoot)
        try #require(try runner.build().status == 0)
        let pages = runner.siteFiles().filter { $0.hasSuffix(".html") }
        let texts = try Dictionary(uniqueKeysWithValues: pages.map { ($0, try runner.page($0)) })
        let links = Set(
            texts.values.flatMap { html in
                html.matches(of: /href="([0-9][^"#]*\.html)#(exercise-[a-z0-9-]+)"/).map {
                    "\($0.output.1)#\($0.output.2)"
                }
            })
        #expect(links.count > 50, "the sidebar links every exercise of the bundled workbook")
        for link in links.sorted() {
            let parts = link.split(separator: "#").map(String.init)
            let lines = (texts[parts[0]] ?? "").split(separator: "\n").filter { $0.contains("id=\"\(parts[1])\"") }
            #expect(lines.count == 1, "\(link): \(lines.count) elements have this id")
            let onHeading = lines.first.map { $0.hasPrefix("<h2 ") || $0.hasPrefix("<h3 ") || $0.hasPrefix("<h1 ") }
            #expect(onHeading == true, "\(link) is not on a heading: \(lines.first?.prefix(80) ?? "")")
        }
    }

    @Test("--base-url adds canonical links and a sitemap; without it the site names no address")
    func baseURL() throws {
        let runner = try SiteRunner()
        try #require(try runner.build(["--base-url", "https://example.org/kata"]).status == 0)
        #expect(
            try runner.page("01-basics.html").contains(
                #"<link rel="canonical" href="https://example.org/kata/01-basics.html">"#))
        #expect(try runner.page("sitemap.xml").contains("<loc>https://example.org/kata/02-pairs.html</loc>"))
        #expect(try runner.page("sitemap.xml").contains("<loc>https://example.org/kata/docs-guide.html</loc>"))
        // The 404 page is shown at any address of the server: its relative links start from the site's.
        let notFound = try runner.page("404.html")
        #expect(notFound.contains(#"<base href="https://example.org/kata/">"#))
        #expect(notFound.contains(#"<meta name="robots" content="noindex">"#))
        #expect(!notFound.contains("rel=\"canonical\""))

        let bad = try runner.build(["--base-url", "example.org"])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.contains("--base-url must be a web address such as https://example.org/kata/; got 'example.org'")
        )
    }

    @Test("a second build replaces the first, but a folder kata did not write is left alone")
    func outputFolder() throws {
        let runner = try SiteRunner()
        try #require(try runner.build().status == 0)
        try Data("stale".utf8).write(to: runner.site.appendingPathComponent("old-chapter.html"))
        try #require(try runner.build().status == 0)
        #expect(!FileManager.default.fileExists(atPath: runner.site.appendingPathComponent("old-chapter.html").path))

        let precious = runner.folder.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: precious, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: precious.appendingPathComponent("todo.txt"))
        let refused = try runner.run(["build-site", "--workbook", "workbook", "--out", "notes"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "kata: error: <tmp>/notes exists and holds files that kata build-site did not write; choose an empty or new folder with --out, or remove it first\n"
        )
        #expect(FileManager.default.fileExists(atPath: precious.appendingPathComponent("todo.txt").path))
    }

    @Test("links that cannot work are reported at their place in the Markdown, and the site is still written")
    func warnings() throws {
        let runner = try SiteRunner(files: [
            "chapters/01-links.md": """
            # Links

            See [nowhere](#no-such-heading), [a missing chapter](03-missing.md),
            [a missing anchor](02-other.md#nope), [a solution](../solutions/links/x.swift)
            and ![a remote picture](https://example.org/cycle.png).

            ```swift starter id=x
            func x() {}
            ```

            ```swift spec id=x
            final class XSpec: QuickSpec { override class func spec() { it("runs") { x() } } }
            ```
            """,
            "chapters/02-other.md": "# Other\n\n## Here\n",
            "solutions/links/x.swift": "func x() { print(\"solved\") }\n",
        ])
        try assertSnapshot(try runner.build().transcript, named: "warnings.txt")
        #expect(FileManager.default.fileExists(atPath: runner.site.appendingPathComponent("01-links.html").path))
    }

    @Test("an invalid workbook builds nothing and lists its mistakes")
    func invalidWorkbook() throws {
        let runner = try SiteRunner(files: ["chapters/01-broken.md": "# Broken\n\n```swift spek id=x\n```\n"])
        let result = try runner.build()
        #expect(result.status == 1)
        #expect(result.stderr.contains("chapters/01-broken.md:3:10: error: unknown role 'spek' (did you mean 'spec'?)"))
        #expect(!FileManager.default.fileExists(atPath: runner.site.path))
    }

    @Test("KATA_SITE_RESOURCES pointing nowhere is an error that says what to set")
    func missingResources() throws {
        let runner = try SiteRunner()
        let result = try runner.build(environment: ["KATA_SITE_RESOURCES": "/nonexistent"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "cannot find the site's templates and assets; looked in:\n  KATA_SITE_RESOURCES=/nonexistent"))
    }

    /// Lines of the fixture's solutions that the chapters do not also show (a starter's signature, say).
    private func solutionOnlyLines(_ runner: SiteRunner) throws -> [String] {
        let chapters = try ["01-basics.md", "02-pairs.md"].map {
            try String(contentsOf: runner.workbook.appendingPathComponent("chapters/\($0)"), encoding: .utf8)
        }.joined()
        return try ["solutions/basics/add-numbers.swift", "solutions/pairs/even-spec.swift"].flatMap { path in
            try String(contentsOf: runner.workbook.appendingPathComponent(path), encoding: .utf8)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.count > 8 && !chapters.contains($0) }
        }
    }
}
