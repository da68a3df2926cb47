import Foundation

/// The workbook as a learner reads it in one language: the source's code everywhere, and a translation's words
/// (chapter titles, exercise titles, prompts, hints, mutant notes) wherever a translation is ready. Exercise ids,
/// and so progress, are the same in every edition.
public struct Edition: Sendable {
    /// Why an exercise is shown in the source language in an edition of another language.
    public enum Fallback: Sendable, Equatable {
        /// Its chapter has no translation yet, or only a draft.
        case chapterNotTranslated
        /// Its chapter's translation does not match the source (`kata translate status` says why).
        case chapterNeedsFixing
        /// Its part of the source changed since the translation was brought up to date.
        case changedSinceTranslated
    }

    /// The edition's language.
    public var language: Language
    /// The workbook, with the translated words in place.
    public var workbook: Workbook
    /// Exercises shown in the source language, by id, with why.
    public var fallbacks: [String: Fallback]
    /// The file each translated exercise's words come from (its links are relative to it), by id.
    private var textURLs: [String: URL]

    /// The source edition: the workbook as it is.
    public init(source workbook: Workbook) {
        language = .source
        self.workbook = workbook
        fallbacks = [:]
        textURLs = [:]
    }

    /// The edition of `translation`'s language: translated where the translation is shown, the source elsewhere.
    public init(source: Workbook, translation: LanguageTranslation) {
        language = translation.language
        workbook = source
        fallbacks = [:]
        textURLs = [:]
        for index in workbook.chapters.indices {
            let chapter = workbook.chapters[index]
            guard let translated = translation.chapter(chapter.slug), translated.isShown else {
                let why: Fallback =
                    translation.chapter(chapter.slug)?.state == .needsFixing
                    ? .chapterNeedsFixing : .chapterNotTranslated
                for exercise in chapter.exercises { fallbacks[exercise.id] = why }
                continue
            }
            if let title = translated.title { workbook.chapters[index].title = title }
            for (position, exercise) in chapter.exercises.enumerated() {
                guard let words = translated.exercises[exercise.id], !translated.changedExercises.contains(exercise.id)
                else {
                    fallbacks[exercise.id] = .changedSinceTranslated
                    continue
                }
                var localized = exercise
                localized.title = words.title
                localized.prompt = words.prompt
                localized.hints = words.hints
                for mutant in localized.mutants.indices {
                    if let note = words.mutantNotes[localized.mutants[mutant].name] {
                        localized.mutants[mutant].note = note
                    }
                }
                workbook.chapters[index].exercises[position] = localized
                textURLs[exercise.id] = translated.url
            }
        }
    }

    /// The file an exercise's words come from: its translation, or its source chapter.
    public func textURL(of exercise: Exercise) -> URL {
        textURLs[exercise.id] ?? workbook.chapter(of: exercise).url
    }
}

extension Edition {
    /// The line a learner sees above an exercise shown in the source language though they chose another one.
    public func fallbackNote(for exercise: Exercise) -> String? {
        guard let fallback = fallbacks[exercise.id] else { return nil }
        let t = Messages(language)
        let values = ["language": language.name, "source": t(.sourceLanguageName)]
        switch fallback {
        case .chapterNotTranslated, .chapterNeedsFixing: return t(.fallbackChapter, values)
        case .changedSinceTranslated: return t(.fallbackChanged, values)
        }
    }
}
