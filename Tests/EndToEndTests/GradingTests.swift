import Foundation
import Testing

/// What `kata check` reports on the `grading` fixture: the learner's own type names, mutants caught only by a
/// timeout, and the shape a specify exercise asks for.
@Suite("kata check grading, end to end")
struct GradingTests {
    @Test("failures print values with the learner's type names, never the module the program is compiled as")
    func typeNames() throws {
        let kata = try KataRunner(fixture: "grading")
        try kata.run(["next", "park"])
        let result = try kata.run(["check", "park"])
        #expect(result.status == 1)
        try assertSnapshot(result.transcript, named: "check-type-names")
        #expect(!result.stdout.contains("Exercise."), "no Exercise.Car, no Exercise.Garage")
        #expect(result.stdout.contains("got <Car instance>"))
    }

    @Test(
        "a mutant caught only by a timeout is called a weak catch, and runs under a shorter limit than the exercise's")
    func timeoutCatch() throws {
        let kata = try KataRunner(fixture: "grading")
        try kata.write(
            "exercises/grading/countdown-spec.swift", try kata.read("solutions/grading/countdown-spec.swift"))
        let result = try kata.run(["check", "countdown-spec"])
        #expect(result.status == 0, "a timeout still catches the mutant")
        let seconds = try #require(
            result.stdout.firstMatch(of: /"countdown\(from:\) gives nothing below 1" was stopped after ([0-9.]+) s/))
        let limit = try #require(Double(seconds.output.1))
        #expect(limit < 10, "the mutant's run stops well before the exercise's 10 s: \(limit) s")
        let stable = result.transcript.replacingOccurrences(of: "after \(seconds.output.1) s", with: "after <limit> s")
        try assertSnapshot(stable, named: "check-timeout-catch")
        #expect(result.stdout.contains("✓ caught   stops-at-two by \"countdown(from:) counts down to 1\""))

        let json = try kata.run(["check", "countdown-spec", "--format", "json", "--no-cache"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let mutants = try #require(object["mutants"] as? [[String: Any]])
        #expect((mutants.first { $0["name"] as? String == "hangs-below-one" }?["timed_out_after"] as? Double) != nil)
        #expect(mutants.first { $0["name"] as? String == "stops-at-two" }?["timed_out_after"] == nil)
    }

    @Test("a specify exercise that states a shape holds the learner's spec to it, with a clear message")
    func shape() throws {
        let kata = try KataRunner(fixture: "grading")
        let next = try kata.run(["next", "tally-spec"])
        #expect(
            next.stdout.contains(
                "Shape  your spec needs at least 4 examples (`it`); at least 2 contexts (groups inside your "
                    + "`describe`); at least 2 examples in each context"))
        try kata.write(
            "exercises/grading/tally-spec.swift",
            """
            final class TallySpec: QuickSpec {
                override class func spec() {
                    describe("Tally") {
                        it("works") {
                            var tally = Tally()
                            expect(tally.count).to(equal(0))
                            tally.add()
                            tally.add()
                            expect(tally.count).to(equal(2))
                        }
                    }
                }
            }

            """)
        let flat = try kata.run(["check", "tally-spec"])
        #expect(flat.status == 1, "every mutant is caught, but the spec is one example")
        try assertSnapshot(flat.transcript, named: "check-shape-fail")
        #expect(!(try kata.run(["list"]).stdout.contains("(solved")))

        try kata.write("exercises/grading/tally-spec.swift", try kata.read("solutions/grading/tally-spec.swift"))
        let grouped = try kata.run(["check", "tally-spec"])
        #expect(grouped.status == 0)
        #expect(grouped.stdout.contains("✓ at least 2 contexts (groups inside your `describe`): you have 2"))

        let junit = try kata.run(["check", "tally-spec", "--format", "junit"])
        #expect(junit.stdout.contains(#"<testcase classname="tally-spec.shape" name="has at least 4 examples (`it`)""#))
    }

    @Test("the fixture's reference solutions pass kata verify")
    func verify() throws {
        let kata = try KataRunner(fixture: "grading")
        let result = try kata.run(["verify"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}

extension GradingTests {
    @Test("in a specify exercise, a file that declares the code under test itself is refused: its specs would test it")
    func ownCopyOfTheSubject() throws {
        let kata = try KataRunner(fixture: "grading")
        try kata.write(
            "exercises/grading/tally-spec.swift",
            """
            struct Tally {
                private(set) var count = 0
                mutating func add() { count += 1 }
            }

            final class TallySpec: QuickSpec {
                override class func spec() {
                    it("starts at zero") { expect(Tally().count).to(equal(0)) }
                }
            }

            """)
        let result = try kata.run(["check", "tally-spec"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "exercises/grading/tally-spec.swift:1:8: error: your file declares `Tally`, which the code under test "
                    + "already declares"), "\(result.stdout)")
        #expect(result.stdout.contains("Not accepted"))
    }
}
