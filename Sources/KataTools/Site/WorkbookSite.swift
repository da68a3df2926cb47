import Foundation
import KataApp
import KataMessages
import KataWorkbook

/// The site a learner builds inside the workbook, kept up to date as a map of where they are: built with
/// their progress (read through ``ProgressStore``), rebuilt by `kata build-site --watch` when a chapter or
/// the progress changes, and after every passing `kata check` when a build left it in `site/`.
package struct WorkbookSite {
    /// How a site was built, written into its marker file so that a later rebuild builds it the same way.
    package struct Settings: Sendable, Equatable {
        /// An instructor's build, with the reference solutions.
        package var withSolutions: Bool
        /// The address the site is served from.
        package var baseURL: String?
        /// Whether the learner's progress is shown.
        package var showsProgress: Bool

        /// Creates settings.
        package init(withSolutions: Bool = false, baseURL: String? = nil, showsProgress: Bool = true) {
            self.withSolutions = withSolutions
            self.baseURL = baseURL
            self.showsProgress = showsProgress
        }

        /// The marker file's text.
        var marker: String {
            """
            This folder was written by kata build-site; the next build replaces it.
            with-solutions: \(withSolutions ? "yes" : "no")
            base-url: \(baseURL ?? "")
            progress: \(showsProgress ? "yes" : "no")

            """
        }

        /// Reads a marker file's text; nil when it names no settings (a marker written before they were kept).
        init?(marker: String) {
            var values: [String: String] = [:]
            for line in marker.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                values[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            guard let solutions = values["with-solutions"], let progress = values["progress"] else { return nil }
            withSolutions = solutions == "yes"
            baseURL = values["base-url"].flatMap { $0.isEmpty ? nil : $0 }
            showsProgress = progress == "yes"
        }
    }

    /// The workbook, with its progress store.
    package let workspace: Workspace
    /// The site's folder.
    package var output: URL
    package var settings: Settings

    /// A site of the workbook, in `output` (by default `site/` in the workbook).
    package init(workspace: Workspace, output: URL? = nil, settings: Settings = Settings()) {
        self.workspace = workspace
        self.output = output ?? Self.defaultFolder(of: workspace)
        self.settings = settings
    }

    /// `site/` in the workbook.
    static func defaultFolder(of workspace: Workspace) -> URL {
        workspace.workbook.url("site")
    }

    /// Builds the site. Returns what the build wrote and anything to tell about the progress file.
    package func build(resources: SiteResources) throws -> (report: SiteBuilder.Report, notices: [String]) {
        var notices: [String] = []
        var progress: SiteProgress?
        if settings.showsProgress, FileManager.default.fileExists(atPath: workspace.store.fileURL.path) {
            let (read, found) = try workspace.store.read()
            notices = found.map(\.description)
            progress = SiteProgress(progress: read, next: workspace.current(in: read)?.id)
        }
        // Every language the workbook has a shown translation in gets an edition: English at the root, each
        // translation in its own folder, all with the same page names and a switch between them.
        let source = workspace.sourceWorkbook
        let loader = TranslationLoader(workbook: source, displayBase: workspace.displayBase)
        let translations = loader.languages().map(loader.load).filter { $0.shownCount > 0 }
        let editions = ([Language.source] + translations.map(\.language)).map(SiteEdition.init)
        var options = SiteBuilder.Options(
            withSolutions: settings.withSolutions, baseURL: settings.baseURL, progress: progress)
        options.editions = editions.count > 1 ? editions : []
        // The English edition first: its build empties the site's folder, translations' folders included.
        var report = try SiteBuilder(workbook: source, resources: resources, options: options).build(into: output)
        for (translation, edition) in zip(translations, editions.dropFirst()) {
            let (workbook, untranslated) = Self.readingWorkbook(source: source, translation: translation)
            var translated = options
            translated.language = translation.language.code
            translated.baseURL = settings.baseURL.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + edition.folder }
            translated.untranslatedPages = untranslated
            translated.sourceHeadings = report.headings
            let siteFile = "site.\(translation.language.code).md"
            if FileManager.default.fileExists(atPath: source.root.appendingPathComponent(siteFile).path) {
                translated.siteFileName = siteFile
            }
            let more = try SiteBuilder(workbook: workbook, resources: resources, options: translated)
                .build(into: output.appendingPathComponent(edition.folder))
            report.pages += more.pages
            report.warnings += more.warnings
        }
        do {
            try SiteFolder.writeUnsynced(settings.marker, to: output.appendingPathComponent(SiteFolder.marker))
        } catch {
            throw SiteError.io(path: output.appendingPathComponent(SiteFolder.marker).path, reason: "\(error)")
        }
        return (report, notices)
    }

    /// The workbook as a reader of `translation`'s language reads it: each chapter with a shown translation in
    /// its translated words (the code is the source's, byte for byte), the others in the source language; and
    /// the pages of those others.
    static func readingWorkbook(
        source: Workbook, translation: LanguageTranslation
    ) -> (workbook: Workbook, untranslatedPages: Set<String>) {
        let edition = Edition(source: source, translation: translation)
        var workbook = edition.workbook
        var untranslated: Set<String> = []
        for index in workbook.chapters.indices {
            let chapter = workbook.chapters[index]
            guard let translated = translation.chapter(chapter.slug), translated.isShown else {
                untranslated.insert(SiteLinks.page(for: chapter))
                continue
            }
            workbook.chapters[index].document = translated.document
            workbook.chapters[index].source = translated.text
            workbook.chapters[index].url = translated.url
            workbook.chapters[index].path = translated.path
        }
        return (workbook, untranslated)
    }

    /// After a passing check: rebuilds `site/` if a build left it there, as it was built, so that it shows the
    /// exercise as solved. Returns a line to show the learner, or nil when the workbook has no site.
    package static func refresh(_ workspace: Workspace) -> String? {
        let folder = defaultFolder(of: workspace)
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(SiteFolder.marker).path),
            let settings = Settings(marker: String(decoding: data, as: UTF8.self))
        else { return nil }
        let shown = workspace.display(folder.appendingPathComponent("index.html"))
        do {
            _ = try WorkbookSite(workspace: workspace, output: folder, settings: settings)
                .build(resources: SiteResources.locate())
            return workspace.messages(.siteRefreshed, ["path": shown])
        } catch {
            return workspace.messages(
                .siteNotRefreshed, ["folder": workspace.display(folder), "error": "\(error)"])
        }
    }

    /// The folders whose files the site is made of: chapters (and their subfolders), the workbook's root
    /// (`site.md`), the progress store, the documents' folders, and the solutions in an instructor's build.
    func watchedFolders() -> [URL] {
        let workbook = workspace.workbook
        var folders = [workbook.root, workspace.store.directory]
        folders += Self.folders(under: workbook.url("chapters"))
        folders += SiteDocs(workbook: workbook, site: nil).documents.map { $0.url.deletingLastPathComponent() }
        if settings.withSolutions { folders += Self.folders(under: workbook.url("solutions")) }
        var seen: Set<String> = []
        return folders.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
    }

    /// Whether a changed file is one the site is made of (and not, say, the site itself).
    package func matters(_ file: URL) -> Bool {
        let path = file.standardizedFileURL.path
        if path.hasPrefix(output.standardizedFileURL.path + "/") || path == output.standardizedFileURL.path {
            return false
        }
        if file.deletingLastPathComponent().standardizedFileURL.path
            == workspace.store.directory.standardizedFileURL.path
        {
            return file.lastPathComponent == "progress.json"
        }
        if file.deletingLastPathComponent().standardizedFileURL.path == workspace.workbook.root.standardizedFileURL.path
        {
            // `.kata` appears with the first check's progress file; `site.zh-Hans.md` opens a translated index.
            let name = file.lastPathComponent
            return name == ".kata" || (name.hasPrefix("site.") && name.hasSuffix(".md"))
        }
        return !file.lastPathComponent.hasPrefix(".") && !file.lastPathComponent.hasSuffix("~")
    }

    private static func folders(under root: URL) -> [URL] {
        var folders = [root]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { folders.append(url) }
        }
        return folders
    }
}
