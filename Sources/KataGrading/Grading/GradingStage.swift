/// The named stages a check goes through, in order. Each reads and writes one ``Grading``; the first that reaches a
/// verdict ends the check (a refused file, a compile error, a failing run), so a red check never waits for the
/// stages after it. The engine the exercise runs on (``Engine``) is a value the stages are given, not a branch of
/// theirs.
enum GradingStage: String, CaseIterable, Sendable {
    /// The learner's text: what may not be in it at all (``LearnerFileScreen``).
    case screenText = "screen-text"
    /// The first program: the chapter's specs with the learner's code, or the learner's specs with the subject.
    case buildSubject = "build-subject"
    /// What the learner's compiled module hands the linker (``ObjectScreen``).
    case screenObject = "screen-object"
    /// The learner's declarations, from the compiler's list of them (``DeclarationScreen``).
    case screenDeclarations = "screen-declarations"
    /// The starter's declarations, held against the learner's (``SignatureScreen``; implement exercises).
    case holdSignatures = "hold-signatures"
    /// The first program's run.
    case runSubject = "run-subject"
    /// A specify exercise's mutants, built and run against the learner's specs.
    case runMutants = "run-mutants"
    /// The structure a specify exercise asks the learner's specs to have (``ShapeCheck``).
    case measureShape = "measure-shape"
}

/// What a stage did: the check goes on to the next stage, or it has its verdict.
enum StageOutcome: Sendable {
    case goOn
    case done
}
