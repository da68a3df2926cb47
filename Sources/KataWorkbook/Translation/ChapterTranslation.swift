import Foundation
import KataBasics
import KataMessages

/// One translated chapter, `chapters/<language>/NN-slug.md`, read and compared with its source.
public struct ChapterTranslation: Sendable {
    /// Where a translation stands.
    public enum State: Sendable, Equatable {
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
    public var language: Language
    /// The source chapter's slug (the same file name as the source).
    public var slug: String
    /// The file, as shown to the user.
    public var path: String
    /// The file on disk.
    public var url: URL
    /// The translated title (its first `# ` heading).
    public var title: String?
    /// The translation's text.
    public var text: String
    /// The parsed translation.
    public var document: MarkdownNode
    /// The block at its top that records the source it follows, when it could be read.
    public var stamp: TranslationStamp?
    /// The translated text of each exercise, by id.
    public var exercises: [String: TranslatedExercise]
    /// The source's sections now, when it changed since the stamp; ``changes`` index into them and the stamp's.
    public var sourceSections: ChapterSections?
    /// What changed in the source since the stamp.
    public var changes: [SectionChange]
    /// Exercises whose part of the source changed since the stamp.
    public var changedExercises: Set<String>
    /// Errors (it does not match its source) and warnings (a draft, a stale translation).
    public var diagnostics: [Diagnostic]

    /// Draft, needs fixing, stale or up to date.
    public var state: State {
        if diagnostics.contains(where: { $0.severity == .error }) { return .needsFixing }
        if stamp?.status != .done { return .draft }
        return changes.isEmpty ? .upToDate : .stale
    }

    /// Whether learners see it.
    public var isShown: Bool { state == .stale || state == .upToDate }
}

/// The translated words of one exercise: everything a learner reads, and none of the code.
public struct TranslatedExercise: Sendable, Equatable {
    /// The heading above the exercise.
    public var title: String
    /// The prose from the heading down to the starter.
    public var prompt: [MarkdownNode]
    /// The hints, in order.
    public var hints: [Hint]
    /// What each mutant breaks, by mutant name.
    public var mutantNotes: [String: String]
}
