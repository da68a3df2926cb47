/// One exercise: its prompt, the learner's starter file, and the code that judges it.
package struct Exercise: Sendable, Equatable {
    /// How an exercise is judged.
    package enum Kind: String, Sendable {
        /// The learner writes code; the chapter's specs judge it.
        case implement
        /// The learner writes specs; they must pass against the subject and catch every mutant.
        case specify
    }

    /// Unique id, `[a-z0-9-]+`.
    package var id: String
    /// The chapter's slug (`kiwi` for `chapters/03-kiwi.md`).
    package var chapterSlug: String
    /// The nearest heading above the exercise's first block.
    package var title: String
    /// Implement or specify.
    package var kind: Kind
    /// The first block of the exercise.
    package var location: SourceLocation
    /// The prose from the title heading down to the starter block.
    package var prompt: [MarkdownNode]
    /// The learner's initial file.
    package var starter: CodeBlock
    /// Examples that judge an implement exercise.
    package var specs: [CodeBlock]
    /// Code compiled into every build.
    package var support: [CodeBlock]
    /// The correct implementation, for a specify exercise.
    package var subject: CodeBlock?
    /// Broken implementations, for a specify exercise.
    package var mutants: [Mutant]
    /// Progressive hints, in document order.
    package var hints: [Hint]
    /// Wall-clock limit for a run, in seconds, when the chapter sets one.
    package var timeout: Double?
    /// The structure a specify exercise asks the learner's spec to have, when its starter states one.
    package var shape: SpecShape?
    /// The framework the exercise's tests are written with (`engine=` on its starter).
    package var engine: TestEngine = .kataSpec
    /// The language mode its code compiles in (`language-mode=` on its starter).
    package var languageMode: LanguageMode = .swift5

    /// Where the learner's file lives, relative to the workbook root.
    package var learnerPath: String { "exercises/\(chapterSlug)/\(id).swift" }
    /// Where the reference solution lives, relative to the workbook root.
    package var solutionPath: String { "solutions/\(chapterSlug)/\(id).swift" }
}
