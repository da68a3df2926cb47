import Foundation
import Testing

/// `kata verify` for an author after an edit: `--changed` checks only what changed since a verify found it sound,
/// and `--timings` shows where the time went.
@Suite("kata verify after an edit, end to end")
struct VerifyTests {
    @Test("--changed checks only what changed since a verify found it sound, and still reports what is wrong")
    func changed() throws {
        let kata = try KataRunner(fixture: "grading")
        let first = try kata.run(["verify", "--changed"])
        #expect(first.status == 0, "\(first.stdout)")
        let all = try #require(first.stdout.firstMatch(of: /; (\d+) checks of (\d+) changed since/))
        #expect(all.output.1 == all.output.2, "the first verify checks everything")

        let unchanged = try kata.run(["verify", "--changed"])
        #expect(unchanged.stdout.contains("; 0 checks of \(all.output.2) changed since a verify found them sound"))

        let park = try kata.read("solutions/grading/park.swift")
        try kata.write("solutions/grading/park.swift", park.replacingOccurrences(of: "Truck()", with: "Car()"))
        let broken = try kata.run(["verify", "--changed"])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("the reference solution of 'park' fails"))
        #expect(broken.stdout.contains("(1 check of \(all.output.2) changed since a verify found them sound)"))

        // Still unsound, so still checked; once fixed, sound again.
        #expect(try kata.run(["verify", "--changed"]).status == 1)
        try kata.write("solutions/grading/park.swift", park)
        let fixed = try kata.run(["verify", "--changed"])
        #expect(fixed.status == 0)
        #expect(fixed.stdout.contains("; 1 check of \(all.output.2) changed"))
    }

    @Test("--timings lists each check with its build, screen and run times")
    func timings() throws {
        let kata = try KataRunner(fixture: "grading")
        let result = try kata.run(["verify", "--timings", "park"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Time per check, in seconds"))
        let row = try #require(
            result.stdout.firstMatch(of: /\n  park +solution +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+)\n/))
        let total = try #require(Double(row.output.1))
        let stages = [row.output.2, row.output.3, row.output.4].compactMap { Double($0) }
        #expect(stages.count == 3 && total > 0 && stages.reduce(0, +) <= total + 0.01)
        #expect(result.stdout.contains("  park                           starter  "))
        #expect(result.stdout.contains("In all: "))

        let again = try kata.run(["verify", "--timings", "park"])
        #expect(again.stdout.contains("cached"), "a second verify answers from the verdict cache")
    }
}
