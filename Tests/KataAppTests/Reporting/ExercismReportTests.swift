import Foundation
import Testing

@testable import KataApp
@testable import KataBuilding
@testable import KataGrading
@testable import KataWorkbook

/// `kata check --format json`: `results.json` of the Exercism test-runner interface, version 3, read back from the
/// text kata prints as a runner's reader would, with kata's additions beside it.
@Suite("Exercism report")
struct ExercismReportTests {
    /// The fields of version 3 that kata writes, and kata's own.
    struct Results: Decodable {
        struct Test: Decodable {
            var name: String
            var status: String
            var message: String?
            var testCode: String
            var output: String?
        }

        struct Mutant: Decodable {
            var name: String
            var note: String
            var status: String
            var caughtBy: [String]
        }

        struct Score: Decodable {
            var caught: Int
            var total: Int
        }

        struct Examples: Decodable, Equatable {
            var ran: Int
            var leftOutByFocus: Int
            var pending: Int
            var notRun: Int
        }

        struct Kata: Decodable {
            var id: String
            var kind: String
            var file: String
            var sandbox: String
            var examples: Examples?
        }

        var version: Int
        var status: String
        var message: String?
        var tests: [Test]
        var mutants: [Mutant]?
        var score: Score?
        var kata: Kata
    }

    let fixture: ReportFixture
    let report: ExercismReport

    init() throws {
        fixture = try ReportFixture()
        report = ExercismReport(workspace: fixture.workspace)
    }

    /// The object as kata prints it, read back.
    func results(_ result: CheckResult, _ exercise: Exercise) throws -> Results {
        let text = ExercismReport.text(report.object(result, exercise: exercise, file: exercise.learnerPath))
        #expect(text.hasSuffix("}\n"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Results.self, from: Data(text.utf8))
    }

    @Test("a passed exercise is version 3 with status pass, a test per example that ran, and its code")
    func passed() throws {
        let results = try results(fixture.passed, fixture.add)
        #expect(results.version == 3)
        #expect(results.status == "pass")
        #expect(results.message == nil)
        #expect(results.tests.map(\.name) == ["add adds two numbers", "add adds zero"], "the pending one is left out")
        #expect(results.tests.allSatisfy { $0.status == "pass" && $0.message == nil && $0.output == nil })
        #expect(
            results.tests[0].testCode == """
                it("adds two numbers") {
                    expect(add(2, 3)).to(equal(5))
                }
                """)
        #expect(results.tests[1].testCode == "it(\"adds zero\") { expect(add(0, 3)).to(equal(3)) }")
        #expect(results.mutants == nil && results.score == nil, "an implement exercise has no mutants")
        #expect(results.kata.id == "add-numbers")
        #expect(results.kata.kind == "implement")
        #expect(results.kata.file == "exercises/numbers/add-numbers.swift")
        #expect(results.kata.sandbox == "bubblewrap")
        #expect(results.kata.examples == Results.Examples(ran: 2, leftOutByFocus: 0, pending: 1, notRun: 0))
    }

    @Test("a failed example is status fail, with the failure's place and message, and what it printed")
    func failed() throws {
        let results = try results(fixture.failed, fixture.add)
        #expect(results.status == "fail")
        #expect(results.tests.map(\.status) == ["fail", "pass"])
        #expect(
            results.tests[0].message
                == "chapters/01-numbers.md:\(ReportFixture.failureLine): \(ReportFixture.failureMessage)")
        #expect(results.tests[0].output == "adding 2 and 3\u{1B}[2J\n")
        #expect(results.tests[1].message == nil)
    }

    @Test("an escape sequence in a message or in what an example printed is a JSON escape in the text kata prints")
    func escapesStayEscaped() {
        let text = ExercismReport.text(report.object(fixture.failed, exercise: fixture.add, file: "add-numbers.swift"))
        #expect(!text.contains(ReportFixture.hostile))
        #expect(text.contains("got <-1>\\u001b[2J"), "\(text)")
    }

    @Test("C1 controls and direction overrides, which JSON leaves as they are, are JSON escapes too")
    func c1ControlsEscaped() throws {
        var result = fixture.failed
        result.run?.examples[0].failures[0].message = "got \u{9B}2J and \u{202E}reversed"
        let text = ExercismReport.text(report.object(result, exercise: fixture.add, file: "add-numbers.swift"))
        #expect(!text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })
        #expect(text.contains("got \\u009b2J and \\u202ereversed"), "\(text)")
        let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let tests = try #require(decoded?["tests"] as? [[String: Any]])
        #expect((tests[0]["message"] as? String)?.hasSuffix("got \u{9B}2J and \u{202E}reversed") == true)
    }

    @Test("a specify exercise gives each mutant's fate and the score, and its tests' code from the learner's file")
    func survivor() throws {
        let results = try results(fixture.survivor, fixture.counter)
        #expect(results.status == "fail")
        #expect(results.tests.map(\.name) == ["starts at zero", "counts up"])
        #expect(results.tests[0].testCode == "it(\"starts at zero\") { expect(Counter().value).to(equal(0)) }")
        #expect(results.tests[1].testCode.hasPrefix("it(\"counts up\") {\n    var counter = Counter()"))
        let mutants = try #require(results.mutants)
        #expect(mutants.map(\.name) == ["never-counts", "counts-twice"])
        #expect(mutants.map(\.status) == ["caught", "survived"])
        #expect(mutants[0].caughtBy == ["counts up"])
        #expect(mutants[1].note == "increment() adds two.")
        #expect(results.score?.caught == 1)
        #expect(results.score?.total == 2)
        #expect(results.kata.kind == "specify")
    }

    @Test("a file that does not compile is status error, its message the compiler's diagnostics, and no tests")
    func compileError() throws {
        let results = try results(fixture.compileError, fixture.add)
        #expect(results.status == "error")
        #expect(results.tests.isEmpty)
        #expect(
            results.message
                == "exercises/numbers/add-numbers.swift:1:41: error: binary operator '+' cannot be applied to "
                + "operands of type 'Int' and 'String'\n"
                + "exercises/numbers/add-numbers.swift:1:10: warning: add(_:_:) is never called")
        #expect(results.kata.examples == nil, "nothing ran")
    }

    @Test("a check that could not run is status error, with kata's sentence as its message")
    func error() throws {
        var result = fixture.compileError
        result.status = .error
        result.diagnostics = []
        result.note = .noChapterSpecClass
        let results = try results(result, fixture.add)
        #expect(results.status == "error")
        #expect(results.message?.hasPrefix("the chapter has no spec class for this exercise") == true)
    }

    @Test("a test's output is cut to the interface's 500 characters, and says so")
    func longOutput() throws {
        var result = fixture.failed
        result.run?.examples[0].output = String(repeating: "x", count: 2000)
        let output = try #require(try results(result, fixture.add).tests[0].output)
        #expect(output.count == 500)
        #expect(output.hasSuffix("\n[output cut; kata check shows more]"))
        #expect(output.hasPrefix("xxxx"))
    }
}
