import Foundation
import KataWorkbook

/// Renders a workbook as a static site: an index, a page per chapter and per document the chapters link
/// to, the whole workbook on one page for printing, a 404 page, the assets and a search index.
///
/// Every link in the site is relative, and nothing is fetched from the internet, so the site
/// works from `file://` on a machine without a network as well as from any web server.
package struct SiteBuilder {
    /// How to build.
    package struct Options: Sendable {
        /// Whether reference solutions are shown (an instructor's build). A learner's site never has them.
        package var withSolutions: Bool
        /// The address the site will be served from, for canonical links and `sitemap.xml`.
        package var baseURL: String?
        /// The language of the interface's words: `strings/<language>.json` in the resources.
        package var language: String
        /// The learner's progress, shown on the index, in the sidebar and on the exercises' headings.
        package var progress: SiteProgress?
        /// Every edition of the site, this one included, for the language switch and `hreflang` links; empty
        /// for a site in one language.
        package var editions: [SiteEdition] = []
        /// Pages of chapters shown in the source language in a translated edition, with no translation yet.
        var untranslatedPages: Set<String> = []
        /// The file at the workbook's root whose title and introduction open the index: `site.md`, or a
        /// translation's `site.<language>.md`.
        var siteFileName = "site.md"
        /// In a translated edition, the source edition's headings by page (``Report/headings``), so that each
        /// heading also carries its source anchor and the language switch keeps the reader's place.
        var sourceHeadings: [String: [SiteHeading]] = [:]

        /// Creates options.
        package init(
            withSolutions: Bool = false, baseURL: String? = nil, language: String = "en", progress: SiteProgress? = nil
        ) {
            self.withSolutions = withSolutions
            self.baseURL = baseURL
            self.language = language
            self.progress = progress
        }
    }

    /// What a build wrote.
    package struct Report: Sendable {
        /// The site folder.
        package var output: URL
        /// Pages written (index, chapters and documents).
        package var pages: Int
        /// Exercises on the pages.
        package var exercises: Int
        /// Links that will not work, at their place in the Markdown.
        package var warnings: [Diagnostic]
        /// Every chapter's and document's headings (outside hints), in order, by page.
        package var headings: [String: [SiteHeading]] = [:]
    }

    /// The marker that says a folder was written by this builder and may be replaced.
    package static let marker = SiteFolder.marker

    let workbook: Workbook
    let resources: SiteResources
    let options: Options

    /// Creates a builder.
    package init(workbook: Workbook, resources: SiteResources, options: Options = Options()) {
        self.workbook = workbook
        self.resources = resources
        self.options = options
    }

    /// Builds the site into `output`, replacing an earlier build there.
    package func build(into output: URL) throws(SiteError) -> Report {
        let strings = try SiteStrings(
            resources: resources, language: options.language, kata: Self.command(for: workbook.root))
        let templates = try SiteTemplates(folder: resources.templates, strings: strings)
        let site = siteDocument()
        let docs = SiteDocs(workbook: workbook, site: site)
        let links = SiteLinks(workbook: workbook, withSolutions: options.withSolutions, documents: docs.documents)
        let exercises = Dictionary(workbook.exercises.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let solutions = options.withSolutions ? try loadSolutions() : nil
        let marks = Dictionary(
            uniqueKeysWithValues: workbook.exercises.compactMap { exercise in
                options.progress?.mark(exercise.id, strings: strings).map { (exercise.id, $0) }
            })

        func render(_ chapter: Chapter, page: String, solutions: [String: String]?) -> SitePages.Rendered {
            var renderer = ChapterHTMLRenderer(
                chapter: chapter, page: page, templates: templates, links: links, exercises: exercises,
                solutions: solutions, marks: marks, sourceHeadings: options.sourceHeadings[page])
            return SitePages.Rendered(chapter: chapter, page: page, output: renderer.render())
        }
        let chapters = workbook.chapters.map { render($0, page: SiteLinks.page(for: $0), solutions: solutions) }
        let documents = docs.documents.map { render($0, page: SiteDocs.page(for: $0), solutions: nil) }
        let intro = render(introChapter(site), page: "index.html", solutions: nil)

        let pages = SitePages(
            workbook: workbook, templates: templates, title: siteTitle(site) ?? strings.text("defaultSiteTitle"),
            documents: documents, progress: options.progress, baseURL: options.baseURL,
            editions: options.editions, untranslatedPages: options.untranslatedPages,
            withSolutions: options.withSolutions)
        var files: [String: String] = [:]
        var search = SearchIndex()
        for (position, item) in chapters.enumerated() {
            files[item.page] = pages.chapter(
                item, previous: position > 0 ? chapters[position - 1] : nil,
                next: position + 1 < chapters.count ? chapters[position + 1] : nil)
            search.add(
                page: item.page, label: strings.text("chapterNumber", ["number": "\(item.chapter.number)"]),
                title: item.chapter.title, kind: "chapter", sections: item.output.sections,
                exercises: item.chapter.exercises)
        }
        for item in documents {
            files[item.page] = pages.document(item)
            search.add(
                page: item.page, label: strings.text("reference"), title: item.chapter.title, kind: "page",
                sections: item.output.sections, exercises: [])
        }
        files["index.html"] = pages.index(introHTML: intro.output.html, first: chapters.first)
        files["print.html"] = pages.book(introHTML: intro.output.html, chapters: chapters)
        files["404.html"] = pages.notFound()
        files["assets/search-index.js"] = search.script()
        files["search-index.json"] = search.json()
        files["assets/strings.js"] = strings.script()
        if options.baseURL != nil {
            files["sitemap.xml"] = sitemap(
                pages.canonical, ["index.html"] + chapters.map(\.page) + documents.map(\.page) + ["print.html"])
        }
        files[SiteFolder.marker] = "This folder was written by kata build-site; the next build replaces it.\n"

        let all = chapters + documents + [intro]
        var warnings = all.flatMap(\.output.warnings) + brokenAnchors(in: all)
        try SiteFolder(url: output).write(
            files: files, assets: resources.assets, workbookFiles: Set(all.flatMap(\.output.files)).sorted(),
            from: workbook.root)
        warnings.sort {
            ($0.location.file, $0.location.line, $0.location.column) < (
                $1.location.file, $1.location.line, $1.location.column
            )
        }
        var headings: [String: [SiteHeading]] = [:]
        for item in chapters + documents {
            headings[item.page] = item.output.headings.map { SiteHeading(anchor: $0.anchor, level: $0.level) }
        }
        return Report(
            output: output, pages: chapters.count + documents.count + 1, exercises: workbook.exercises.count,
            warnings: warnings, headings: headings)
    }

    /// How the site writes a kata command: as typed in the workbook's folder, `./kata check hello-kata`, when the
    /// workbook has its `./kata` launcher (which works whether or not kata is on the reader's `PATH`); plain
    /// `kata` in a workbook without one, whose readers have kata installed. The terminal says the same commands
    /// the way they work where the learner stands (see ``KataCommand``).
    static func command(for root: URL) -> String {
        FileManager.default.isExecutableFile(atPath: root.appendingPathComponent("kata").path) ? "./kata" : "kata"
    }

    /// Links to a page of the site whose anchor is not on it.
    private func brokenAnchors(in rendered: [SitePages.Rendered]) -> [Diagnostic] {
        var anchors: [String: Set<String>] = [:]
        for item in rendered {
            anchors[item.page, default: []].formUnion(
                item.output.headings.map(\.anchor) + item.chapter.exercises.map { AnchorRegistry.exercise($0.id) })
        }
        return rendered.flatMap(\.output.references).compactMap { reference in
            anchors[reference.page]?.contains(reference.fragment) ?? false
                ? nil
                : Diagnostic(
                    .warning, at: reference.location,
                    "link to \(reference.page)#\(reference.fragment): that page has no heading or exercise with this anchor"
                )
        }
    }

    // MARK: The workbook's files

    /// `site.md` at the workbook root: its `# ` heading is the site's title, the rest opens the index.
    private var siteFile: URL { workbook.root.appendingPathComponent(options.siteFileName) }

    private func siteDocument() -> MarkdownNode? {
        guard let data = FileManager.default.contents(atPath: siteFile.path) else { return nil }
        return MarkdownParser.parse(String(decoding: data, as: UTF8.self))
    }

    private func siteTitle(_ document: MarkdownNode?) -> String? {
        guard let heading = document?.children.first(where: { $0.kind == .heading(level: 1) }) else { return nil }
        return heading.plainText.trimmingCharacters(in: .whitespaces)
    }

    /// `site.md` without its title, as a chapter to render on the index.
    private func introChapter(_ site: MarkdownNode?) -> Chapter {
        var document = site ?? MarkdownNode(kind: .document)
        if let first = document.children.firstIndex(where: { $0.kind == .heading(level: 1) }) {
            document.children.remove(at: first)
        }
        return Chapter(
            number: 0, slug: "site", title: "", path: options.siteFileName, url: siteFile, source: "",
            document: document,
            exercises: [], examples: [])
    }

    private func loadSolutions() throws(SiteError) -> [String: String] {
        var solutions: [String: String] = [:]
        for exercise in workbook.exercises {
            let url = workbook.url(exercise.solutionPath)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .io(path: url.path, reason: "the reference solution cannot be read")
            }
            solutions[exercise.id] = String(decoding: data, as: UTF8.self)
        }
        return solutions
    }

    private func sitemap(_ canonical: (String) -> String?, _ pages: [String]) -> String {
        let urls = pages.compactMap(canonical).map { "  <url><loc>\($0.htmlEscaped)</loc></url>" }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            \(urls.joined(separator: "\n"))
            </urlset>

            """
    }
}
