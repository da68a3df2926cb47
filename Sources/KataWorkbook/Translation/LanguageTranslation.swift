import Foundation
import KataMessages

/// Every translated chapter of one language, `chapters/<language>/`, compared with the source.
public struct LanguageTranslation: Sendable {
    /// The language.
    public var language: Language
    /// Its name in itself ("简体中文").
    public var name: String
    /// Whether `language.json` declares every chapter translated.
    public var complete: Bool
    /// The folder, as shown to the user.
    public var folder: String
    /// The translated chapters, in the source's order.
    public var chapters: [ChapterTranslation]
    /// Problems of the folder as a whole: a file that translates no chapter, missing chapters, `language.json`.
    public var diagnostics: [Diagnostic]
    /// How many chapters the source has.
    public var sourceChapterCount: Int

    /// The translation of a chapter, if there is one.
    public func chapter(_ slug: String) -> ChapterTranslation? {
        chapters.first { $0.slug == slug }
    }

    /// How many chapters learners see translated.
    public var shownCount: Int { chapters.count(where: \.isShown) }

    /// Every problem: the folder's and each chapter's, in file and line order.
    public var allDiagnostics: [Diagnostic] {
        (diagnostics + chapters.flatMap(\.diagnostics)).sorted {
            ($0.location.file, $0.location.line, $0.location.column)
                < ($1.location.file, $1.location.line, $1.location.column)
        }
    }
}

extension LanguageTranslation {
    /// The problems about some chapters only (`kata verify <ids>`): the translations of chapters named by slug or
    /// holding a named exercise. Every problem when `only` is empty.
    public func diagnostics(only: [String], in workbook: Workbook) -> [Diagnostic] {
        guard !only.isEmpty else { return allDiagnostics }
        let slugs = Set(
            workbook.chapters.filter { chapter in
                only.contains(chapter.slug) || chapter.exercises.contains { only.contains($0.id) }
            }.map(\.slug))
        return chapters.filter { slugs.contains($0.slug) }.flatMap(\.diagnostics)
    }
}
