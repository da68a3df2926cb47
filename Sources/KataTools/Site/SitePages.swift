import Foundation
import KataMessages
import KataWorkbook

/// Puts the site's pages together from rendered chapters: the frame around each page, its sidebar and
/// pager, the index, the whole workbook for printing, and the 404 page.
struct SitePages {
    /// A chapter or document, rendered.
    struct Rendered {
        var chapter: Chapter
        /// Its page (`01-basics.html`).
        var page: String
        var output: ChapterHTMLRenderer.Output
    }

    let workbook: Workbook
    let templates: SiteTemplates
    /// The site's title (`site.md`'s heading).
    let title: String
    /// The workbook's other documents, rendered as pages.
    let documents: [Rendered]
    let progress: SiteProgress?
    let baseURL: String?
    /// Every edition of the site, this one included (empty for a site in one language).
    var editions: [SiteEdition] = []
    /// Chapters shown in the source language in this edition.
    var untranslatedPages: Set<String> = []
    /// An instructor's build (with the reference solutions), which every page says it is.
    var withSolutions = false

    var strings: SiteStrings { templates.strings }
    /// How a kata command starts on this site (`./kata`), HTML-escaped.
    private var kata: String { strings.kata.htmlEscaped }

    // MARK: Pages

    /// A chapter's page, with the chapters before and after it in the pager.
    func chapter(_ item: Rendered, previous: Rendered?, next: Rendered?) -> String {
        let body = templates.fragment(
            ChapterContext(
                number: chapterNumber(item.chapter), bodyHTML: item.output.html,
                contentLanguage: contentLanguage(of: item.page)), "chapter")
        let back = previous.map {
            PageLink(title: $0.chapter.title, href: $0.page, lang: contentLanguage(of: $0.page))
        }
        return frame(
            page: item.page, pageTitle: "\(item.chapter.title) · \(title)",
            description: Self.description(of: item.chapter.document), body: body, current: item.page,
            toc: item.output.toc,
            pager: (
                back ?? PageLink(title: strings.text("contents"), href: "index.html"),
                next.map { PageLink(title: $0.chapter.title, href: $0.page, lang: contentLanguage(of: $0.page)) }
            ))
    }

    /// A document's page (`docs-kataspec.html`).
    func document(_ item: Rendered) -> String {
        let body = templates.fragment(
            ChapterContext(
                number: strings.text("reference"), bodyHTML: item.output.html,
                contentLanguage: contentLanguage(of: item.page)), "chapter")
        return frame(
            page: item.page, pageTitle: "\(item.chapter.title) · \(title)",
            description: Self.description(of: item.chapter.document), body: body, current: item.page,
            toc: item.output.toc, pager: nil)
    }

    /// The index: `site.md`'s introduction, every chapter with its exercises, and the learner's progress.
    func index(introHTML: String, first: Rendered?) -> String {
        let context = IndexContext(
            siteTitle: title, introHTML: introHTML,
            summaryHTML: strings.html(
                "indexSummary",
                [
                    "chapters": chapterTotal.htmlEscaped, "exercises": exerciseTotal.htmlEscaped,
                    "command": "<code>\(kata) next</code>",
                ]),
            progressHTML: progressHTML(),
            chapters: workbook.chapters.map { chapter in
                let solved = progress?.solved(chapter.exercises)
                let total = chapter.exercises.count
                return IndexChapter(
                    numberLabel: chapterNumber(chapter), title: chapter.title, href: SiteLinks.page(for: chapter),
                    exerciseCount: strings.count("exerciseCount", total), exercises: exercises(of: chapter),
                    hasExercises: total > 0,
                    progress: solved.map { strings.text("progressChapter", ["solved": "\($0)", "total": "\(total)"]) },
                    percent: solved.flatMap { total > 0 ? $0 * 100 / total : nil })
            })
        return frame(
            page: "index.html", pageTitle: title, description: siteDescription,
            body: templates.fragment(context, "index"), current: nil, toc: [],
            pager: first.map { (nil, PageLink(title: $0.chapter.title, href: $0.page)) }, pageClass: "index-page")
    }

    /// The whole workbook on one page, each chapter starting a new sheet when printed.
    func book(introHTML: String, chapters: [Rendered]) -> String {
        let book = PrintBook(pages: Set(chapters.map(\.page)))
        let context = BookContext(
            siteTitle: title, introHTML: book.rewrite(introHTML, page: "index.html"),
            chapters: chapters.map { item in
                BookChapter(
                    anchor: PrintBook.anchor(page: item.page), numberLabel: chapterNumber(item.chapter),
                    title: item.chapter.title, bodyHTML: book.rewrite(item.output.html, page: item.page))
            })
        return frame(
            page: "print.html", pageTitle: strings.text("bookTitle", ["title": title]), description: siteDescription,
            body: templates.fragment(context, "book"), current: nil, toc: [], pager: nil,
            pageClass: "index-page book-page")
    }

    /// The page a web server shows for an address the site does not have.
    func notFound() -> String {
        frame(
            page: "404.html", pageTitle: strings.text("notFoundPageTitle", ["title": title]), description: "",
            body: templates.fragment((), "not-found"), current: nil, toc: [], pager: nil,
            pageClass: "index-page", isNotFound: true)
    }

    // MARK: The frame

    private func frame(
        page: String, pageTitle: String, description: String, body: String, current: String?, toc: [TOCEntry],
        pager: (previous: PageLink?, next: PageLink?)?, pageClass: String? = nil, isNotFound: Bool = false
    ) -> String {
        let context = PageContext(
            siteTitle: title, pageTitle: pageTitle, description: description.isEmpty ? nil : description,
            canonical: isNotFound ? nil : canonical(page), bodyHTML: body, sidebar: sidebar(current: current, toc: toc),
            reference: documents.map {
                SidebarDocument(
                    title: $0.chapter.title, href: $0.page, current: $0.page == current,
                    lang: contentLanguage(of: $0.page))
            },
            hasReference: !documents.isEmpty, toc: toc, hasTOC: !toc.isEmpty, previous: pager?.previous,
            next: pager?.next, hasPager: pager != nil, pageClass: pageClass, footerHTML: footerHTML,
            baseHref: isNotFound ? baseURL.map(Self.folder) : nil, noindex: isNotFound,
            alternates: isNotFound ? [] : alternates(of: page),
            untranslatedNote: untranslatedPages.contains(page)
                ? strings.text("untranslatedChapter", ["language": currentEdition?.name ?? ""]) : nil,
            contentLanguage: contentLanguage(of: page),
            instructorNote: withSolutions ? strings.text("instructorBuild") : nil)
        return templates.render(context, "page")
    }

    /// The language of a chapter's or document's words when it is not this edition's, for their `lang`: a
    /// chapter not translated yet is in the source language, and so is a document, unless it is named after
    /// another language (`GLOSSARY.zh-Hans.md`).
    func contentLanguage(of page: String) -> String? {
        let language: String
        if let document = documents.first(where: { $0.page == page }) {
            let stem = URL(fileURLWithPath: document.chapter.path).deletingPathExtension().pathExtension
            language = Language.knownNames[stem] != nil ? stem : Language.source.code
        } else if untranslatedPages.contains(page) {
            language = Language.source.code
        } else {
            return nil
        }
        return language == strings.text("language") ? nil : language
    }

    /// This edition: the one whose language is the strings' language.
    private var currentEdition: SiteEdition? {
        editions.first { $0.code == strings.text("language") }
    }

    /// The same page in every edition: absolute when the site's address is known, else relative.
    private func alternates(of page: String) -> [AlternateLink] {
        guard let current = currentEdition, editions.count > 1 else { return [] }
        return editions.map { edition in
            let href =
                baseURL.map { Self.folder(Self.root(of: $0, in: current)) + edition.folder + page }
                ?? (edition == current ? page : edition.href(of: page, from: current))
            return AlternateLink(code: edition.code, name: edition.name, href: href, current: edition == current)
        }
    }

    /// The whole site's address, from the address of the edition `edition` (which ends in its folder).
    private static func root(of url: String, in edition: SiteEdition) -> String {
        let folder = Self.folder(url)
        return edition.folder.isEmpty || !folder.hasSuffix(edition.folder)
            ? folder : String(folder.dropLast(edition.folder.count))
    }

    private func sidebar(current: String?, toc: [TOCEntry]) -> [SidebarChapter] {
        let listed = Set(toc.flatMap(\.exercises))
        return workbook.chapters.map { chapter in
            let page = SiteLinks.page(for: chapter)
            let solved = progress?.solved(chapter.exercises)
            let total = "\(chapter.exercises.count)"
            return SidebarChapter(
                number: "\(chapter.number)", title: chapter.title, href: page, current: page == current,
                exercises: exercises(of: chapter), hasExercises: !chapter.exercises.isEmpty,
                progress: solved.map { strings.text("progressShort", ["solved": "\($0)", "total": total]) },
                progressLabel: solved.map { strings.text("progressChapter", ["solved": "\($0)", "total": total]) },
                lang: contentLanguage(of: page),
                tocHoldsExercises: page == current && chapter.exercises.allSatisfy { listed.contains($0.id) })
        }
    }

    private func exercises(of chapter: Chapter) -> [SidebarExercise] {
        chapter.exercises.map { exercise in
            SidebarExercise(
                title: exercise.title, id: exercise.id,
                href: "\(SiteLinks.page(for: chapter))#\(AnchorRegistry.exercise(exercise.id))",
                mark: progress?.mark(exercise.id, strings: strings))
        }
    }

    /// "You have solved 3 of 57 exercises. Next: …" on the index.
    private func progressHTML() -> String? {
        guard let progress else { return nil }
        let solved = progress.solved(workbook.exercises)
        var html = strings.html(
            "progressSummary",
            ["solved": "\(solved)", "total": strings.count("exerciseCount", workbook.exercises.count).htmlEscaped])
        if let id = progress.next, let exercise = workbook.exercises.first(where: { $0.id == id }),
            let chapter = workbook.chapters.first(where: { $0.slug == exercise.chapterSlug })
        {
            let link =
                "<a href=\"\(SiteLinks.page(for: chapter))#\(AnchorRegistry.exercise(id))\">\(exercise.title.htmlEscaped)</a>"
            html += " " + strings.html("progressNext", ["exercise": link, "command": "<code>\(kata) next</code>"])
        } else if solved == workbook.exercises.count {
            html += " " + strings.html("progressDone")
        }
        return html
    }

    // MARK: Words

    private func chapterNumber(_ chapter: Chapter) -> String {
        strings.text("chapterNumber", ["number": "\(chapter.number)"])
    }

    private var chapterTotal: String { strings.count("chapterCount", workbook.chapters.count) }
    private var exerciseTotal: String { strings.count("exerciseCount", workbook.exercises.count) }

    private var siteDescription: String {
        strings.text("siteDescription", ["title": title, "chapters": chapterTotal, "exercises": exerciseTotal])
    }

    private var footerHTML: String {
        strings.html(
            "footer",
            [
                "build": "<code>\(kata) build-site</code>", "next": "<code>\(kata) next</code>",
                "check": "<code>\(kata) check</code>",
            ])
    }

    /// A page's address on the web, when the site's address is known.
    func canonical(_ page: String) -> String? {
        baseURL.map { Self.folder($0) + page }
    }

    private static func folder(_ url: String) -> String { url.hasSuffix("/") ? url : url + "/" }

    /// The first paragraph, as plain text of at most 160 characters.
    static func description(of document: MarkdownNode) -> String {
        guard let paragraph = document.children.first(where: { $0.kind == .paragraph }) else { return "" }
        let text = SearchIndex.text(of: paragraph)
        guard text.count > 160 else { return text }
        let cut = text.prefix(157)
        return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
    }
}
