import Foundation
import KataBasics
import KataMessages

/// One translated chapter, `chapters/<language>/NN-slug.md`, read and compared with its source.
package struct ChapterTranslation: Sendable {
    /// Where a translation stands.
    package enum State: Sendable, Equatable {
        /// Being translated: learners see the source chapter.
        case draft
        /// It does not match its source (a code block differs, a hint is missing…): learners see the source.
        case needsFixing
        /// Translated, but the source changed since it was stamped: learners see it, except the exercises in
        /// the changed sections, which they see in the source language until the translation is brought up to date.
        case stale
        /// Translated and stamped against the source as it is now.
        case upToDate
    }

    /// The translation's language.
    package var language: Language
    /// The source chapter's slug (the same file name as the source).
    package var slug: String
    /// The file, as shown to the user.
    package var path: String
    /// The file on disk.
    package var url: URL
    /// The translated title (its first `# ` heading).
    package var title: String?
    /// The translation's text.
    package var text: String
    /// The parsed translation.
    package var document: MarkdownNode
    /// The block at its top that records the source it follows, when it could be read.
    package var stamp: TranslationStamp?
    /// The translated text of each exercise, by id.
    package var exercises: [String: TranslatedExercise]
    /// The source's sections now, when it changed since the stamp; ``changes`` index into them and the stamp's.
    var sourceSections: ChapterSections?
    /// What changed in the source since the stamp.
    package var changes: [SectionChange]
    /// Exercises whose part of the source changed since the stamp.
    package var changedExercises: Set<String>
    /// Errors (it does not match its source) and warnings (a draft, a stale translation).
    package var diagnostics: [Diagnostic]

    /// Draft, needs fixing, stale or up to date.
    package var state: State {
        if diagnostics.contains(where: { $0.severity == .error }) { return .needsFixing }
        if stamp?.status != .done { return .draft }
        return changes.isEmpty ? .upToDate : .stale
    }

    /// Whether learners see it.
    package var isShown: Bool { state == .stale || state == .upToDate }
}

/// The translated words of one exercise: everything a learner reads, and none of the code.
package struct TranslatedExercise: Sendable, Equatable {
    /// The heading above the exercise.
    package var title: String
    /// The prose from the heading down to the starter.
    package var prompt: [MarkdownNode]
    /// The hints, in order.
    package var hints: [Hint]
    /// What each mutant breaks, by mutant name.
    var mutantNotes: [String: String]
}
