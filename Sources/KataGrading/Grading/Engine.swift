import Foundation
import KataBuilding
import KataWorkbook

/// A test framework as grading uses it: the library of kata's its programs load, the names a learner's file may not
/// declare, and how a program's results are read. KataSpec's programs report through KataSpec's own event stream;
/// the real frameworks' through kata's harness, in Swift Testing's event-stream schema.
struct Engine: Sendable {
    var kind: TestEngine
    /// KataSpec, or the harness.
    var library: RuntimeLibrary
    /// The names the learner's file may not take from KataSpec (empty for the real frameworks, whose own names the
    /// compiler's probe of library names covers).
    var protectedNames: KataSpecNames

    /// The runner for `program`'s runs.
    func runner(_ launch: ProgramLaunch, runAll: Bool, program: GeneratedProgram) -> any TestProgramRunner {
        switch kind {
        case .kataSpec: ProgramRunner(launch: launch, runAll: runAll)
        case .swiftTesting, .xcTest: FrameworkRunner(launch: launch, origins: program.origins)
        }
    }

    /// What the learner's specs must declare before there is anything to run, and the note when they do not.
    func missingTests(_ program: GeneratedProgram, exercise: Exercise) -> CheckResult.Note? {
        switch kind {
        case .kataSpec where program.specClasses.isEmpty:
            exercise.kind == .specify ? .noSpecClass : .noChapterSpecClass
        case .xcTest where program.specClasses.isEmpty:
            exercise.kind == .specify ? .noTestCaseClass : .noChapterSpecClass
        default:
            // Swift Testing finds its tests at run time: a program with none runs no test, which the run says.
            nil
        }
    }
}

/// Runs a compiled test program and reads what it reports.
protocol TestProgramRunner: Sendable {
    var launch: ProgramLaunch { get set }
    func run(_ binary: URL, in folder: URL) throws -> RunReport
}

extension ProgramRunner: TestProgramRunner {}
extension FrameworkRunner: TestProgramRunner {}
