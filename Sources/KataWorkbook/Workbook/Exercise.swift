/// One exercise: its prompt, the learner's starter file, and the code that judges it.
public struct Exercise: Sendable, Equatable {
    /// How an exercise is judged.
    public enum Kind: String, Sendable {
        /// The learner writes code; the chapter's specs judge it.
        case implement
        /// The learner writes specs; they must pass against the subject and catch every mutant.
        case specify
    }

    /// Unique id, `[a-z0-9-]+`.
    public var id: String
    /// The chapter's slug (`kiwi` for `chapters/03-kiwi.md`).
    public var chapterSlug: String
    /// The nearest heading above the exercise's first block.
    public var title: String
    /// Implement or specify.
    public var kind: Kind
    /// The first block of the exercise.
    public var location: SourceLocation
    /// The prose from the title heading down to the starter block.
    public var prompt: [MarkdownNode]
    /// The learner's initial file.
    public var starter: CodeBlock
    /// Examples that judge an implement exercise.
    public var specs: [CodeBlock]
    /// Code compiled into every build.
    public var support: [CodeBlock]
    /// The correct implementation, for a specify exercise.
    public var subject: CodeBlock?
    /// Broken implementations, for a specify exercise.
    public var mutants: [Mutant]
    /// Progressive hints, in document order.
    public var hints: [Hint]
    /// Wall-clock limit for a run, in seconds, when the chapter sets one.
    public var timeout: Double?
    /// The structure a specify exercise asks the learner's spec to have, when its starter states one.
    public var shape: SpecShape?
    /// The framework the exercise's tests are written with (`engine=` on its starter).
    public var engine: TestEngine = .kataSpec
    /// The language mode its code compiles in (`language-mode=` on its starter).
    public var languageMode: LanguageMode = .swift5

    /// Where the learner's file lives, relative to the workbook root.
    public var learnerPath: String { "exercises/\(chapterSlug)/\(id).swift" }
    /// Where the reference solution lives, relative to the workbook root.
    public var solutionPath: String { "solutions/\(chapterSlug)/\(id).swift" }
}
