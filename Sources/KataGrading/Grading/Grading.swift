import Foundation
import KataBasics
import KataBuilding
import KataWorkbook

/// One check in progress, as its stages (``GradingStage``) see it: the exercise and the learner's file, the programs
/// made of them, what earlier stages found, and the result so far.
struct Grading {
    let exercise: Exercise
    /// The learner's file, relative to the workbook root, and its code.
    let path: String
    let contents: String
    /// The subject's program first, then a specify exercise's mutants'.
    let programs: [GeneratedProgram]
    let limits: RunLimits
    /// The framework the exercise's tests run on.
    let engine: Engine
    /// Each program's build folder: a random name, so that a learner's spec cannot tell the subject from a mutant by
    /// its own path (`KATA_KEEP_BUILD` keeps plain names).
    let folders: [GeneratedProgram.Variant: URL]
    /// The starter's declarations, compiling beside the learner's code (implement exercises).
    let starter: Background<Result<URL?, BuildError>>?
    /// Stop at the first mutant that survives: the verdict is then known (`kata verify` of a starter, which must
    /// fail), though not every mutant's.
    let verdictOnly: Bool
    var result: CheckResult
    /// The subject's program once built, and the compiler's warnings about the learner's module.
    var subject: (binary: URL, warnings: [CompilerDiagnostic])?
    /// The subject's compile, as it came (a compile error is for a later stage to explain).
    var subjectBuild: ExerciseCompiler.Outcome?
    /// How long the learner's specs took against the subject (a mutant's run is limited from it).
    var subjectSeconds: Double = 0
    /// The runner the subject ran under.
    var runner: (any TestProgramRunner)?
    private var clock = Date()

    init(
        exercise: Exercise, path: String, contents: String, programs: [GeneratedProgram], limits: RunLimits,
        engine: Engine, folders: [GeneratedProgram.Variant: URL], starter: Background<Result<URL?, BuildError>>?,
        verdictOnly: Bool = false, result: CheckResult
    ) {
        self.exercise = exercise
        self.path = path
        self.contents = contents
        self.programs = programs
        self.limits = limits
        self.engine = engine
        self.folders = folders
        self.starter = starter
        self.verdictOnly = verdictOnly
        self.result = result
    }

    /// The subject's program (the first).
    var first: GeneratedProgram { programs[0] }
    /// The subject's build folder.
    var firstFolder: URL { folders[first.variant]! }

    /// Adds the time since the last lap to `stage` of the result's timings.
    mutating func lap(_ stage: WritableKeyPath<CheckResult.Stages, Double>) {
        let now = Date()
        var stages = result.stages ?? CheckResult.Stages()
        stages[keyPath: stage] += now.timeIntervalSince(clock)
        clock = now
        result.stages = stages
    }

    /// The file is not accepted: refused with `findings`, as a compile error that says why.
    mutating func refuse(_ findings: [CompilerDiagnostic]) -> StageOutcome {
        result.status = .compileError
        result.diagnostics = findings
        result.refused = true
        return .done
    }
}
