import Foundation
import KataBasics

/// Gathers each exercise's blocks and hints, across the workbook, and checks the rules that span blocks.
struct ExerciseAssembler {
    let root: URL
    let displayPath: (URL) -> String
    private var definedIn: [String: (chapter: String, location: SourceLocation)] = [:]
    private var hints: [(id: String, hint: Hint)] = []
    private var exercises: [(id: String, chapter: Int)] = []
    private var assembled: [[Exercise]] = []
    private var diagnostics: [Diagnostic] = []

    /// Whether the reference solutions are with the instructor (``Workbook/solutionsElsewhere``).
    private let solutionsElsewhere: Bool

    init(root: URL, displayPath: @escaping (URL) -> String) {
        self.root = root
        self.displayPath = displayPath
        solutionsElsewhere = FileManager.default.fileExists(
            atPath: root.appendingPathComponent(Workbook.solutionsElsewhere).path)
    }

    /// Builds the exercises of one chapter, in order of their first block.
    mutating func assemble(chapter: Chapter, blocks: [ChapterScanner.Block]) -> [Exercise] {
        var order: [String] = []
        var byID: [String: [ChapterScanner.Block]] = [:]
        for block in blocks {
            guard let id = block.id else { continue }
            if block.purpose == .hint {
                hints.append((id, Hint(markdown: block.block.code, location: block.block.location)))
                continue
            }
            guard case .exercise = block.purpose else { continue }
            if byID[id] == nil {
                if let first = definedIn[id] {
                    diagnostics.append(
                        Diagnostic(
                            at: block.block.location,
                            "duplicate exercise id '\(id)': it is already used in \(first.chapter); ids must be unique in the workbook, so rename one",
                            notes: [.note(at: first.location, "'\(id)' is first used here")]))
                    continue
                }
                definedIn[id] = (chapter.path, block.block.location)
                order.append(id)
            }
            byID[id, default: []].append(block)
        }
        let hintIndexes = Set(hintBlocksIndexes(in: chapter))
        return order.compactMap { id in
            build(id: id, blocks: byID[id] ?? [], chapter: chapter, hintIndexes: hintIndexes)
        }
    }

    /// Reports what only the whole workbook can tell (hints for unknown exercises). Returns every diagnostic.
    mutating func finish() -> [Diagnostic] {
        for (id, hint) in hints where definedIn[id] == nil {
            diagnostics.append(
                Diagnostic(
                    at: hint.location,
                    "hint for unknown exercise '\(id)'\(Suggestion.didYouMean(id, in: definedIn.keys.sorted())); "
                        + "a hint's id must name an exercise of the workbook"))
        }
        return diagnostics
    }

    /// Hints in document order for an exercise, across all chapters scanned so far.
    func hints(for id: String) -> [Hint] {
        hints.filter { $0.id == id }.map(\.hint)
    }

    private mutating func build(
        id: String, blocks: [ChapterScanner.Block], chapter: Chapter, hintIndexes: Set<Int>
    ) -> Exercise? {
        let first = blocks[0]
        func only(_ role: CodeBlock.Role) -> ChapterScanner.Block? {
            let matching = blocks.filter { $0.block.role == role }
            for extra in matching.dropFirst() {
                diagnostics.append(
                    Diagnostic(
                        at: extra.block.location,
                        "exercise '\(id)' has a second \(role.rawValue) block; keep one, or merge them",
                        notes: [.note(at: matching[0].block.location, "the first \(role.rawValue) block of '\(id)'")]))
            }
            return matching.first
        }
        let starter = only(.starter)
        let subject = only(.subject)
        let specs = blocks.filter { $0.block.role == .spec }
        let mutantBlocks = blocks.filter { $0.block.role == .mutant }

        let (declaredKind, timeout) = declaredKindAndTimeout(id, blocks)
        let inferred: Exercise.Kind = (subject != nil || !mutantBlocks.isEmpty) ? .specify : .implement
        let kind = declaredKind ?? inferred

        guard let starter else {
            diagnostics.append(
                Diagnostic(
                    at: first.block.location,
                    "exercise '\(id)' has no starter block; add a ```swift starter id=\(id) block with the learner's initial file"
                ))
            return nil
        }
        let engine = starter.block.info.value("engine").flatMap(TestEngine.init(rawValue:)) ?? .kataSpec
        let languageMode = starter.block.info.value("language-mode").flatMap(LanguageMode.init(rawValue:)) ?? .swift5
        let shape = SpecShape(starter.block.info)
        if let shape { checkShape(shape, of: id, starter: starter, engine: engine, kind: kind) }
        checkRoles(of: id, kind: kind, blocks: blocks)

        let (mutants, hiddenIndexes) = mutants(of: id, mutantBlocks)
        checkSolution(of: id, chapter: chapter, starter: starter)

        let heading = first.heading
        let promptRange = ((heading?.index ?? -1) + 1)..<starter.topLevelIndex
        let prompt = chapter.document.children.enumerated()
            .filter {
                promptRange.contains($0.offset) && !hiddenIndexes.contains($0.offset)
                    && !hintIndexes.contains($0.offset)
            }
            .map(\.element)

        return Exercise(
            id: id, chapterSlug: chapter.slug, title: heading?.title ?? chapter.title, kind: kind,
            location: first.block.location, prompt: prompt, starter: starter.block, specs: specs.map(\.block),
            support: blocks.filter { $0.block.role == .support }.map(\.block), subject: subject?.block,
            mutants: mutants, hints: [], timeout: timeout, shape: kind == .specify ? shape : nil, engine: engine,
            languageMode: languageMode)
    }

    /// The kind an exercise's blocks declare (`kind=`), and its `timeout=`; a second, different kind is a mistake.
    private mutating func declaredKindAndTimeout(
        _ id: String, _ blocks: [ChapterScanner.Block]
    ) -> (kind: Exercise.Kind?, timeout: Double?) {
        var declaredKind: (Exercise.Kind, SourceLocation)?
        var timeout: Double?
        for block in blocks {
            if let value = block.block.info.value("kind"), let kind = Exercise.Kind(rawValue: value) {
                if let (previous, location) = declaredKind, previous != kind {
                    diagnostics.append(
                        Diagnostic(
                            at: block.block.location,
                            "exercise '\(id)' is declared kind=\(kind.rawValue) here but kind=\(previous.rawValue) before; keep one",
                            notes: [.note(at: location, "kind=\(previous.rawValue) is declared here")]))
                }
                declaredKind = (kind, block.block.location)
            }
            if let value = block.block.info.value("timeout"), let seconds = Double(value), seconds > 0 {
                timeout = seconds
            }
        }
        return (declaredKind?.0, timeout)
    }

    /// A shape (`examples=`, `tests=`, …) fits the exercise: its engine's keys, a specify exercise, and `contexts=`
    /// beside `examples-per-context=`.
    private mutating func checkShape(
        _ shape: SpecShape, of id: String, starter: ChapterScanner.Block, engine: TestEngine, kind: Exercise.Kind
    ) {
        let allowed = SpecShape.keys(for: engine)
        let stated = SpecShape.keys.filter { starter.block.info.value($0) != nil }
        for key in stated where !allowed.contains(key) {
            diagnostics.append(
                Diagnostic(
                    at: starter.block.location,
                    "\(key)= does not apply to an exercise on \(engine.rawValue); its starter can state "
                        + allowed.map { "\($0)=" }.joined(separator: ", ")))
        }
        if kind == .implement {
            diagnostics.append(
                Diagnostic(
                    at: starter.block.location,
                    "exercise '\(id)' is an implement exercise, so its starter states no shape "
                        + "(\(SpecShape.keys.joined(separator: ", "))); a shape is for a specify exercise, "
                        + "where the learner writes the specs"))
        } else if shape.examplesPerContext != nil, shape.contexts == nil {
            diagnostics.append(
                Diagnostic(
                    at: starter.block.location,
                    "examples-per-context needs contexts=<n> too: without contexts a spec with none would satisfy it"
                ))
        }
    }

    /// Each kind has the blocks it needs and none it cannot use.
    private mutating func checkRoles(of id: String, kind: Exercise.Kind, blocks: [ChapterScanner.Block]) {
        let first = blocks[0]
        let specs = blocks.filter { $0.block.role == .spec }
        let subject = blocks.first { $0.block.role == .subject }
        let mutantBlocks = blocks.filter { $0.block.role == .mutant }
        switch kind {
        case .implement:
            if specs.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        at: first.block.location,
                        "implement exercise '\(id)' has no spec block; add a ```swift spec id=\(id) block with the examples that judge it"
                    ))
            }
            for block in blocks where block.block.role == .subject || block.block.role == .mutant {
                diagnostics.append(
                    Diagnostic(
                        at: block.block.location,
                        "exercise '\(id)' is an implement exercise, so it has no \(block.block.role!.rawValue) blocks; remove kind=implement to make it a specify exercise"
                    ))
            }
        case .specify:
            if subject == nil {
                diagnostics.append(
                    Diagnostic(
                        at: first.block.location,
                        "specify exercise '\(id)' has no subject block; add a ```swift subject id=\(id) block with the correct implementation"
                    ))
            }
            if mutantBlocks.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        at: first.block.location,
                        "specify exercise '\(id)' has no mutants; add at least one ```swift mutant id=\(id) name=<name> block that the learner's specs must catch"
                    ))
            }
            for block in specs {
                diagnostics.append(
                    Diagnostic(
                        at: block.block.location,
                        "exercise '\(id)' is a specify exercise (the learner writes the specs), so it takes no spec block; use support for shared code"
                    ))
            }
        }
    }

    /// The mutants, each with the note that says what it breaks, and the chapter's top-level indexes that the prompt
    /// leaves out (the mutants' blocks and the paragraphs that hold their notes).
    private mutating func mutants(
        of id: String, _ mutantBlocks: [ChapterScanner.Block]
    ) -> (mutants: [Mutant], hidden: Set<Int>) {
        var mutants: [Mutant] = []
        var mutantNames: [String: SourceLocation] = [:]
        var hiddenIndexes: Set<Int> = []
        for block in mutantBlocks {
            hiddenIndexes.insert(block.topLevelIndex)
            guard let name = block.block.info.value("name") else { continue }
            if let previous = mutantNames[name] {
                diagnostics.append(
                    Diagnostic(
                        at: block.block.location, "exercise '\(id)' has two mutants named '\(name)'; rename one",
                        notes: [.note(at: previous, "the first mutant named '\(name)'")]))
            }
            mutantNames[name] = block.block.location
            var note = block.block.info.value("note") ?? ""
            if note.isEmpty, let paragraph = block.followingParagraph {
                note = paragraph.text
                hiddenIndexes.insert(paragraph.index)
            }
            if note.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        at: block.block.location,
                        "mutant '\(name)' of '\(id)' does not say what it breaks; add note=\"…\" or a paragraph right after the block"
                    ))
            }
            // The note is printed under a surviving mutant: no terminal control from a chapter reaches the screen.
            mutants.append(Mutant(name: name, note: note.withVisibleControls, block: block.block))
        }
        return (mutants, hiddenIndexes)
    }

    /// The exercise's reference solution is a file in `solutions/`.
    private mutating func checkSolution(of id: String, chapter: Chapter, starter: ChapterScanner.Block) {
        let solution = root.appendingPathComponent("solutions/\(chapter.slug)/\(id).swift")
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: solution.path, isDirectory: &isFolder), isFolder.boolValue {
            diagnostics.append(
                Diagnostic(
                    at: starter.block.location,
                    "the reference solution of '\(id)', \(displayPath(solution)), is a folder; it must be a Swift file")
            )
        } else if !FileManager.default.fileExists(atPath: solution.path), !solutionsElsewhere {
            diagnostics.append(
                Diagnostic(
                    at: starter.block.location,
                    "exercise '\(id)' has no reference solution; write \(displayPath(solution)) (kata verify checks that it passes)"
                ))
        }
    }

    private func hintBlocksIndexes(in chapter: Chapter) -> [Int] {
        chapter.document.children.enumerated().compactMap { index, node in
            if case .codeBlock(let info, _) = node.kind, FenceInfo(info).language == "hint" { return index }
            return nil
        }
    }
}
