import Foundation
import KataBasics
import KataWorkbook

/// `kata translate status`'s table: one line per chapter of the source, with where its translation stands.
package struct TranslationReport {
    /// The language's translations.
    package let translation: LanguageTranslation
    /// The source workbook.
    package let workbook: Workbook

    /// Creates the report.
    package init(translation: LanguageTranslation, workbook: Workbook) {
        self.translation = translation
        self.workbook = workbook
    }

    /// The table, ending with a line break.
    package var text: String {
        let width = workbook.chapters.map { $0.url.deletingPathExtension().lastPathComponent.count }.max() ?? 0
        var lines = [
            "\(translation.language.code) (\(translation.name)): \(translation.shownCount) of \(workbook.chapters.count) chapters shown translated"
                + (translation.complete ? ", declared complete" : "")
        ]
        for chapter in workbook.chapters {
            let name = chapter.url.deletingPathExtension().lastPathComponent
            lines.append("  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + state(of: chapter))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func state(of chapter: Chapter) -> String {
        guard let translated = translation.chapter(chapter.slug) else { return "not started" }
        switch translated.state {
        case .upToDate: return "up to date"
        case .stale:
            return "out of date: \(plural(translated.changes.count, "section")) of the source changed since the stamp"
        case .draft: return "draft"
        case .needsFixing:
            return "needs fixing: \(plural(translated.diagnostics.count { $0.severity == .error }, "error"))"
        }
    }
}
