import Testing

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
