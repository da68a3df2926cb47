import Foundation
import Testing

/// Learner files at kata's size limit, shaped to be the worst case for a search that starts over from each position
/// or each line (blank lines, findings far down a file, deep nesting, a long word in a failure): each is judged
/// like any other file, rather than keeping kata busy for hours or crashing it.
@Suite("Large learner files, end to end")
struct LargeFileTests {
    /// Longer than any of these checks needs on a busy machine, far shorter than the hours they took before.
    static let patience = 180.0

    /// The largest file kata reads (`Workspace.learnerFileLimit`).
    static let fileLimit = 1 << 20

    @Test("a correct file followed by a megabyte of blank lines passes")
    func blankLines() throws {
        let kata = try Self.paddedSolution()
        let result = try kata.run(["check", "basket"], timeout: Self.patience)
        #expect(!result.timedOut, "the check did not finish in \(Self.patience) s")
        #expect(result.status == 0, "\(result.stdout.suffix(500))\n\(result.stderr.suffix(500))")
        #expect(result.stdout.contains("Solved!"))
    }

    /// The hardening fixture with the correct basket followed by blank lines up to the file limit.
    static func paddedSolution() throws -> KataRunner {
        let kata = try KataRunner(fixture: "hardening")
        let solution = try kata.read("solutions/hardening/basket.swift")
        let padding = String(repeating: "\n", count: Self.fileLimit - solution.utf8.count - 1)
        try kata.write("exercises/hardening/basket.swift", solution + padding)
        return kata
    }

    @Test("a hand-in of a correct file followed by a megabyte of blank lines is re-graded as passed")
    func blankLinesHandin() throws {
        let kata = try Self.paddedSolution()
        let handin = try kata.run(["handin", "--name", "Learner", "-o", "learner.kata"])
        #expect(handin.status == 0, "\(handin.stderr)")
        let grade = try kata.run(
            ["room", "grade", "learner.kata", "-o", "grades", "--no-cache"], timeout: Self.patience)
        #expect(!grade.timedOut, "the re-grade did not finish in \(Self.patience) s")
        #expect(grade.status == 0, "\(grade.stderr)")
        let csv = try kata.read("grades.csv")
        #expect(csv.contains("Learner,learner.kata,basket,passed"), "\(csv.prefix(500))")
    }

    @Test("kata watch of a correct file followed by a megabyte of blank lines says it is solved, then stops on Ctrl-C")
    func blankLinesWatch() throws {
        let kata = try Self.paddedSolution()
        let (process, collected) = try WatchTests.start(["watch", "basket"], in: kata)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(collected.wait(for: "Solved!", timeout: Self.patience), "\(collected.text.suffix(500))")
        kill(process.processIdentifier, SIGINT)
        let stopped = collected.waitUntil(seconds: 30) { !process.isRunning }
        #expect(stopped, "kata watch stopped on Ctrl-C")
        if stopped {
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        }
    }

    @Test("twenty thousand refusals half a megabyte down the file are each reported at their line")
    func manyFindings() throws {
        let kata = try KataRunner(fixture: "hardening")
        let solution = try kata.read("solutions/hardening/basket.swift")
        let blank = 500_000
        let count = 20_000
        try kata.write(
            "exercises/hardening/basket.swift",
            solution + String(repeating: "\n", count: blank) + String(repeating: "#sourceLocation()\n", count: count))
        let result = try kata.run(["check", "basket"], timeout: Self.patience)
        #expect(!result.timedOut, "the check did not finish in \(Self.patience) s")
        #expect(result.status == 1)
        let first = solution.split(separator: "\n", omittingEmptySubsequences: false).count + blank
        let last = first + count - 1
        let refusal = "error: `#sourceLocation` is not accepted"
        #expect(result.stdout.contains("exercises/hardening/basket.swift:\(first):1: \(refusal)"))
        #expect(result.stdout.contains("exercises/hardening/basket.swift:\(last):1: \(refusal)"))
        #expect(result.stdout.components(separatedBy: refusal).count - 1 == count)
    }

    @Test("strings nested a hundred thousand interpolations deep are the compiler's error, not a crash")
    func deepNesting() throws {
        let kata = try KataRunner(fixture: "hardening")
        let solution = try kata.read("solutions/hardening/basket.swift")
        try kata.write(
            "exercises/hardening/basket.swift",
            solution + "let nested = " + String(repeating: "\"\\(", count: 100_000) + "\n")
        let result = try kata.run(["check", "basket"], timeout: Self.patience)
        #expect(!result.timedOut, "the check did not finish in \(Self.patience) s")
        #expect(result.status == 1, "\(result.stderr.suffix(500))")
        #expect(result.stdout.contains("Does not compile"), "\(result.stdout.suffix(500))")
    }

    @Test("a re-grade of a failure that says one long word gives its line in the table")
    func longWordInFailure() throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write(
            "exercises/hardening/basket.swift",
            """
            struct Basket {
                var items: [Int]
                var total: Int { fatalError(String(repeating: "a", count: 60_000)) }
            }

            """)
        let handin = try kata.run(["handin", "--name", "Learner", "-o", "learner.kata"])
        #expect(handin.status == 0, "\(handin.stderr)")
        let grade = try kata.run(
            ["room", "grade", "learner.kata", "-o", "grades", "--no-cache"], timeout: Self.patience)
        #expect(!grade.timedOut, "the re-grade did not finish in \(Self.patience) s")
        #expect(grade.status == 0, "\(grade.stderr)")
        let csv = try kata.read("grades.csv")
        #expect(csv.contains("Learner,learner.kata,basket,failed"), "\(csv.prefix(500))")
        #expect(csv.contains("Basket totals the prices: crashed: "), "\(csv.prefix(500))")
        #expect(csv.contains(String(repeating: "a", count: 150) + "…"), "\(csv.prefix(500))")
    }
}
