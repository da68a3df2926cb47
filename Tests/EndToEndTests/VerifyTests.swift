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

extension VerifyTests {
    @Test("a place the chapter quotes from kata's output must point at its code; a stale one is an error at the quote")
    func quotedPlaces() throws {
        let kata = try KataRunner(fixture: "grading")
        let chapter = try kata.read("chapters/01-grading.md")
        let quote = { (place: String) in
            chapter + "\n## What a failure looks like\n\n```text\n\(place): expected to be an instance of Truck\n```\n"
        }
        try kata.write("chapters/01-grading.md", quote("chapters/01-grading.md:19:41"))
        let sound = try kata.run(["verify", "01-grading"])
        #expect(sound.status == 0, "\(sound.stdout)")

        // The lines moved (or the quote was made up): line 3 is prose.
        try kata.write("chapters/01-grading.md", quote("chapters/01-grading.md:3:1"))
        let stale = try kata.run(["verify", "grading"])
        #expect(stale.status == 1)
        let line = chapter.split(separator: "\n", omittingEmptySubsequences: false).count + 4
        #expect(
            stale.stdout.contains(
                "chapters/01-grading.md:\(line):1: error: this block quotes chapters/01-grading.md:3:1, but line 3 of "
                    + "chapters/01-grading.md is not in a `swift` block"), "\(stale.stdout)")
    }

    @Test("verify names a chapter by slug or file name; a name that is neither is a usage error")
    func names() throws {
        let kata = try KataRunner(fixture: "grading")
        let unknown = try kata.run(["verify", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("'nope' is neither an exercise id nor a chapter of this workbook;"))
        let typo = try kata.run(["verify", "prak"])
        #expect(typo.status == 2)
        #expect(
            typo.stderr.contains(
                "'prak' is neither an exercise id nor a chapter of this workbook (did you mean 'park'?)"),
            "a mistyped id gets the closest one: \(typo.stderr)")
        #expect(try kata.run(["verify", "01-grading"]).status == 0)
        // A verify of a part vouches for that part only.
        let part = try kata.run(["verify", "park"])
        #expect(part.stdout.contains("verify: park is sound (1 of the workbook's 3 exercises)"), "\(part.stdout)")
    }

    /// Errors the type checker does not find, which `-typecheck` alone would let through: a missing `return`, and in
    /// Swift 6 language mode a data race (a closure sent to two tasks while it holds a class instance).
    @Test("an example block is checked as far as the compiler's diagnostics go, in the language mode it names")
    func exampleBlocks() throws {
        let kata = try KataRunner(fixture: "frameworks")
        let racy = """
            import Testing

            final class Tally {
                var count = 0
            }

            @Test func countsTwice() async {
                let tally = Tally()
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { tally.count += 1 }
                    group.addTask { tally.count += 1 }
                }
                #expect(tally.count == 2)
            }
            """
        let chapter = """
            # Examples

            ```swift
            func sign(_ x: Int) -> Int {
                if x > 0 { return 1 }
            }
            ```

            ```swift engine=swift-testing
            \(racy)
            ```

            ```swift engine=swift-testing language-mode=6
            \(racy)
            ```

            ```swift engine=swift-testing language-mode=6
            import Testing

            actor Counter {
                private(set) var value = 0
                func increment() { value += 1 }
            }

            @Test func counts() async {
                let counter = Counter()
                await counter.increment()
                #expect(await counter.value == 1)
            }
            ```

            """
        try kata.write("chapters/02-examples.md", chapter)
        let lines = chapter.split(separator: "\n", omittingEmptySubsequences: false)
        let racyLines = lines.indices.filter { lines[$0].contains("group.addTask") }.map { $0 + 1 }
        let result = try kata.run(["verify", "02-examples"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "chapters/02-examples.md:6:1: error: this example block does not compile: missing return in global "
                    + "function expected to return 'Int'"), "\(result.stdout)")
        // In Swift 5 mode a data race is a warning (and examples show none); in Swift 6 mode an error, at its line.
        #expect(!result.stdout.contains("02-examples.md:\(racyLines[0]):"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "chapters/02-examples.md:\(racyLines[2]):15: error: this example block does not compile: passing closure "
                    + "as a 'sending' parameter risks causing data races"), "\(result.stdout)")
        #expect(!result.stdout.contains("swift-generated-sources"), "no error of a macro's expansion: \(result.stdout)")
        #expect(result.stdout.contains("verify: 3 problems found"), "the actor's example is sound: \(result.stdout)")
    }
}
