import Foundation
import KataBasics
import KataMessages

/// The workbook as a learner reads it in one language: the source's code everywhere, and a translation's words
/// (chapter titles, exercise titles, prompts, hints, mutant notes) wherever a translation is ready. Exercise ids,
/// and so progress, are the same in every edition.
package struct Edition: Sendable {
    /// Why an exercise is shown in the source language in an edition of another language.
    package enum Fallback: Sendable, Equatable {
        /// Its chapter has no translation yet, or only a draft.
        case chapterNotTranslated
        /// Its chapter's translation does not match the source (`kata translate status` says why).
        case chapterNeedsFixing
        /// Its part of the source changed since the translation was brought up to date.
        case changedSinceTranslated
    }

    /// The edition's language.
    package var language: Language
    /// The workbook, with the translated words in place.
    package var workbook: Workbook
    /// Exercises shown in the source language, by id, with why.
    package var fallbacks: [String: Fallback]
    /// The file each translated exercise's words come from (its links are relative to it), by id.
    private var textURLs: [String: URL]
    /// The chapters read in translation, by the source chapter's path from the workbook root.
    private var translatedTexts: [String: TranslatedText] = [:]

    /// A chapter and the translation a learner reads instead.
    private struct TranslatedText: Sendable {
        var source: MarkdownNode
        var translation: MarkdownNode
        /// The translation's path from the workbook root.
        var path: String
    }

    /// The source edition: the workbook as it is.
    package init(source workbook: Workbook) {
        language = .source
        self.workbook = workbook
        fallbacks = [:]
        textURLs = [:]
    }

    /// The edition of `translation`'s language: translated where the translation is shown, the source elsewhere.
    package init(source: Workbook, translation: LanguageTranslation) {
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
            let root = source.root.standardizedFileURL.path + "/"
            let relative = { (url: URL) in
                let path = url.standardizedFileURL.path
                return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
            }
            translatedTexts[relative(chapter.url)] = TranslatedText(
                source: chapter.document, translation: translated.document, path: relative(translated.url))
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

    /// Where a line of a source chapter's code is in the translation the learner reads for `exercise`: the same
    /// line of the same code block, which a translation copies byte for byte (failures and compile errors are
    /// located in the source chapter, where the program is built from). Nil outside code blocks, and for an
    /// exercise shown in the source language.
    package func placeInTranslation(file: String, line: Int, exercise: String) -> (file: String, line: Int)? {
        guard textURLs[exercise] != nil, let text = translatedTexts[file] else { return nil }
        let sourceBlocks = FencedBlock.all(in: text.source).filter(\.isCopied)
        let blocks = FencedBlock.all(in: text.translation).filter(\.isCopied)
        guard sourceBlocks.count == blocks.count else { return nil }
        for (sourceBlock, block) in zip(sourceBlocks, blocks)
        where line > sourceBlock.line && line < sourceBlock.endLine && sourceBlock.code == block.code {
            return (text.path, block.line + (line - sourceBlock.line))
        }
        return nil
    }

    /// The file an exercise's words come from: its translation, or its source chapter.
    package func textURL(of exercise: Exercise) -> URL {
        textURLs[exercise.id] ?? workbook.chapter(of: exercise).url
    }
}

extension Edition {
    /// The line a learner sees above an exercise shown in the source language though they chose another one.
    package func fallbackNote(for exercise: Exercise) -> String? {
        guard let fallback = fallbacks[exercise.id] else { return nil }
        let t = Messages(language)
        let values = ["language": language.name, "source": t(.sourceLanguageName)]
        switch fallback {
        case .chapterNotTranslated, .chapterNeedsFixing: return t(.fallbackChapter, values)
        case .changedSinceTranslated: return t(.fallbackChanged, values)
        }
    }
}
