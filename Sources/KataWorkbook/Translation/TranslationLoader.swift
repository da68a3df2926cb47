import Foundation
import KataBasics
import KataMarkdownLimits
import KataMessages
import KataSystem

/// Finds and reads the translations beside a workbook's chapters (`chapters/<language>/NN-slug.md`). The source
/// workbook loads without them; nothing here can stop an English command.
package struct TranslationLoader {
    /// The source workbook, loaded and valid.
    package let workbook: Workbook
    /// Paths are shown relative to this folder when they are inside it.
    package let displayBase: URL

    /// Creates a loader.
    package init(workbook: Workbook, displayBase: URL) {
        self.workbook = workbook
        self.displayBase = displayBase.standardizedFileURL
    }

    private var chaptersURL: URL { workbook.root.appendingPathComponent("chapters") }

    /// The languages with a folder of translations: a folder of `chapters/` named by a language tag that holds
    /// a chapter or a `language.json`.
    package func languages() -> [Language] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: chaptersURL.path)) ?? []
        return names.sorted().compactMap { name in
            guard let language = Language(code: name), !language.isSource else { return nil }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder(language).path)) ?? []
            let holdsTranslations = files.contains {
                $0 == TranslationSettings.fileName || WorkbookLoader.splitChapterName($0) != nil
            }
            return holdsTranslations ? language : nil
        }
    }

    /// The folder of a language's translations.
    package func folder(_ language: Language) -> URL {
        chaptersURL.appendingPathComponent(language.code)
    }

    /// Reads and checks every translated chapter of `language`.
    package func load(_ language: Language) -> LanguageTranslation {
        let loader = WorkbookLoader(root: workbook.root, displayBase: displayBase)
        let folderURL = folder(language)
        let folderPath = loader.displayPath(folderURL)
        let settingsURL = folderURL.appendingPathComponent(TranslationSettings.fileName)
        let settingsPath = loader.displayPath(settingsURL)
        var (settings, diagnostics) = TranslationSettings.read(settingsURL, path: settingsPath)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folderURL.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted()
        let sourceNames = workbook.chapters.map(\.url.lastPathComponent)
        var chapters: [ChapterTranslation] = []
        for name in names {
            let url = folderURL.appendingPathComponent(name)
            let path = loader.displayPath(url)
            guard let source = workbook.chapters.first(where: { $0.url.lastPathComponent == name }) else {
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(file: path, line: 1),
                        "no chapter chapters/\(name) for this file to translate\(Suggestion.didYouMean(name, in: sourceNames)); a translation has the file name of its source"
                    ))
                continue
            }
            let text: String
            switch TextFileReader.read(url, limit: MarkdownLimits().bytes) {
            case .success(let read):
                text = read
            case .failure(let failure):
                diagnostics.append(
                    Diagnostic(at: SourceLocation(file: path, line: failure.line), "this translation \(failure)"))
                continue
            }
            let checker = TranslationChecker(
                language: language, source: source, sourceRelativePath: "chapters/\(name)", path: path, url: url,
                text: text, root: workbook.root, displayPath: loader.displayPath)
            chapters.append(checker.check())
        }
        chapters.sort { a, b in
            (workbook.chapters.firstIndex { $0.slug == a.slug } ?? 0)
                < (workbook.chapters.firstIndex { $0.slug == b.slug } ?? 0)
        }
        diagnostics += completeness(
            language, settings: settings, chapters: chapters,
            settingsLocation: FileManager.default.fileExists(atPath: settingsURL.path) ? settingsPath : folderPath,
            settingsPath: settingsPath)
        if settings.name == nil { settings.name = language.name }
        return LanguageTranslation(
            language: language, name: settings.name ?? language.code, complete: settings.complete, folder: folderPath,
            chapters: chapters, diagnostics: diagnostics, sourceChapterCount: workbook.chapters.count)
    }

    /// Missing chapters: one warning while the translation is under way, an error per chapter (and per draft)
    /// once `language.json` declares it complete.
    private func completeness(
        _ language: Language, settings: TranslationSettings, chapters: [ChapterTranslation], settingsLocation: String,
        settingsPath: String
    ) -> [Diagnostic] {
        let missing = workbook.chapters.filter { source in !chapters.contains { $0.slug == source.slug } }
        if settings.complete {
            var diagnostics = missing.map { source in
                Diagnostic(
                    at: SourceLocation(file: source.path, line: 1),
                    "\(settingsPath) declares the \(language.code) translation complete, but this chapter has none; "
                        + "start it with `kata translate start \(language.code) \(source.fileStem)`")
            }
            for chapter in chapters where chapter.stamp?.status == .draft {
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(file: chapter.path, line: 2),
                        "\(settingsPath) declares the \(language.code) translation complete, but this chapter is still a draft; "
                            + "finish it and run `kata translate stamp \(language.code) \(chapter.url.deletingPathExtension().lastPathComponent)`"
                    ))
            }
            return diagnostics
        }
        guard !missing.isEmpty else { return [] }
        let location = SourceLocation(file: settingsLocation, line: 1)
        return [
            Diagnostic(
                .warning, at: location,
                "\(plural(missing.count, "chapter")) of \(workbook.chapters.count) \(missing.count == 1 ? "has" : "have") no \(language.code) translation yet "
                    + "(\(missing.map(\.fileStem).joined(separator: ", "))); learners see \(missing.count == 1 ? "it" : "them") in the source language. "
                    + "Start one with `kata translate start \(language.code) <chapter>`; once every chapter is translated, "
                    + "set \"complete\": true in \(settingsPath), and a missing chapter becomes an error")
        ]
    }
}
