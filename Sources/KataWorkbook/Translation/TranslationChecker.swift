import Foundation
import KataBasics
import KataMessages

/// Compares one translated chapter with its source: the same code blocks byte for byte, the same hints per
/// exercise, a note for every mutant, a readable stamp; and what changed in the source since the stamp.
package struct TranslationChecker {
    package let language: Language
    /// The source chapter.
    package let source: Chapter
    /// The source chapter relative to the workbook (`chapters/01-tdd-and-bdd.md`), as stamps name it.
    package let sourceRelativePath: String
    /// The translation, as shown to the user and on disk.
    package let path: String
    package let url: URL
    package let text: String
    /// The workbook folder and how paths are shown (for the exercise assembler).
    package let root: URL
    package let displayPath: (URL) -> String
    /// Whether the stamp is checked (`kata translate stamp` rewrites it, so it does not ask for a good one).
    package var checksStamp = true

    /// A checker of the translation at `url` (`text`, shown as `path`) of `source`.
    package init(
        language: Language, source: Chapter, sourceRelativePath: String, path: String, url: URL, text: String,
        root: URL, displayPath: @escaping (URL) -> String
    ) {
        self.language = language
        self.source = source
        self.sourceRelativePath = sourceRelativePath
        self.path = path
        self.url = url
        self.text = text
        self.root = root
        self.displayPath = displayPath
    }

    private var stampCommand: String { "kata translate stamp \(language.code) \(source.fileStem)" }
    private var syncCommand: String { "kata translate sync \(language.code) \(source.fileStem)" }

    package func check() -> ChapterTranslation {
        let scanner = ChapterScanner(path: path, source: text)
        var diagnostics = scanner.diagnostics
        let found = TranslationStamp.find(in: text)
        if !checksStamp {
            // The stamp is about to be rewritten.
        } else if let found {
            diagnostics += found.problems.map { Diagnostic(at: at($0.line), $0.message) }
        } else {
            diagnostics.append(
                Diagnostic(
                    at: at(1),
                    "this translation does not start with a kata translation block, so kata cannot tell which version of \(sourceRelativePath) it follows; "
                        + "start translations with `kata translate start \(language.code) \(source.fileStem)`, or add the block with `\(stampCommand)` once this file matches its source"
                ))
        }
        let stamp = found?.stamp
        if checksStamp, let stamp, stamp.source != sourceRelativePath {
            diagnostics.append(
                Diagnostic(
                    at: at(3),
                    "this translation says it follows \(stamp.source), but its file name makes it the translation of \(sourceRelativePath); a translation has its source's file name"
                ))
        }
        let sourceBlocks = FencedBlock.all(in: source.document)
        let blocks = FencedBlock.all(in: scanner.document)
        diagnostics += compareCode(sourceBlocks.filter(\.isCopied), blocks.filter(\.isCopied))

        var assembler = ExerciseAssembler(root: root, displayPath: displayPath)
        let translatedChapter = Chapter(
            number: source.number, slug: source.slug, title: scanner.title ?? source.title, path: path, url: url,
            source: text, document: scanner.document, exercises: [], examples: [])
        let assembled = assembler.assemble(chapter: translatedChapter, blocks: scanner.blocks)
        var exercises: [String: TranslatedExercise] = [:]
        for exercise in assembled {
            exercises[exercise.id] = TranslatedExercise(
                title: exercise.title, prompt: exercise.prompt, hints: assembler.hints(for: exercise.id),
                mutantNotes: Dictionary(exercise.mutants.map { ($0.name, $0.note) }) { first, _ in first })
        }
        diagnostics += compareHints(sourceBlocks: sourceBlocks, blocks: blocks)
        diagnostics += compareNotes(exercises: exercises, blocks: blocks)

        // Sections are hashed only when the source changed since the stamp: they say where.
        var changes: [SectionChange] = []
        var sourceSections: ChapterSections?
        if let stamp, stamp.sourceHash != SourceHash.full(source.source) {
            let sections = ChapterSections(text: source.source, document: source.document)
            changes = sections.changes(since: stamp.sections)
            sourceSections = sections
        }
        if let stamp,
            let warning = stateWarning(
                stamp: stamp, changes: changes, sourceSections: sourceSections, document: scanner.document)
        {
            diagnostics.append(warning)
        }
        return ChapterTranslation(
            language: language, slug: source.slug, path: path, url: url, title: scanner.title, text: text,
            document: scanner.document, stamp: stamp, exercises: exercises, sourceSections: sourceSections,
            changes: changes,
            changedExercises: sourceSections.map {
                changedExercises(changes, sections: $0, sourceBlocks: sourceBlocks)
            } ?? [],
            diagnostics: diagnostics)
    }

    // MARK: Code blocks

    /// Every `swift` and `objc` block of the source, in order, with the same info string (a mutant's `note=`
    /// aside) and the same code.
    private func compareCode(_ sourceBlocks: [FencedBlock], _ blocks: [FencedBlock]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let steps = BlockAlignment.align(sourceBlocks, blocks)
        for (index, step) in steps.enumerated() {
            switch step {
            case .both(let s, let t) where sourceBlocks[s].key == blocks[t].key:
                diagnostics += compareLines(sourceBlocks[s], blocks[t])
            case .both(let s, let t):
                // The same block with a changed info string, or another block where the source has this one.
                let (original, copy) = (sourceBlocks[s], blocks[t])
                let message =
                    original.code == copy.code || copy.looksLikeCopy(of: original)
                    ? "this block's info string '\(copy.key)' differs from the source's '\(original.key)'; "
                        + "a translation keeps the source's info strings (only a mutant's note= is translated)"
                    : "this '\(copy.key)' block stands where the source has a '\(original.key)' block, with other code; "
                        + "a translation has the source's blocks in the source's order (copy it from the source, or run `\(syncCommand)`)"
                diagnostics.append(
                    Diagnostic(
                        at: at(copy.line, copy.column), message,
                        notes: [.note(at: sourceLocation(original.line), "the source's block")]))
            case .onlyFirst(let s):
                let place = insertionLine(after: steps[..<index], blocks: blocks)
                diagnostics.append(
                    Diagnostic(
                        at: at(place),
                        "the source's '\(sourceBlocks[s].key)' block is missing here; a translation has every swift and objc block of its source "
                            + "(copy it from the source, or run `\(syncCommand)`)",
                        notes: [.note(at: sourceLocation(sourceBlocks[s].line), "the source's block")]))
            case .onlySecond(let t):
                diagnostics.append(
                    Diagnostic(
                        at: at(blocks[t].line, blocks[t].column),
                        "this '\(blocks[t].key)' block is not in the source; a translation has the source's swift and objc blocks and no others "
                            + "(remove it, or run `\(syncCommand)`)"))
            }
        }
        return diagnostics
    }

    /// The first line where a copied block differs from the source's.
    private func compareLines(_ original: FencedBlock, _ copy: FencedBlock) -> [Diagnostic] {
        guard original.code != copy.code else { return [] }
        func lines(_ code: String) -> [Substring] {
            var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }
        let sourceLines = lines(original.code)
        let copyLines = lines(copy.code)
        let first =
            zip(sourceLines, copyLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(sourceLines.count, copyLines.count)
        let message: String
        if first < copyLines.count, first < sourceLines.count {
            message =
                "this line of code differs from the source's: here `\(copyLines[first])`, in the source `\(sourceLines[first])`"
        } else if copyLines.count < sourceLines.count {
            message = "this code block stops before the source's does: the source goes on with `\(sourceLines[first])`"
        } else {
            message = "this line is not in the source's code block, which ends before it"
        }
        return [
            Diagnostic(
                at: at(copy.line + 1 + first, 1),
                message + "; code is copied byte for byte (copy the block from the source, or run `\(syncCommand)`)",
                notes: [.note(at: sourceLocation(original.line + 1 + first), "the source's line")])
        ]
    }

    /// Where a missing block would go: after the last block both share, or at the top.
    private func insertionLine(after steps: ArraySlice<SequenceAlignment.Step>, blocks: [FencedBlock]) -> Int {
        for step in steps.reversed() {
            if case .both(_, let t) = step { return blocks[t].endLine + 1 }
        }
        return 1
    }

    // MARK: Hints and notes

    /// The same number of hints for each exercise, and none for an exercise the chapter does not have.
    private func compareHints(sourceBlocks: [FencedBlock], blocks: [FencedBlock]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let ids = source.exercises.map(\.id)
        let hints = blocks.filter(\.isHint)
        for hint in hints {
            guard let id = hint.id, !ids.contains(id) else { continue }
            diagnostics.append(
                Diagnostic(
                    at: at(hint.line, hint.column),
                    "hint for '\(id)', which is not an exercise of \(sourceRelativePath)\(Suggestion.didYouMean(id, in: ids))"
                ))
        }
        for exercise in source.exercises {
            let expected = sourceBlocks.filter { $0.isHint && $0.id == exercise.id }
            let found = hints.filter { $0.id == exercise.id }
            guard expected.count != found.count else { continue }
            let place =
                found.last.map { ($0.line, $0.column) }
                ?? blocks.first { $0.isCopied && $0.id == exercise.id && $0.info.words.first?.text == "starter" }
                .map { ($0.line, $0.column) } ?? (1, 1)
            diagnostics.append(
                Diagnostic(
                    at: at(place.0, place.1),
                    "exercise '\(exercise.id)' has \(plural(found.count, "hint")) here but \(expected.count) in the source; "
                        + "translate each of its hints, in the same order",
                    notes: expected.first.map { [.note(at: sourceLocation($0.line), "the source's first hint")] } ?? [])
            )
        }
        return diagnostics
    }

    /// A note for every mutant: a translated `note=`, or a paragraph right after the block.
    private func compareNotes(exercises: [String: TranslatedExercise], blocks: [FencedBlock]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for block in blocks where block.isCopied && block.info.words.first?.text == "mutant" {
            // An exercise that could not be assembled has an error of its own already.
            guard let id = block.id, let name = block.info.value("name"), let exercise = exercises[id] else { continue }
            if exercise.mutantNotes[name]?.isEmpty ?? true {
                diagnostics.append(
                    Diagnostic(
                        at: at(block.line, block.column),
                        "mutant '\(name)' has no note here; translate the source's note (note=\"…\", or the paragraph right after the block)"
                    ))
            }
        }
        return diagnostics
    }

    // MARK: Staleness

    /// A draft's warning, or a stale translation's, with a note per section that changed.
    private func stateWarning(
        stamp: TranslationStamp, changes: [SectionChange], sourceSections: ChapterSections?, document: MarkdownNode
    ) -> Diagnostic? {
        // The translation's headings stand for the stamp's sections when they have the same levels in the same order.
        let translatedHeadings: [(line: Int, level: Int)] = document.children.compactMap { node in
            guard case .heading(let level) = node.kind else { return nil }
            return (node.startLine, level)
        }
        let mapped = translatedHeadings.map(\.level) == stamp.sections.sections.map(\.level)
        var notes: [Diagnostic] = []
        for change in changes {
            guard let sourceSections else { break }
            switch change {
            case .changed(let old, let new):
                let section = sourceSections.sections[new]
                notes.append(
                    mapped
                        ? .note(
                            at: at(translatedHeadings[old].line),
                            "'\(section.heading)' changed in the source (\(sourceLocation(section.line)))")
                        : .note(at: sourceLocation(section.line), "'\(section.heading)' changed"))
            case .added(let new):
                let section = sourceSections.sections[new]
                notes.append(.note(at: sourceLocation(section.line), "'\(section.heading)' is new in the source"))
            case .removed(let old):
                let section = stamp.sections.sections[old]
                notes.append(
                    .note(
                        at: at(mapped ? translatedHeadings[old].line : section.line),
                        "'\(section.heading)' is no longer in the source"))
            }
        }
        let sectionWord = plural(changes.count, "section")
        switch stamp.status {
        case .draft:
            let changed =
                changes.isEmpty ? "" : "; the source has changed in \(sectionWord) since the draft was started"
            return Diagnostic(
                .warning, at: at(1),
                "this translation is a draft, so learners see the source chapter; once every paragraph is translated, run `\(stampCommand)`\(changed)",
                notes: notes)
        case .done:
            guard !changes.isEmpty else { return nil }
            return Diagnostic(
                .warning, at: at(1),
                "\(sourceRelativePath) has changed in \(sectionWord) since this translation was stamped, and learners see those sections' exercises in the source language; "
                    + "bring them up to date, then run `\(stampCommand)`",
                notes: notes)
        }
    }

    /// Exercises with a block, a hint or their prompt in a section that changed or is new since the stamp.
    private func changedExercises(
        _ changes: [SectionChange], sections: ChapterSections, sourceBlocks: [FencedBlock]
    ) -> Set<String> {
        let changed = Set(
            changes.compactMap { change -> Int? in
                switch change {
                case .changed(_, let new), .added(let new): return new
                case .removed: return nil
                }
            })
        guard !changed.isEmpty else { return [] }
        let starts = sections.sections.map(\.line)
        func section(of line: Int) -> Int { (starts.lastIndex { $0 <= line } ?? 0) }
        var result: Set<String> = []
        for exercise in source.exercises {
            let lines = sourceBlocks.filter { $0.id == exercise.id }.flatMap { [$0.line, $0.endLine] }
            let first = min(exercise.prompt.first?.startLine ?? exercise.location.line, exercise.location.line)
            let last = lines.max() ?? exercise.location.line
            if (section(of: first)...section(of: last)).contains(where: changed.contains) {
                result.insert(exercise.id)
            }
        }
        return result
    }

    // MARK: Locations

    private func at(_ line: Int, _ column: Int = 1) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }

    private func sourceLocation(_ line: Int) -> SourceLocation {
        SourceLocation(file: source.path, line: line)
    }
}
