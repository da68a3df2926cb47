import Foundation

/// Renders a workbook as a static site: an index, a page per chapter, the assets and a search index.
///
/// Every link in the site is relative, and nothing is fetched from the internet, so the site
/// works from `file://` on a machine without a network as well as from any web server.
public struct SiteBuilder {
    /// How to build.
    public struct Options: Sendable {
        /// Whether reference solutions are shown (an instructor's build). A learner's site never has them.
        public var withSolutions: Bool
        /// The address the site will be served from, for canonical links and `sitemap.xml`.
        public var baseURL: String?
        /// The language of the interface's words: `strings/<language>.json` in the resources.
        public var language: String

        /// Creates options.
        public init(withSolutions: Bool = false, baseURL: String? = nil, language: String = "en") {
            self.withSolutions = withSolutions
            self.baseURL = baseURL
            self.language = language
        }
    }

    /// What a build wrote.
    public struct Report: Sendable {
        /// The site folder.
        public var output: URL
        /// Pages written (index and chapters).
        public var pages: Int
        /// Exercises on the pages.
        public var exercises: Int
        /// Links that will not work, at their place in the Markdown.
        public var warnings: [Diagnostic]
    }

    /// The marker that says a folder was written by this builder and may be replaced.
    public static let marker = ".kata-site"

    let workbook: Workbook
    let resources: SiteResources
    let options: Options

    /// Creates a builder.
    public init(workbook: Workbook, resources: SiteResources, options: Options = Options()) {
        self.workbook = workbook
        self.resources = resources
        self.options = options
    }

    /// Builds the site into `output`, replacing an earlier build there.
    public func build(into output: URL) throws(SiteError) -> Report {
        let strings = try SiteStrings(resources: resources, language: options.language)
        let templates = try SiteTemplates(folder: resources.templates, strings: strings)
        let links = SiteLinks(workbook: workbook, withSolutions: options.withSolutions)
        let exercises = Dictionary(workbook.exercises.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let solutions = options.withSolutions ? try loadSolutions() : nil
        let title = siteTitle() ?? strings.text("defaultSiteTitle")
        let footer = strings.html(
            "footer",
            [
                "build": "<code>kata build-site</code>", "next": "<code>kata next</code>",
                "check": "<code>kata check</code>",
            ])

        var files: [String: String] = [:]
        var warnings: [Diagnostic] = []
        var references: [SiteLinks.Reference] = []
        var anchors: [String: Set<String>] = [:]
        var copied: Set<String> = []
        var search = SearchIndex()
        var rendered: [(chapter: Chapter, page: String, output: ChapterHTMLRenderer.Output)] = []

        for chapter in workbook.chapters {
            let page = SiteLinks.page(for: chapter)
            var renderer = ChapterHTMLRenderer(
                chapter: chapter, page: page, templates: templates, links: links, exercises: exercises,
                solutions: solutions)
            let result = renderer.render()
            rendered.append((chapter, page, result))
            warnings += result.warnings
            references += result.references
            copied.formUnion(result.files)
            anchors[page] = Set(
                result.headings.map(\.anchor) + chapter.exercises.map { AnchorRegistry.exercise($0.id) })
            indexSearch(chapter, page: page, result: result, strings: strings, into: &search)
        }

        let intro = introHTML(templates: templates, links: links, exercises: exercises)
        warnings += intro.warnings
        references += intro.references
        copied.formUnion(intro.files)
        anchors["index.html"] = Set(intro.headings.map(\.anchor))

        for (position, item) in rendered.enumerated() {
            let chapterHTML = templates.fragment(
                ChapterContext(
                    number: strings.text("chapterNumber", ["number": "\(item.chapter.number)"]),
                    bodyHTML: item.output.html), "chapter")
            let previous =
                position == 0
                ? PageLink(title: strings.text("contents"), href: "index.html")
                : PageLink(title: rendered[position - 1].chapter.title, href: rendered[position - 1].page)
            let next =
                position + 1 < rendered.count
                ? PageLink(title: rendered[position + 1].chapter.title, href: rendered[position + 1].page) : nil
            let context = PageContext(
                siteTitle: title, pageTitle: "\(item.chapter.title) · \(title)",
                description: Self.description(of: item.chapter.document), canonical: canonical(item.page),
                bodyHTML: chapterHTML, sidebar: sidebar(current: item.chapter.slug), toc: item.output.toc,
                hasTOC: !item.output.toc.isEmpty, previous: previous, next: next, hasPager: true, pageClass: nil,
                footerHTML: footer)
            files[item.page] = templates.render(context, "page")
        }

        let chapterTotal = strings.count("chapterCount", workbook.chapters.count)
        let exerciseTotal = strings.count("exerciseCount", workbook.exercises.count)
        let index = IndexContext(
            siteTitle: title, introHTML: intro.html,
            summaryHTML: strings.html(
                "indexSummary",
                [
                    "chapters": chapterTotal.htmlEscaped, "exercises": exerciseTotal.htmlEscaped,
                    "command": "<code>kata next</code>",
                ]),
            chapters: workbook.chapters.map { chapter in
                IndexChapter(
                    numberLabel: strings.text("chapterNumber", ["number": "\(chapter.number)"]), title: chapter.title,
                    href: SiteLinks.page(for: chapter),
                    exerciseCount: strings.count("exerciseCount", chapter.exercises.count),
                    exercises: sidebarExercises(chapter), hasExercises: !chapter.exercises.isEmpty)
            })
        let first = rendered.first.map { PageLink(title: $0.chapter.title, href: $0.page) }
        files["index.html"] = templates.render(
            PageContext(
                siteTitle: title, pageTitle: title,
                description: strings.text(
                    "siteDescription", ["title": title, "chapters": chapterTotal, "exercises": exerciseTotal]),
                canonical: canonical("index.html"), bodyHTML: templates.fragment(index, "index"),
                sidebar: sidebar(current: nil),
                toc: [], hasTOC: false, previous: nil, next: first, hasPager: first != nil, pageClass: "index-page",
                footerHTML: footer),
            "page")
        let book = PrintBook(pages: Set(rendered.map(\.page)))
        let bookContext = BookContext(
            siteTitle: title, introHTML: book.rewrite(intro.html, page: "index.html"),
            chapters: rendered.map { item in
                BookChapter(
                    anchor: PrintBook.anchor(page: item.page),
                    numberLabel: strings.text("chapterNumber", ["number": "\(item.chapter.number)"]),
                    title: item.chapter.title, bodyHTML: book.rewrite(item.output.html, page: item.page))
            })
        files["print.html"] = templates.render(
            PageContext(
                siteTitle: title, pageTitle: strings.text("bookTitle", ["title": title]),
                description: strings.text(
                    "siteDescription", ["title": title, "chapters": chapterTotal, "exercises": exerciseTotal]),
                canonical: canonical("print.html"), bodyHTML: templates.fragment(bookContext, "book"),
                sidebar: sidebar(current: nil), toc: [], hasTOC: false, previous: nil, next: nil, hasPager: false,
                pageClass: "index-page book-page", footerHTML: footer),
            "page")
        files["assets/search-index.js"] = search.script()
        files["search-index.json"] = search.json()
        files["assets/strings.js"] = strings.script()
        if let sitemap = sitemap(pages: ["index.html"] + rendered.map(\.page)) { files["sitemap.xml"] = sitemap }
        files[Self.marker] = "This folder was written by kata build-site; the next build replaces it.\n"

        for reference in references where !(anchors[reference.page]?.contains(reference.fragment) ?? false) {
            warnings.append(
                Diagnostic(
                    .warning, at: reference.location,
                    "link to \(reference.page)#\(reference.fragment): that page has no heading or exercise with this anchor"
                ))
        }

        try write(files: files, copying: copied.sorted(), into: output)
        warnings.sort {
            ($0.location.file, $0.location.line, $0.location.column) < (
                $1.location.file, $1.location.line, $1.location.column
            )
        }
        return Report(
            output: output, pages: rendered.count + 1, exercises: workbook.exercises.count, warnings: warnings)
    }

    // MARK: Parts of pages

    private func sidebar(current: String?) -> [SidebarChapter] {
        workbook.chapters.map { chapter in
            SidebarChapter(
                number: "\(chapter.number)", title: chapter.title, href: SiteLinks.page(for: chapter),
                current: chapter.slug == current, exercises: sidebarExercises(chapter),
                hasExercises: !chapter.exercises.isEmpty)
        }
    }

    private func sidebarExercises(_ chapter: Chapter) -> [SidebarExercise] {
        chapter.exercises.map { exercise in
            SidebarExercise(
                title: exercise.title, id: exercise.id,
                href: "\(SiteLinks.page(for: chapter))#\(AnchorRegistry.exercise(exercise.id))")
        }
    }

    private func indexSearch(
        _ chapter: Chapter, page: String, result: ChapterHTMLRenderer.Output, strings: SiteStrings,
        into search: inout SearchIndex
    ) {
        search.addPage(label: strings.text("chapterNumber", ["number": "\(chapter.number)"]), title: chapter.title)
        var listed: Set<String> = []
        for (position, section) in result.sections.enumerated() {
            let text = section.text.joined(separator: " ")
            if position == 0, section.level == 1 {
                search.add(kind: "chapter", title: chapter.title, url: page, text: text, names: section.names)
            } else if let first = section.exercises.first {
                // An exercise's heading is its entry: the prompt is the text found under it.
                search.add(
                    kind: "exercise", title: section.title, url: "\(page)#\(AnchorRegistry.exercise(first))", id: first,
                    text: text, names: section.names)
                listed.insert(first)
            } else {
                search.add(
                    kind: "section", title: section.title, url: "\(page)#\(section.anchor)", text: text,
                    names: section.names)
            }
        }
        for exercise in chapter.exercises where !listed.contains(exercise.id) {
            search.add(
                kind: "exercise", title: exercise.title, url: "\(page)#\(AnchorRegistry.exercise(exercise.id))",
                id: exercise.id)
        }
    }

    /// `site.md` at the workbook root: its `# ` heading is the site's title, the rest opens the index.
    private var siteFile: URL { workbook.root.appendingPathComponent("site.md") }

    private func siteDocument() -> MarkdownNode? {
        guard let data = FileManager.default.contents(atPath: siteFile.path) else { return nil }
        return MarkdownParser.parse(String(decoding: data, as: UTF8.self))
    }

    private func siteTitle() -> String? {
        guard let document = siteDocument(),
            let heading = document.children.first(where: { $0.kind == .heading(level: 1) })
        else { return nil }
        return heading.plainText.trimmingCharacters(in: .whitespaces)
    }

    private func introHTML(
        templates: SiteTemplates, links: SiteLinks, exercises: [String: Exercise]
    ) -> ChapterHTMLRenderer.Output {
        guard var document = siteDocument() else {
            return ChapterHTMLRenderer.Output(
                html: "", toc: [], headings: [], sections: [], references: [], files: [], warnings: [])
        }
        if let first = document.children.firstIndex(where: { $0.kind == .heading(level: 1) }) {
            document.children.remove(at: first)
        }
        let chapter = Chapter(
            number: 0, slug: "site", title: "", path: "site.md", url: siteFile, source: "", document: document,
            exercises: [], examples: [])
        var renderer = ChapterHTMLRenderer(
            chapter: chapter, page: "index.html", templates: templates, links: links, exercises: exercises,
            solutions: nil)
        return renderer.render()
    }

    private func canonical(_ page: String) -> String? {
        guard let base = options.baseURL else { return nil }
        return (base.hasSuffix("/") ? base : base + "/") + page
    }

    private func sitemap(pages: [String]) -> String? {
        guard options.baseURL != nil else { return nil }
        let urls = pages.compactMap(canonical).map { "  <url><loc>\($0.htmlEscaped)</loc></url>" }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            \(urls.joined(separator: "\n"))
            </urlset>

            """
    }

    /// The first paragraph, as plain text of at most 160 characters.
    static func description(of document: MarkdownNode) -> String {
        guard let paragraph = document.children.first(where: { $0.kind == .paragraph }) else { return "" }
        let text = paragraph.plainText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard text.count > 160 else { return text }
        let cut = text.prefix(157)
        return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
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

    // MARK: Writing

    private func write(files: [String: String], copying workbookFiles: [String], into output: URL) throws(SiteError) {
        let manager = FileManager.default
        do {
            try prepare(output)
            var assets: [(from: URL, to: String)] = []
            if let enumerator = manager.enumerator(
                at: resources.assets, includingPropertiesForKeys: [.isRegularFileKey])
            {
                let base = resources.assets.standardizedFileURL.path + "/"
                for case let url as URL in enumerator
                where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                    assets.append((url, "assets/" + url.standardizedFileURL.path.dropFirst(base.count)))
                }
            }
            assets += workbookFiles.map { (workbook.url($0), "\(SiteLinks.filesFolder)/\($0)") }
            for (source, path) in assets {
                let destination = output.appendingPathComponent(path)
                try manager.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try manager.copyItem(at: source, to: destination)
            }
            for (path, text) in files {
                let destination = output.appendingPathComponent(path)
                try manager.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: destination)
            }
        } catch let error as SiteError {
            throw error
        } catch {
            throw .io(path: output.path, reason: error.localizedDescription)
        }
    }

    /// Empties a folder this builder wrote before, creates a missing one, and refuses any other.
    private func prepare(_ output: URL) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: output.path, isDirectory: &isDirectory) else {
            try manager.createDirectory(at: output, withIntermediateDirectories: true)
            return
        }
        guard isDirectory.boolValue else { throw SiteError.outputNotASite(path: output.path) }
        let contents = try manager.contentsOfDirectory(atPath: output.path)
        guard contents.isEmpty || contents.contains(Self.marker) else {
            throw SiteError.outputNotASite(path: output.path)
        }
        for name in contents {
            try manager.removeItem(at: output.appendingPathComponent(name))
        }
    }
}
