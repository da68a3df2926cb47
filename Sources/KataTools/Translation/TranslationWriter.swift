import Foundation
import KataMarkdownLimits
import KataMessages
import KataSystem
import KataWorkbook

/// `kata translate start`, `stamp` and `sync`: the only writers of a translation's stamp and code blocks.
package struct TranslationWriter {
    /// The source workbook.
    package let workbook: Workbook
    /// Paths are shown relative to this folder when they are inside it.
    package let displayBase: URL
    /// The language translated into.
    package let language: Language

    /// A writer for translations into `code`.
    package init(workbook: Workbook, displayBase: URL, language code: String) throws(TranslationError) {
        guard let language = Language(code: code) else { throw .malformedLanguage(code) }
        guard !language.isSource else { throw .sourceLanguage(code) }
        self.workbook = workbook
        self.displayBase = displayBase.standardizedFileURL
        self.language = language
    }

    private var loader: WorkbookLoader { WorkbookLoader(root: workbook.root, displayBase: displayBase) }
    private var folder: URL { TranslationLoader(workbook: workbook, displayBase: displayBase).folder(language) }

    /// The chapters named by slug (`tdd-and-bdd`), number (`01`), file name or path; every chapter for none.
    package func chapters(named names: [String]) throws(TranslationError) -> [Chapter] {
        guard !names.isEmpty else { return workbook.chapters }
        var chapters: [Chapter] = []
        for name in names {
            let file = (name as NSString).lastPathComponent
            let stem = file.hasSuffix(".md") ? String(file.dropLast(3)) : file
            let match =
                workbook.chapters.first { $0.slug == stem || $0.url.deletingPathExtension().lastPathComponent == stem }
                ?? workbook.chapters.first { Int(stem) == $0.number && stem.allSatisfy(\.isNumber) }
                ?? {
                    let prefixed = workbook.chapters.filter { $0.slug.hasPrefix(stem) }
                    return prefixed.count == 1 ? prefixed[0] : nil
                }()
            guard let match else {
                throw .unknownChapter(name, suggestion: Suggestion.closest(to: stem, in: workbook.chapters.map(\.slug)))
            }
            chapters.append(match)
        }
        return chapters
    }

    /// Where a chapter's translation lives.
    package func url(of chapter: Chapter) -> URL {
        folder.appendingPathComponent(chapter.url.lastPathComponent)
    }

    // MARK: start

    /// Starts a translation: the source, word for word, under a draft stamp, for the translator to translate
    /// in place. Writes `language.json` too when the language has none.
    package func start(_ chapter: Chapter) throws(TranslationError) -> String {
        let url = url(of: chapter)
        let path = loader.displayPath(url)
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw .exists(path: path, language: language.code)
        }
        var created = ""
        let settingsURL = folder.appendingPathComponent(TranslationSettings.fileName)
        if !FileManager.default.fileExists(atPath: settingsURL.path) {
            let settings = TranslationSettings(name: Language.knownNames[language.code], complete: false)
            try write(settings.text, to: settingsURL)
            created = " and \(loader.displayPath(settingsURL))"
        }
        try write(stamp(chapter, status: .draft).text + chapter.source, to: url)
        return """
            Started \(path)\(created) from \(chapter.path), as a draft: learners keep seeing the source chapter.
            Translate its prose, headings, tables, hints and mutant notes in place; leave every swift and objc block
            exactly as it is (see docs/TRANSLATING.md and the glossary). When it is done:
              kata translate stamp \(language.code) \(chapter.fileStem)

            """
    }

    // MARK: stamp

    /// Records that the translation follows the source as it is now (and is no longer a draft).
    package func stamp(_ chapter: Chapter) throws(TranslationError) -> String {
        let url = url(of: chapter)
        let path = loader.displayPath(url)
        guard let text = try read(url) else {
            throw .missing(path: path, language: language.code, chapter: chapter.fileStem)
        }
        let found = TranslationStamp.find(in: text)
        if let found, found.stamp == nil, found.lineCount == 1 {
            throw .needsFixing(
                found.problems.map { Diagnostic(at: SourceLocation(file: path, line: $0.line), $0.message) })
        }
        var checker = checker(for: chapter, text: text, url: url)
        checker.checksStamp = false
        let checked = checker.check()
        let errors = checked.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { throw .needsFixing(errors) }

        let new = stamp(chapter, status: .done)
        let old = found?.stamp
        if old?.text == new.text {
            return "\(path) is already stamped as up to date with \(chapter.path); nothing changed.\n"
        }
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(found?.lineCount ?? 0)
            .joined(separator: "\n")
        try write(new.text + body, to: url)
        var lines = ["Stamped \(path) as up to date with \(chapter.path)."]
        if let old, old.sourceHash != new.sourceHash {
            let headings = new.sections.changes(since: old.sections).map { change -> String in
                switch change {
                case .changed(_, let index), .added(let index): "'\(new.sections.sections[index].heading)'"
                case .removed(let index): "'\(old.sections.sections[index].heading)' (removed)"
                }
            }
            lines.append(
                "It now follows the source's changes to \(headings.joined(separator: ", ")); "
                    + "their exercises are shown translated again.")
        }
        if old?.status != .done {
            lines.append("Learners who chose \(language.code) now see this chapter translated.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func stamp(_ chapter: Chapter, status: TranslationStamp.Status) -> TranslationStamp {
        TranslationStamp(
            status: status, source: "chapters/\(chapter.url.lastPathComponent)",
            sourceHash: SourceHash.full(chapter.source),
            sections: ChapterSections(text: chapter.source, document: chapter.document))
    }

    // MARK: sync

    /// Copies the source's code blocks into the translation: changed code in place, missing blocks and hints (in
    /// the source language, to translate) after the block before them; removes blocks the source no longer has.
    /// The stamp is left alone, so the changed sections stay reported until a translator stamps them.
    package func sync(_ chapter: Chapter) throws(TranslationError) -> String {
        let url = url(of: chapter)
        let path = loader.displayPath(url)
        guard let text = try read(url) else {
            throw .missing(path: path, language: language.code, chapter: chapter.fileStem)
        }
        // The plan parses the translation: what would stall cmark-gfm is refused first, as in every chapter.
        if let problem = MarkdownLimits().problem(in: text) {
            throw .unreadable(
                path: "\(path):\(problem.line)", reason: "is past kata's Markdown limits: \(problem.message)")
        }
        let plan = SyncPlan(source: chapter, translation: text)
        guard !plan.edits.isEmpty else {
            return "\(path) already has every code block and hint of \(chapter.path); nothing to copy.\n"
        }
        let synced = plan.apply(to: text)
        try write(synced, to: url)
        var lines = ["Synced \(path) with \(chapter.path):"]
        lines += plan.report.map { "  " + $0 }
        let remaining = checker(for: chapter, text: synced, url: url).check().diagnostics.filter {
            $0.severity == .error
        }
        if !remaining.isEmpty {
            lines.append("Still to fix by hand:")
            lines += remaining.map(\.description)
        }
        if let stamp = TranslationStamp.find(in: synced)?.stamp, stamp.sourceHash != SourceHash.full(chapter.source) {
            lines.append(
                "The stamp still names the source this translation was made from, so kata verify lists the sections "
                    + "that changed: translate them (and anything added in \(Language.source.name)), then run "
                    + "kata translate stamp \(language.code) \(chapter.fileStem).")
        } else if plan.report.contains(where: { $0.contains("translate it") }) {
            lines.append("Translate what was added in \(Language.source.name).")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Files

    func checker(for chapter: Chapter, text: String, url: URL) -> TranslationChecker {
        TranslationChecker(
            language: language, source: chapter, sourceRelativePath: "chapters/\(chapter.url.lastPathComponent)",
            path: loader.displayPath(url), url: url, text: text, root: workbook.root,
            displayPath: loader.displayPath)
    }

    /// The translation's text; nil when there is none.
    private func read(_ url: URL) throws(TranslationError) -> String? {
        switch TextFileReader.read(url, limit: MarkdownLimits().bytes) {
        case .success(let text): return text
        case .failure(.missing): return nil
        case .failure(let failure): throw .unreadable(path: loader.displayPath(url), reason: failure.description)
        }
    }

    private func write(_ text: String, to url: URL) throws(TranslationError) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: loader.displayPath(url), reason: (error as NSError).localizedDescription)
        }
    }
}
