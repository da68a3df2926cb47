import KataMessages

// The values the Mustache templates read: plain structs, with HTML already escaped where a
// name says `html` (and rendered with `{{{…}}}`). Each answers the templates' lookups in
// TemplateContexts+Mustache.swift.

/// `page.mustache`: the frame around every page.
struct PageContext {
    var siteTitle: String
    var pageTitle: String
    var description: String?
    var canonical: String?
    var bodyHTML: String
    var sidebar: [SidebarChapter]
    /// The workbook's other documents (`docs/KataSpec.md`), under "Reference" in the sidebar.
    var reference: [SidebarDocument]
    var hasReference: Bool
    var toc: [TOCEntry]
    var hasTOC: Bool
    var previous: PageLink?
    var next: PageLink?
    var hasPager: Bool
    /// The body's class: `index-page` for pages without a table of contents column.
    var pageClass: String?
    var footerHTML: String
    /// The 404 page's `<base href>` (the site's address), so its links work at any depth of a server.
    var baseHref: String?
    /// Whether search engines are asked to leave the page out (the 404 page).
    var noindex: Bool
    /// The same page in every edition of the site, this one included; empty when the site has one language.
    var alternates: [AlternateLink] = []
    /// The language switch's links, when the site has more than one language.
    var hasAlternates: Bool { alternates.count > 1 }
    /// A note above a chapter shown in English in a translated edition.
    var untranslatedNote: String?
    /// The language of the page's chapter or document when it is not the edition's (for its table of contents).
    var contentLanguage: String? = nil
    /// On every page of an instructor's build: that it is one.
    var instructorNote: String? = nil
}

/// A document in the sidebar.
struct SidebarDocument {
    var title: String
    var href: String
    var current: Bool
    /// The document's language when it is not the edition's.
    var lang: String? = nil
}

/// A chapter in the sidebar, with its exercises.
struct SidebarChapter {
    var number: String
    var title: String
    var href: String
    var current: Bool
    var exercises: [SidebarExercise]
    var hasExercises: Bool
    /// "2/5" when the learner's progress is shown, with ``progressLabel`` for screen readers.
    var progress: String?
    var progressLabel: String?
    /// The chapter's language when it is not the edition's (not translated yet).
    var lang: String? = nil
    /// Whether the page's table of contents lists every exercise of the chapter, so that the sidebar, when it
    /// holds the table (below 1440 px), need not list them again.
    var tocHoldsExercises = false
}

/// An exercise in the sidebar or on the index.
struct SidebarExercise {
    var title: String
    var id: String
    var href: String
    /// Where the learner stands with it, when the learner's progress is shown.
    var mark: ExerciseMark?
}

/// An entry of the in-page table of contents.
struct TOCEntry {
    var html: String
    var anchor: String
    var level: Int
    /// The exercises whose title this heading is.
    var exercises: [String] = []
    /// Where the learner stands with the (first) exercise, when the site shows the learner's progress.
    var mark: ExerciseMark? = nil
}

/// A previous or next link.
struct PageLink {
    var title: String
    var href: String
    /// The title's language when it is not the edition's.
    var lang: String? = nil
}

/// `index.mustache`.
struct IndexContext {
    var siteTitle: String
    var introHTML: String
    var summaryHTML: String
    /// How far the learner is and what is next, when the learner's progress is shown.
    var progressHTML: String?
    var chapters: [IndexChapter]
}

/// A chapter on the index page.
struct IndexChapter {
    var numberLabel: String
    var title: String
    var href: String
    var exerciseCount: String
    var exercises: [SidebarExercise]
    var hasExercises: Bool
    /// "2 of 5 solved", when the learner's progress is shown.
    var progress: String?
    /// How much of the chapter is solved, 0 to 100.
    var percent: Int?
}

/// `chapter.mustache`.
struct ChapterContext {
    var number: String
    var bodyHTML: String
    /// The language of the body when it is not the edition's (a document, or a chapter not translated yet).
    var contentLanguage: String? = nil
}

/// `heading.mustache`.
struct HeadingContext {
    var level: Int
    var anchor: String
    /// In a translated edition, the anchor of the same heading in the source edition: a second anchor on the
    /// heading, so that the language switch (and any link made in the source edition) lands on it.
    var sourceAnchor: String? = nil
    var html: String
    /// The exercises this heading is the title of.
    var exercises: [HeadingExercise]
}

/// An exercise on its title heading: the `exercise-<id>` anchor.
struct HeadingExercise {
    var anchor: String
    var mark: ExerciseMark?
}

/// `code.mustache`: one highlighted block with a copy button.
struct CodeContext {
    var language: String
    var label: String
    var codeHTML: String
}

/// `exercise-card.mustache`: an exercise block with its exercise's name, role and check command.
struct ExerciseCardContext {
    var anchor: String?
    var role: String
    var roleLabel: String
    var ariaLabel: String
    var title: String
    var id: String
    /// What the block is and the command to run (on the starter's, also `kata next <id>`, which creates the file).
    var noteHTML: String
    var code: CodeContext
}

/// `mutant.mustache`: a mutant, folded.
struct MutantContext {
    var id: String
    var name: String
    var anchor: String?
    var ofHTML: String
    var noteHTML: String
    var runHTML: String
    var code: CodeContext
}

/// `hint.mustache`: one hint, folded.
struct HintContext {
    var summary: String
    var forHTML: String
    var anchor: String?
    var bodyHTML: String
}

/// `solution.mustache`: a reference solution, only in instructor builds.
struct SolutionContext {
    var ofHTML: String
    var code: CodeContext
}

/// `pair.mustache`: Objective-C beside Swift.
struct PairContext {
    var leftHTML: String
    var rightHTML: String
}

/// `book.mustache`: the whole workbook on one page, for printing.
struct BookContext {
    var siteTitle: String
    var introHTML: String
    var chapters: [BookChapter]
}

/// A chapter in the book.
struct BookChapter {
    var anchor: String
    var numberLabel: String
    var title: String
    var bodyHTML: String
}
