import Foundation
import Testing

@testable import KataApp
@testable import KataBuilding
@testable import KataGrading
@testable import KataWorkbook

/// `kata check` for a person, without colour: what failed, where, and what to do next, with nothing in it that a
/// terminal would obey.
@Suite("Check report for a person")
struct HumanCheckReportTests {
    let fixture: ReportFixture

    init() throws {
        fixture = try ReportFixture()
    }

    func render(
        _ result: CheckResult, _ exercise: Exercise, watching: Bool = false, cached: Bool = false
    ) -> String {
        HumanCheckReport(workspace: fixture.workspace, style: TerminalStyle(color: false), watching: watching)
            .render(result, exercise: exercise, file: exercise.learnerPath, cached: cached)
    }

    func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("a failed example is named under its group, with its place (file:line:column) and the expectation's message")
    func failedExample() {
        let text = render(fixture.failed, fixture.add)
        let lines = lines(text)
        #expect(lines[0] == "Checking add-numbers · Adding numbers")
        #expect(lines[1] == "  exercises/numbers/add-numbers.swift")
        let place = "chapters/01-numbers.md:\(ReportFixture.failureLine):17"
        let failed = lines.firstIndex(of: "  ✗ adds two numbers")
        #expect(failed != nil, "\(text)")
        #expect(lines.contains("add"), "the group is a line of its own")
        #expect(lines.contains("      \(place): expected to equal <5>, got <-1>\\u{1B}[2J"), "\(text)")
        #expect(lines.contains("  ✓ adds zero"))
        #expect(lines.contains("  - adds negatives (pending)"))
        #expect(lines.contains("1 passed, 1 failed, 1 pending"))
        #expect(text.hasSuffix("\n"))
    }

    @Test("the last line of a failure says how many failed and the command to run again")
    func nextStepAfterFailure() {
        let lines = lines(render(fixture.failed, fixture.add))
        #expect(lines.last == "")
        #expect(
            lines.dropLast().last
                == "✗ Not yet: 1 of 3 examples failed. Read the first failure, change your code, and run "
                + "kata check add-numbers again.")
    }

    @Test("control characters in a message, a name or what an example printed are shown escaped, never raw")
    func controlsEscaped() {
        var result = fixture.failed
        result.run?.examples[1].path = ["add", "adds zero\u{1B}]52;c;aGk=\u{7}"]
        result.run?.examples[1].status = .failed
        result.run?.examples[1].failures = [ExampleOutcome.Failure(message: "boom\r\u{9B}31m")]
        let text = render(result, fixture.add)
        #expect(!text.contains(ReportFixture.hostile))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0.value != 0x0A }, "\(text.debugDescription)")
        #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        #expect(text.contains("      | adding 2 and 3\\u{1B}[2J\n"), "what the example printed, under `printed:`")
        #expect(text.contains("  ✗ adds zero\\u{1B}]52;c;aGk=\\u{7}\n"))
        #expect(text.contains("      boom\\r\\u{9B}31m\n"), "a failure without a place is its message alone")
    }

    @Test("what an example printed is shown up to 20 lines, and says how many more there were")
    func printedLines() {
        var result = fixture.failed
        result.run?.examples[0].output = (1...25).map { "line \($0)" }.joined(separator: "\n")
        let lines = lines(render(result, fixture.add))
        #expect(lines.contains("      printed:"))
        #expect(lines.contains("      | line 20"))
        #expect(!lines.contains("      | line 21"))
        #expect(lines.contains("      | … and 5 more lines (kata shows the first 20 lines an example prints)"))
    }

    @Test("a passed exercise says it is solved and how to go on; kata watch, which goes on by itself, does not")
    func passed() {
        let text = render(fixture.passed, fixture.add)
        #expect(lines(text).contains("2 passed, 0 failed, 1 pending"))
        #expect(text.hasSuffix("\n✓ Solved! Every example passes. Run kata next to go on.\n"))
        let watched = render(fixture.passed, fixture.add, watching: true)
        #expect(watched.hasSuffix("\n✓ Solved! Every example passes.\n"))
        let cached = render(fixture.passed, fixture.add, cached: true)
        #expect(
            lines(cached)[1]
                == "  exercises/numbers/add-numbers.swift  (this exact code was checked before: result from the cache)")
    }

    @Test("a specify exercise shows the specs against the correct code, each mutant's fate, the score and what to add")
    func survivor() {
        let text = render(fixture.survivor, fixture.counter)
        let lines = lines(text)
        #expect(lines[0] == "Checking counter-spec · Specifying a counter · you write the specs")
        #expect(lines[3] == "Your specs against the correct code")
        #expect(lines.contains("✓ starts at zero"))
        #expect(lines.contains("✓ counts up"))
        #expect(lines.contains("Mutants (broken versions of the code your specs must notice)"))
        #expect(lines.contains("  ✓ caught   never-counts by \"counts up\""), "\(text)")
        #expect(lines.contains("  ✗ survived counts-twice: increment() adds two."))
        #expect(lines.contains("Score: 1 of 2 mutants caught"))
        #expect(
            text.hasSuffix(
                "\n✗ Not yet: 1 mutant survived. Add an example that fails for each survivor's mistake, then run "
                    + "kata check counter-spec again.\n"))
    }

    @Test("a compile error shows the place, the message, the line of code with a caret, and how many to fix")
    func compileError() throws {
        let text = render(fixture.compileError, fixture.add)
        let lines = lines(text)
        let error = try #require(
            lines.firstIndex(
                of: "exercises/numbers/add-numbers.swift:1:41: error: binary operator '+' cannot be applied to "
                    + "operands of type 'Int' and 'String'"),
            "\(text)")
        #expect(lines[error + 1] == "func add(_ a: Int, _ b: Int) -> Int { a + \"b\" }")
        #expect(lines[error + 2] == String(repeating: " ", count: 40) + "^")
        // The warning about the learner's file comes after the errors, under a heading that says it changes nothing.
        let heading = try #require(
            lines.firstIndex {
                $0.hasPrefix("The compiler's warning about your file (it does not change the result")
            })
        #expect(heading > error + 2)
        #expect(lines[heading + 1] == "exercises/numbers/add-numbers.swift:1:10: warning: add(_:_:) is never called")
        #expect(text.hasSuffix("\n✗ Does not compile (1 error). Fix it and run kata check add-numbers again.\n"))
    }

    @Test("control characters in a diagnostic and in the learner's line it points at are shown escaped")
    func compileErrorEscaped() throws {
        try Data("let shown = \"\u{1B}[2J\"; oops\n".utf8).write(
            to: fixture.workbook.root.appendingPathComponent("exercises/numbers/add-numbers.swift"))
        var result = fixture.compileError
        result.diagnostics = [
            CompilerDiagnostic(
                file: "exercises/numbers/add-numbers.swift", line: 1, column: 23, severity: .error,
                message: "cannot find 'oops\u{1B}[2J' in scope")
        ]
        let lines = lines(render(result, fixture.add))
        let error = try #require(
            lines.firstIndex(
                of: "exercises/numbers/add-numbers.swift:1:23: error: cannot find 'oops\\u{1B}[2J' in scope"))
        #expect(lines[error + 1] == "let shown = \"\\u{1B}[2J\"; oops")
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test("a diagnostic in a file kata cannot read shows no line of code and no caret")
    func unreadableFile() throws {
        var result = fixture.compileError
        let missing = fixture.workbook.root.appendingPathComponent("gone/Generated.swift").path
        result.diagnostics = [
            CompilerDiagnostic(file: missing, line: 1, column: 5, severity: .error, message: "expected declaration")
        ]
        let text = render(result, fixture.add)
        let lines = lines(text)
        let error = try #require(lines.firstIndex(of: "\(missing):1:5: error: expected declaration"), "\(text)")
        #expect(lines[error + 1] == "")
        #expect(lines[error + 2].hasPrefix("✗ Does not compile (1 error)."), "\(text)")
        #expect(!lines.contains { $0.hasSuffix("^") })
    }

    @Test("a check that could not run says so, with kata's sentence for why")
    func cannotCheck() {
        var result = fixture.compileError
        result.status = .error
        result.diagnostics = []
        result.note = .noChapterSpecClass
        let text = render(result, fixture.add)
        #expect(
            lines(text).contains(
                "✗ Cannot check add-numbers: the chapter has no spec class for this exercise (a class inheriting from "
                    + "QuickSpec, AsyncSpec, KiwiSpec, SpectaSpec or Spec, or from XCTestCase with test methods)"),
            "\(text)")
    }

    @Test("a run stopped by its time limit says after how long, and to look for the loop that never ends")
    func timedOut() {
        var result = fixture.failed
        result.run?.timedOutAfter = 10
        let text = render(result, fixture.add)
        #expect(
            text.hasSuffix(
                "\n✗ Timed out. The run was stopped after 10 s. Find the loop or wait that never ends, then run "
                    + "kata check add-numbers again.\n"))
    }
}
