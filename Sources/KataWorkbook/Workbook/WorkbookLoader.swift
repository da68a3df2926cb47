import Foundation
import KataMarkdownLimits
import KataSystem

/// Loads and validates a workbook: every chapter, every exercise, every hint.
///
/// Validation lists every mistake in one pass, in compiler format; a workbook with any
/// error is not returned at all, so no command acts on half a workbook.
package struct WorkbookLoader {
    /// The workbook folder.
    package var root: URL
    /// Paths in diagnostics are shown relative to this folder when they are inside it.
    package var displayBase: URL

    /// Creates a loader.
    package init(root: URL, displayBase: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        self.root = root.standardizedFileURL
        self.displayBase = displayBase.standardizedFileURL
    }

    /// Most diagnostics shown for one file.
    static let diagnosticsPerFile = 50

    /// Reads, checks and returns the workbook.
    package func load() throws(WorkbookError) -> Workbook {
        var diagnostics: [Diagnostic] = []
        var chapters: [Chapter] = []
        var scans: [(chapter: Chapter, scanner: ChapterScanner)] = []
        let chaptersURL = root.appendingPathComponent("chapters")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: chaptersURL.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted()
        var slugs: [String: String] = [:]
        for name in names {
            let url = chaptersURL.appendingPathComponent(name)
            let path = displayPath(url)
            guard let (number, slug) = Self.splitChapterName(name) else {
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(file: path, line: 1),
                        "chapter file name must look like NN-slug.md (two or more digits, then lowercase words joined by '-'); rename it, for example to 01-\(ChapterScanner.suggestedID(String(name.dropLast(3)))).md"
                    ))
                continue
            }
            if let other = slugs[slug] {
                diagnostics.append(
                    Diagnostic(
                        at: SourceLocation(file: path, line: 1),
                        "two chapters have the slug '\(slug)'; rename one of them",
                        notes: [
                            .note(at: SourceLocation(file: other, line: 1), "the other chapter with slug '\(slug)'")
                        ]))
                continue
            }
            slugs[slug] = path
            let source: String
            switch TextFileReader.read(url, limit: MarkdownLimits().bytes) {
            case .success(let text):
                source = text
            case .failure(let failure):
                diagnostics.append(
                    Diagnostic(at: SourceLocation(file: path, line: failure.line), "this chapter \(failure)"))
                continue
            }
            let scanner = ChapterScanner(path: path, source: source)
            diagnostics += scanner.diagnostics
            let chapter = Chapter(
                number: number, slug: slug, title: scanner.title ?? slug, path: path, url: url, source: source,
                document: scanner.document, exercises: [],
                examples: scanner.blocks.filter { $0.purpose == .example }.map(\.block))
            scans.append((chapter, scanner))
        }
        if names.isEmpty {
            diagnostics.append(
                Diagnostic(
                    at: SourceLocation(file: displayPath(chaptersURL), line: 1),
                    "the workbook has no chapters; add a file such as chapters/00-welcome.md"))
        }
        var assembler = ExerciseAssembler(root: root, displayPath: displayPath)
        for (chapter, scanner) in scans {
            var chapter = chapter
            chapter.exercises = assembler.assemble(chapter: chapter, blocks: scanner.blocks)
            chapters.append(chapter)
        }
        diagnostics += assembler.finish()
        for index in chapters.indices {
            for exerciseIndex in chapters[index].exercises.indices {
                chapters[index].exercises[exerciseIndex].hints = assembler.hints(
                    for: chapters[index].exercises[exerciseIndex].id)
            }
        }
        if diagnostics.contains(where: { $0.severity == .error }) {
            let sorted = diagnostics.sorted(by: Self.documentOrder)
            throw .invalid(Diagnostic.limited(sorted, perFile: Self.diagnosticsPerFile))
        }
        return Workbook(root: root, chapters: chapters)
    }

    /// `01-kiwi-specs.md` → (1, "kiwi-specs").
    static func splitChapterName(_ name: String) -> (Int, String)? {
        let stem = name.dropLast(3)
        guard let dash = stem.firstIndex(of: "-") else { return nil }
        let digits = stem[..<dash]
        let slug = String(stem[stem.index(after: dash)...])
        guard digits.count >= 2, digits.allSatisfy(\.isASCII), let number = Int(digits), ChapterScanner.isValidID(slug)
        else { return nil }
        return (number, slug)
    }

    /// The path shown to the user: relative to the display base when inside it.
    package func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = displayBase.path.hasSuffix("/") ? displayBase.path : displayBase.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// By place; at one place, a note after the diagnostics it follows.
    private static func documentOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.location.file, a.location.line, a.location.column, a.severity == .note ? 1 : 0)
            < (b.location.file, b.location.line, b.location.column, b.severity == .note ? 1 : 0)
    }
}
