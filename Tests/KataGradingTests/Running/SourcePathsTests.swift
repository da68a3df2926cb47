import Testing

@testable import KataBuilding
@testable import KataGrading
@testable import KataWorkbook

@Suite("Paths in a crash's output")
struct SourcePathsTests {
    let sources = ["chapters/00-welcome.md", "exercises/welcome/hello-kata.swift"]

    @Test("the runtime's Exercise/<file>:<line> becomes the learner's path; other paths are left alone")
    func learnerPaths() {
        #expect(
            ProgramRunner.namingSourcePaths(
                "Exercise/hello-kata.swift:5: Fatal error: Unexpectedly found nil", sources)
                == "exercises/welcome/hello-kata.swift:5: Fatal error: Unexpectedly found nil")
        #expect(
            ProgramRunner.namingSourcePaths("at Exercise/00-welcome.md:52: Fatal error: boom", sources)
                == "at chapters/00-welcome.md:52: Fatal error: boom")
        #expect(
            ProgramRunner.namingSourcePaths(
                "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range", sources)
                == "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range")
        #expect(ProgramRunner.namingSourcePaths("MyExercise/other.swift:3", sources) == "MyExercise/other.swift:3")
    }

    @Test("a fatal error raised inside KataSpec names none of kata's own files")
    func kataSpecLines() {
        let output =
            "error: --- FATAL ERROR: No return value found ---\nKataSpec/Abort.swift:30: Fatal error: No return value found\n"
        #expect(
            ProgramRunner.namingSourcePaths(output, sources) == "error: --- FATAL ERROR: No return value found ---\n")
    }
}

@Suite("Where a crashed program stopped")
struct CrashPlaceTests {
    let sources = ["chapters/07-spry.md", "exercises/spry/spry-captor.swift"]

    @Test("the runtime's Fatal error names the line, in the learner's specs (ExerciseSpecs) or the code under test")
    func runtimePlace() {
        #expect(
            ProgramRunner.crashPlace(
                in: "ExerciseSpecs/spry-captor.swift:28: Fatal error: Unexpectedly found nil while unwrapping",
                sourcePaths: sources) == SourcePlace(file: "exercises/spry/spry-captor.swift", line: 28))
        #expect(
            ProgramRunner.crashPlace(
                in: "printed first\nExercise/07-spry.md:560: Fatal error: boom\n", sourcePaths: sources)
                == SourcePlace(file: "chapters/07-spry.md", line: 560))
        #expect(
            ProgramRunner.crashPlace(
                in: "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range", sourcePaths: sources)
                == nil, "a place in the standard library is none the learner can open")
        #expect(ProgramRunner.crashPlace(in: "Segmentation fault", sourcePaths: sources) == nil)
    }

    @Test("when KataSpec stops the run, the place is the one its failure names, not KataSpec's own file")
    func kataSpecPlace() {
        let output = """
            exercises/spry/spry-captor.swift:22:45: error: --- FATAL ERROR: Argument Capture: index out of bounds ---
            ￫ Index: 0
            KataSpec/Abort.swift:30: Fatal error: Argument Capture: index out of bounds
            """
        #expect(
            ProgramRunner.crashPlace(in: output, sourcePaths: sources)
                == SourcePlace(file: "exercises/spry/spry-captor.swift", line: 22))
        #expect(
            ProgramRunner.crashPlace(
                in: "/elsewhere/x.swift:3:1: error: boom\nKataSpec/Abort.swift:30: Fatal error: boom",
                sourcePaths: sources)
                == nil, "a file that is neither the learner's nor the chapter is not named")
    }

    @Test("the crash is the failure's place; another file than the example's adds the example's line")
    func failurePlace() {
        let example = ExampleOutcome(
            index: 1, name: "unwraps nil", path: ["unwraps nil"], file: "chapters/07-spry.md", line: 41,
            status: .crashed, failures: [], duration: 0, output: "", outputTruncated: false, face: nil)
        let said = CompilerDiagnostic.Said(message: .runCrashed, values: ["reason": "Unexpectedly found nil"])
        let elsewhere = ProgramRunner.failure(
            said, at: example, stoppedAt: SourcePlace(file: "exercises/spry/spry-captor.swift", line: 2))
        #expect(elsewhere.file == "exercises/spry/spry-captor.swift" && elsewhere.line == 2)
        #expect(
            elsewhere.message == "crashed: Unexpectedly found nil (called from the example at chapters/07-spry.md:41)")
        let inside = ProgramRunner.failure(
            said, at: example, stoppedAt: SourcePlace(file: "chapters/07-spry.md", line: 43))
        #expect(inside.line == 43 && inside.message == "crashed: Unexpectedly found nil")
        let unknown = ProgramRunner.failure(said, at: example)
        #expect(unknown.file == "chapters/07-spry.md" && unknown.line == 41)
    }
}
