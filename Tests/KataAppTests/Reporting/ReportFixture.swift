import Foundation
import KataTestSupport

@testable import KataApp
@testable import KataBuilding
@testable import KataGrading
@testable import KataMessages
@testable import KataWorkbook

/// A small workbook with an implement and a specify exercise, and check results built by hand for it: what the
/// reports of `kata check` are given after a run, without running anything.
struct ReportFixture {
    static let chapterPath = "chapters/01-numbers.md"

    static let chapter = """
        # Numbers

        ## Adding numbers

        ```swift spec id=add-numbers
        final class AddSpec: QuickSpec {
            override class func spec() {
                describe("add") {
                    it("adds two numbers") {
                        expect(add(2, 3)).to(equal(5))
                    }
                    it("adds zero") { expect(add(0, 3)).to(equal(3)) }
                    xit("adds negatives") { expect(add(-1, -1)).to(equal(-2)) }
                }
            }
        }
        ```

        Write `add(_:_:)`.

        ```swift starter id=add-numbers
        func add(_ a: Int, _ b: Int) -> Int { 0 }
        ```

        ## Specifying a counter

        ```swift subject id=counter-spec
        struct Counter { var value = 0; mutating func increment() { value += 1 } }
        ```

        Write specs for `Counter`.

        ```swift starter id=counter-spec
        final class CounterSpec: QuickSpec {
            override class func spec() {
                it("starts at zero") { expect(Counter().value).to(equal(0)) }
            }
        }
        ```

        ```swift mutant id=counter-spec name=never-counts note="increment() does nothing."
        struct Counter { var value = 0; mutating func increment() {} }
        ```

        ```swift mutant id=counter-spec name=counts-twice note="increment() adds two."
        struct Counter { var value = 0; mutating func increment() { value += 2 } }
        ```
        """

    /// The learner's file for `add-numbers`, which does not compile.
    static let learnersAdd = "func add(_ a: Int, _ b: Int) -> Int { a + \"b\" }\n"

    /// The learner's specs for `counter-spec`.
    static let learnersCounterSpec = """
        final class CounterSpec: QuickSpec {
            override class func spec() {
                it("starts at zero") { expect(Counter().value).to(equal(0)) }
                it("counts up") {
                    var counter = Counter()
                    counter.increment()
                    expect(counter.value).to(beGreaterThan(0))
                }
            }
        }

        """

    /// What an example printed or a failure said, with a sequence that clears a terminal.
    static let hostile = "\u{1B}[2J"

    let workbook: TestWorkbook
    let workspace: Workspace
    let add: Exercise
    let counter: Exercise

    init() throws {
        workbook = try TestWorkbook([
            Self.chapterPath: Self.chapter,
            "solutions/numbers/add-numbers.swift": "func add(_ a: Int, _ b: Int) -> Int { a + b }\n",
            "solutions/numbers/counter-spec.swift": Self.learnersCounterSpec,
            "exercises/numbers/add-numbers.swift": Self.learnersAdd,
            "exercises/numbers/counter-spec.swift": Self.learnersCounterSpec,
        ])
        workspace = try Workspace(root: workbook.root, displayBase: workbook.root, language: .source)
        add = try workspace.exercise("add-numbers")
        counter = try workspace.exercise("counter-spec")
    }

    /// The 1-based line of `text` in the chapter (its first occurrence).
    static func chapterLine(_ text: String) -> Int {
        let lines = chapter.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains(text) } ?? -1) + 1
    }

    /// The 1-based line of `text` in the learner's specs for `counter-spec`.
    static func specLine(_ text: String) -> Int {
        let lines = learnersCounterSpec.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains(text) } ?? -1) + 1
    }

    static func example(
        _ index: Int, _ path: [String], file: String = chapterPath, line: Int,
        status: ExampleOutcome.Status, failures: [ExampleOutcome.Failure] = [], output: String = ""
    ) -> ExampleOutcome {
        ExampleOutcome(
            index: index, name: path.joined(separator: " "), path: path, file: file, line: line, status: status,
            failures: failures, duration: 0.25, output: output, outputTruncated: false)
    }

    static func run(_ examples: [ExampleOutcome]) -> RunReport {
        RunReport(examples: examples, notRun: 0, timedOutAfter: nil, problem: nil, output: "")
    }

    /// `add-numbers` solved: both examples pass, the third is pending (`xit`).
    var passed: CheckResult {
        var result = CheckResult(
            id: add.id, kind: .implement, status: .passed, diagnostics: [], compilerOutput: nil,
            run: Self.run([
                Self.example(
                    0, ["add", "adds two numbers"], line: Self.chapterLine("it(\"adds two numbers\")"), status: .passed),
                Self.example(1, ["add", "adds zero"], line: Self.chapterLine("it(\"adds zero\")"), status: .passed),
                Self.example(
                    2, ["add", "adds negatives"], line: Self.chapterLine("xit(\"adds negatives\")"), status: .pending),
            ]), mutants: [], duration: 1.5)
        result.sandbox = .bubblewrap
        return result
    }

    /// The place of the failed expectation in `failed`.
    static var failureLine: Int { chapterLine("expect(add(2, 3))") }

    /// The message of the failed expectation in `failed`: the framework's expected-versus-actual, with a sequence
    /// that would clear the learner's terminal.
    static let failureMessage = "expected to equal <5>, got <-1>\(hostile)"

    /// `add-numbers` not solved yet: the first example fails at its expectation, printing something on the way.
    var failed: CheckResult {
        CheckResult(
            id: add.id, kind: .implement, status: .failed, diagnostics: [], compilerOutput: nil,
            run: Self.run([
                Self.example(
                    0, ["add", "adds two numbers"], line: Self.chapterLine("it(\"adds two numbers\")"), status: .failed,
                    failures: [
                        ExampleOutcome.Failure(
                            message: Self.failureMessage, file: Self.chapterPath, line: Self.failureLine, column: 17)
                    ], output: "adding 2 and 3\(Self.hostile)\n"),
                Self.example(1, ["add", "adds zero"], line: Self.chapterLine("it(\"adds zero\")"), status: .passed),
                Self.example(
                    2, ["add", "adds negatives"], line: Self.chapterLine("xit(\"adds negatives\")"), status: .pending),
            ]), mutants: [], duration: 2)
    }

    /// `counter-spec` with the learner's specs passing against the subject, catching one mutant of two.
    var survivor: CheckResult {
        let file = counter.learnerPath
        return CheckResult(
            id: counter.id, kind: .specify, status: .failed, diagnostics: [], compilerOutput: nil,
            run: Self.run([
                Self.example(
                    0, ["starts at zero"], file: file, line: Self.specLine("it(\"starts at zero\")"), status: .passed),
                Self.example(1, ["counts up"], file: file, line: Self.specLine("it(\"counts up\")"), status: .passed),
            ]),
            mutants: [
                CheckResult.MutantResult(
                    name: "never-counts", note: "increment() does nothing.", caught: true, caughtBy: ["counts up"],
                    report: nil),
                CheckResult.MutantResult(
                    name: "counts-twice", note: "increment() adds two.", caught: false, caughtBy: [], report: nil),
            ], duration: 3)
    }

    /// The compiler's error about the learner's `add-numbers`.
    static let compileError = CompilerDiagnostic(
        file: "exercises/numbers/add-numbers.swift", line: 1, column: 41, severity: .error,
        message: "binary operator '+' cannot be applied to operands of type 'Int' and 'String'")

    /// `add-numbers` that does not compile: one error, and a warning about the learner's file after it.
    var compileError: CheckResult {
        CheckResult(
            id: add.id, kind: .implement, status: .compileError,
            diagnostics: [
                Self.compileError,
                CompilerDiagnostic(
                    file: "exercises/numbers/add-numbers.swift", line: 1, column: 10, severity: .warning,
                    message: "add(_:_:) is never called"),
            ], compilerOutput: nil, run: nil, mutants: [], duration: 0.5)
    }
}
