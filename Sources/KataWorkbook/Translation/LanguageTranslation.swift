import Foundation
import KataMessages

/// Every translated chapter of one language, `chapters/<language>/`, compared with the source.
package struct LanguageTranslation: Sendable {
    /// The language.
    package var language: Language
    /// Its name in itself ("简体中文").
    package var name: String
    /// Whether `language.json` declares every chapter translated.
    package var complete: Bool
    /// The folder, as shown to the user.
    package var folder: String
    /// The translated chapters, in the source's order.
    package var chapters: [ChapterTranslation]
    /// Problems of the folder as a whole: a file that translates no chapter, missing chapters, `language.json`.
    package var diagnostics: [Diagnostic]
    /// How many chapters the source has.
    package var sourceChapterCount: Int

    /// The translation of a chapter, if there is one.
    package func chapter(_ slug: String) -> ChapterTranslation? {
        chapters.first { $0.slug == slug }
    }

    /// How many chapters learners see translated.
    package var shownCount: Int { chapters.count(where: \.isShown) }

    /// Every problem: the folder's and each chapter's, in file and line order.
    package var allDiagnostics: [Diagnostic] {
        (diagnostics + chapters.flatMap(\.diagnostics)).sorted {
            ($0.location.file, $0.location.line, $0.location.column)
                < ($1.location.file, $1.location.line, $1.location.column)
        }
    }
}

extension LanguageTranslation {
    /// The problems about some chapters only (`kata verify <ids>`): the translations of chapters named by slug or
    /// holding a named exercise. Every problem when `only` is empty.
    package func diagnostics(only: [String], in workbook: Workbook) -> [Diagnostic] {
        guard !only.isEmpty else { return allDiagnostics }
        let slugs = Set(
            workbook.chapters.filter { chapter in
                only.contains(chapter.slug) || chapter.exercises.contains { only.contains($0.id) }
            }.map(\.slug))
        return chapters.filter { slugs.contains($0.slug) }.flatMap(\.diagnostics)
    }
}
