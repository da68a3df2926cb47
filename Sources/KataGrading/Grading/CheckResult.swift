import Foundation
import KataBuilding
import KataWorkbook

/// The verdict on one exercise, with everything the reports show. Cached by ``VerdictCache``.
public struct CheckResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
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
    public struct MutantResult: Codable, Sendable, Equatable {
        public var name: String
        public var note: String
        public var caught: Bool
        /// The examples that failed against it (the ones that caught it).
        public var caughtBy: [String]
        /// How long its run took.
        public var report: RunReport?
        /// Set when the mutant was caught only by an example that ran out of time (after this many seconds):
        /// a weak catch, since no expectation failed.
        public var timedOutAfter: Double?
    }

    public var id: String
    public var kind: Exercise.Kind
    public var status: Status
    /// For a compile error: what the compiler said (files relative to the workbook root).
    public var diagnostics: [CompilerDiagnostic]
    /// The raw compiler output, when it could not be parsed into diagnostics.
    public var compilerOutput: String?
    /// The run of the chapter's specs (implement) or of the learner's specs against the subject (specify).
    public var run: RunReport?
    /// Specify exercises: each mutant's result, in chapter order (empty until the subject run passes).
    public var mutants: [MutantResult]
    /// Specify exercises that state a shape: how the learner's spec measures up to it.
    public var shape: ShapeCheck?
    /// Why the result is `error`, or a short explanation of a failure that is not about one example (English, as
    /// JSON and JUnit give it).
    public var message: String?

    /// A ``message`` that kata says in the learner's language (see ``HumanCheckReport``).
    public enum Note: Codable, Sendable, Equatable {
        /// A specify exercise's file declares no spec class.
        case noSpecClass
        /// A specify exercise's specs failed against the subject: this many examples.
        case specsMustPass(failed: Int)
        /// No example ran (`specify`: in the learner's specs).
        case noExamples(specify: Bool)
        /// The run went wrong outside any example (``RunReport/problemSaid``).
        case run(CompilerDiagnostic.Said)
    }

    /// What ``message`` says, when it is one of kata's own sentences.
    public var note: Note?
    /// Seconds the check took (a cached answer reports its own time).
    public var duration: Double
    /// Whether this answer came from the verdict cache.
    public var cached = false
    /// Set when the learner's file was refused before it ran (see ``LearnerFileScreen`` and ``DeclarationScreen``):
    /// its `diagnostics` say why.
    public var refused: Bool?
    /// What confined the learner's programs: `bubblewrap`, or `none`.
    public var sandbox: String?
    /// The compiler's warnings about the learner's file, each with its notes (an endlessly recursive function, an
    /// unused result): shown with the result, which they never change. Nil when there are none. For a file that
    /// does not compile they are among ``diagnostics``.
    public var warnings: [CompilerDiagnostic]?

    /// Where a check's time went, in seconds of wall time (mutants build and run side by side).
    public struct Stages: Codable, Sendable, Equatable {
        /// Compiling and linking the programs.
        public var build: Double = 0
        /// Reading the learner's declarations from the compiler's list of them (screening).
        public var screen: Double = 0
        /// Running them.
        public var run: Double = 0

        /// No time in any stage.
        public init() {}
    }

    /// Where the time went; nil for an answer from the verdict cache, or a file refused before it was built.
    public var stages: Stages?

    public var caughtCount: Int { mutants.count { $0.caught } }
}

extension Exercise.Kind: Codable {}
