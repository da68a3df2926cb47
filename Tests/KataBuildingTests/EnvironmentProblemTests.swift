import Testing

@testable import KataBuilding
@testable import KataSystem

@Suite("Environmental build failures")
struct EnvironmentProblemTests {
    @Test("a full disk, a crashed compiler or a killed linker is this computer's problem, not the learner's")
    func problems() {
        let full = ExternalCommand.Result(status: 1, output: "ld: write error: No space left on device\n")
        #expect(ExerciseCompiler.environmentProblem(full) == "the disk is full")
        let crash = ExternalCommand.Result(status: 1, output: "Stack dump:\n0. Program arguments: swift-frontend\n")
        #expect(ExerciseCompiler.environmentProblem(crash) == "the Swift compiler crashed")
        let killed = ExternalCommand.Result(status: 9, output: "", signalled: true)
        #expect(ExerciseCompiler.environmentProblem(killed) == "the compiler was stopped by signal 9")
        let learner = ExternalCommand.Result(
            status: 1,
            output:
                "exercises/a.swift:2:5: error: failed to produce diagnostic for expression; please submit a bug report")
        #expect(ExerciseCompiler.environmentProblem(learner) == nil, "an ordinary error is the learner's to fix")
    }
}
