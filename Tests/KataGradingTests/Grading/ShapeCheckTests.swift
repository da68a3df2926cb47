import Foundation
import Testing

@testable import KataBasics
@testable import KataGrading
@testable import KataWorkbook

@Suite("Shapes of a learner's spec")
struct ShapeCheckTests {
    /// A run whose examples have these paths (groups outermost first, then the example's own sentence).
    func run(_ paths: [[String]], pending: [[String]] = []) -> RunReport {
        let examples = (paths.map { ($0, ExampleOutcome.Status.passed) } + pending.map { ($0, .pending) })
            .enumerated().map { index, entry in
                ExampleOutcome(
                    index: index, name: entry.0.joined(separator: " "), path: entry.0, file: "x.swift", line: 1,
                    status: entry.1, failures: [], duration: 0, output: "", outputTruncated: false, face: nil)
            }
        return RunReport(examples: examples, notRun: 0, timedOutAfter: nil, problem: nil, output: "")
    }

    func shape(_ info: String) throws -> SpecShape { try #require(SpecShape(FenceInfo("swift starter id=x " + info))) }

    @Test("one it with every expectation meets no shape that asks for contexts")
    func flat() throws {
        let check = ShapeCheck(try shape("contexts=3 examples-per-context=2"), run: run([["account", "works"]]))
        #expect(!check.met)
        #expect(check.requirements.map(\.found) == ["you have 0", "you have no contexts yet"])
        #expect(check.requirements.map(\.met) == [false, false])
    }

    @Test("contexts count at any depth; each context that holds examples must hold enough of them")
    func grouped() throws {
        let story = run([
            ["account", "withdraws 20", "pays 20"], ["account", "withdraws 20", "leaves 80"],
            ["account", "withdraws 150", "pays nothing"], ["account", "withdraws 150", "leaves 100"],
            ["account", "withdraws 100", "pays 100"],
        ])
        let check = ShapeCheck(try shape("contexts=3 examples-per-context=2 examples=6"), run: story)
        #expect(check.requirements.map(\.met) == [false, true, false])
        #expect(check.requirements.map(\.found) == ["you have 5", "you have 3", "\"withdraws 100\" has 1"])
        let nested = run([["a", "b", "c", "one"], ["a", "b", "c", "two"], ["a", "b", "three"], ["a", "b", "four"]])
        #expect(ShapeCheck(try shape("contexts=2 examples-per-context=2"), run: nested).met)
    }

    @Test("pending examples do not count; a shared group must be included in two places")
    func pendingAndShared() throws {
        let stacks = run(
            [["ArrayStack", "a stack", "pops"], ["ArrayStack", "a stack", "when empty", "pops nil"]],
            pending: [["LinkedStack", "a stack", "pops"]])
        let check = ShapeCheck(try shape(#"shared="a stack" examples=3"#), run: stacks)
        #expect(check.requirements.map(\.found) == ["you have 2", "you include them in 1"])
        let both = run([["ArrayStack", "a stack", "pops"], ["LinkedStack", "a stack", "pops"]])
        #expect(ShapeCheck(try shape(#"shared="a stack""#), run: both).met)
    }
}
