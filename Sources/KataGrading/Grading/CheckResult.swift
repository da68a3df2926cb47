import Foundation
import KataBuilding
import KataMessages
import KataWorkbook

/// The verdict on one exercise, with everything the reports show. Cached by ``VerdictCache``.
package struct CheckResult: Codable, Sendable, Equatable {
    package enum Status: String, Codable, Sendable {
        /// Everything the exercise asks holds.
        case passed
        /// It compiled and ran, and something failed (or a mutant survived).
        case failed
        /// It did not compile.
        case compileError
        /// It could not be judged: no examples, a crash outside any example, no spec class.
        case error
    }

    /// One mutant of a specify exercise, and whether the learner's specs noticed it.
    package struct MutantResult: Codable, Sendable, Equatable {
        package var name: String
        package var note: String
        package var caught: Bool
        /// The examples that failed against it (the ones that caught it).
        package var caughtBy: [String]
        /// How long its run took.
        package var report: RunReport?
        /// Set when the mutant was caught only by an example that ran out of time (after this many seconds):
        /// a weak catch, since no expectation failed.
        package var timedOutAfter: Double?
        /// Set when the mutant did not compile with specs that compile against the subject: caught by the compiler
        /// (``Verifier`` reports it as the chapter's mistake).
        package var notCompiled: Bool?

        package init(
            name: String, note: String, caught: Bool, caughtBy: [String], report: RunReport?,
            notCompiled: Bool? = nil
        ) {
            self.name = name
            self.note = note
            self.caught = caught
            self.caughtBy = caughtBy
            self.report = report
            self.notCompiled = notCompiled
        }

        /// The result of a mutant's run (nil when it could not be run: caught).
        package init(_ mutant: Mutant, report: RunReport?) {
            let failures = report?.examples.filter(\.status.isFailure) ?? []
            self.init(
                name: mutant.name, note: mutant.note,
                caught: report == nil || report?.problem != nil || !failures.isEmpty, caughtBy: failures.map(\.name),
                report: report)
            // Caught only because an example ran out of time: no expectation said what broke.
            if let limit = report?.timedOutAfter, report?.problem == nil, !failures.isEmpty,
                failures.allSatisfy({ $0.status == .timedOut })
            {
                timedOutAfter = limit
            }
        }

        /// What caught it, as the reports name it: the examples, or the compiler.
        package var shownCaughtBy: [String] { notCompiled == true ? ["(did not compile)"] : caughtBy }
    }

    package var id: String
    package var kind: Exercise.Kind
    package var status: Status
    /// For a compile error: what the compiler said (files relative to the workbook root).
    package var diagnostics: [CompilerDiagnostic]
    /// The raw compiler output, when it could not be parsed into diagnostics.
    package var compilerOutput: String?
    /// The run of the chapter's specs (implement) or of the learner's specs against the subject (specify).
    package var run: RunReport?
    /// Specify exercises: each mutant's result, in chapter order (empty until the subject run passes).
    package var mutants: [MutantResult]
    /// Specify exercises that state a shape: how the learner's spec measures up to it.
    package var shape: ShapeCheck?
    /// Why the result is `error`, or a short explanation of a failure that is not about one example: one of kata's
    /// sentences, said in the learner's language by the reports (``Note/said(in:)``).
    package enum Note: Codable, Sendable, Equatable {
        /// The chapter gives a specify exercise nothing to run against (the author's mistake).
        case noSubject
        /// The chapter has no spec class (or XCTest class) for an implement exercise (the author's mistake).
        case noChapterSpecClass
        /// A specify exercise's file declares no spec class.
        case noSpecClass
        /// A specify exercise on XCTest: the file declares no `XCTestCase` subclass with a `test…` method.
        case noTestCaseClass
        /// A specify exercise's specs failed against the subject: this many examples.
        case specsMustPass(failed: Int)
        /// No example ran (`specify`: in the learner's specs).
        case noExamples(specify: Bool)
        /// The run went wrong outside any example (``RunReport/problemSaid``).
        case run(CompilerDiagnostic.Said)

        /// The sentence in the language of `t`; the author's mistakes are said in English.
        package func said(in t: Messages) -> String {
            switch self {
            case .noSubject: "the exercise has nothing to run against: add a subject block to the chapter"
            case .noChapterSpecClass:
                "the chapter has no spec class for this exercise (a class inheriting from QuickSpec, AsyncSpec, "
                    + "KiwiSpec, SpectaSpec or Spec, or from XCTestCase with test methods)"
            case .noSpecClass: t(.resultNoSpecClass)
            case .noTestCaseClass: t(.resultNoTestCaseClass)
            case .specsMustPass(let failed):
                t(.resultSpecsMustPass, ["examples": t.count(failed, .examplesOne, .examples)])
            case .noExamples(let specify): t(specify ? .resultNoExamplesSpecify : .resultNoExamples)
            case .run(let said): t(said.message, said.values)
            }
        }
    }

    /// Why the result is `error`, or what failed outside any example, when kata has a sentence for it.
    package var note: Note?
    /// The same in English, as JSON and JUnit give it.
    package var message: String? { note?.said(in: Messages(.source)) }
    /// Seconds the check took (a cached answer reports its own time).
    package var duration: Double
    /// Whether this answer came from the verdict cache.
    package var cached = false
    /// Set when the learner's file was refused before it ran (see ``LearnerFileScreen`` and ``DeclarationScreen``):
    /// its `diagnostics` say why.
    package var refused: Bool?
    /// What confined the learner's programs (`bubblewrap`, or `none` in JSON).
    package var sandbox: Sandbox.Name?
    /// The compiler's warnings about the learner's file, each with its notes (an endlessly recursive function, an
    /// unused result): shown with the result, which they never change. Nil when there are none. For a file that
    /// does not compile they are among ``diagnostics``.
    package var warnings: [CompilerDiagnostic]?

    /// Where a check's time went, in seconds of wall time (mutants build and run side by side).
    package struct Stages: Codable, Sendable, Equatable {
        /// Compiling and linking the programs.
        package var build: Double = 0
        /// Reading the learner's declarations from the compiler's list of them (screening).
        package var screen: Double = 0
        /// Running them.
        package var run: Double = 0

        /// No time in any stage.
        package init() {}
    }

    /// Where the time went; nil for an answer from the verdict cache, or a file refused before it was built.
    package var stages: Stages?

    package var caughtCount: Int { mutants.count { $0.caught } }
}

extension Exercise.Kind: Codable {}
