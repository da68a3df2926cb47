import Foundation
import Testing

/// One rule for links, through the real binary: no command reads, copies, writes or follows a symbolic link in
/// `exercises/` (the learner's file, or a folder above it), wherever it leads; each says what to do, and what it
/// says to do (`kata reset`) works.
@Suite("Links in exercises/, end to end")
struct LinkTests {
    /// Where the link is: the learner's file itself, or the chapter's folder above it.
    enum Place: String, CaseIterable, CustomTestStringConvertible {
        case file, folder
        var testDescription: String { rawValue }
    }

    /// A workbook copy whose `exercises/hardening/basket.swift` is reached through a link at `place`, to a folder
    /// outside the workbook whose `basket.swift` is a correct solution (so a command that followed the link would
    /// read, pack or pass it).
    struct Linked {
        let kata: KataRunner
        let outside: URL
        let secret: String

        init(_ place: Place) throws {
            kata = try KataRunner(fixture: "hardening")
            outside = FileManager.default.temporaryDirectory.appendingPathComponent("kata-outside-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            secret = try kata.read("solutions/hardening/basket.swift") + "// outside the workbook\n"
            try Data(secret.utf8).write(to: outside.appendingPathComponent("basket.swift"))
            switch place {
            case .file:
                try FileManager.default.createDirectory(
                    at: kata.file("exercises/hardening"), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    at: kata.file("exercises/hardening/basket.swift"),
                    withDestinationURL: outside.appendingPathComponent("basket.swift"))
            case .folder:
                try FileManager.default.createDirectory(at: kata.file("exercises"), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    at: kata.file("exercises/hardening"), withDestinationURL: outside)
            }
        }

        /// What the refusal names: the file, or the folder link above it.
        func says(_ place: Place) -> String {
            switch place {
            case .file:
                "exercises/hardening/basket.swift is a symbolic link, and kata never follows a link in exercises/"
            case .folder:
                "exercises/hardening/basket.swift is inside exercises/hardening, a symbolic link, and kata never follows"
            }
        }

        /// Whether the outside folder still holds exactly its one file, unchanged.
        var outsideUntouched: Bool {
            (try? FileManager.default.contentsOfDirectory(atPath: outside.path)) == ["basket.swift"]
                && (try? String(contentsOf: outside.appendingPathComponent("basket.swift"), encoding: .utf8)) == secret
        }

        /// Whether the progress file records basket as solved.
        var solved: Bool {
            ((try? kata.read(".kata/progress.json")) ?? "").contains("\"solved\"")
        }
    }

    @Test(
        "kata check and kata check --all refuse it, say to run kata reset, and pass nothing", arguments: Place.allCases)
    func check(place: Place) throws {
        let linked = try Linked(place)
        let check = try linked.kata.run(["check", "basket"])
        #expect(check.status == 2)
        #expect(check.stderr.contains(linked.says(place)), "\(check.stderr)")
        #expect(check.stderr.contains("Run kata reset basket to replace the link"), "\(check.stderr)")
        let all = try linked.kata.run(["check", "--all"])
        #expect(all.stderr.contains(linked.says(place)), "\(all.stderr)")
        #expect(!all.stdout.contains("passed"), "\(all.stdout)")
        #expect(!linked.solved)
        #expect(linked.outsideUntouched)
    }

    @Test("kata watch stops with the same words instead of watching through the link", arguments: Place.allCases)
    func watch(place: Place) throws {
        let linked = try Linked(place)
        let watch = try linked.kata.run(["watch", "basket"], timeout: 120)
        #expect(!watch.timedOut, "watch waited instead of refusing")
        #expect(watch.status == 2)
        #expect(watch.stderr.contains(linked.says(place)), "\(watch.stderr)")
        #expect(!linked.solved)
        #expect(linked.outsideUntouched)
    }

    @Test("kata handin leaves the file out and says why", arguments: Place.allCases)
    func handin(place: Place) throws {
        let linked = try Linked(place)
        let handin = try linked.kata.run(["handin", "--name", "Learner", "-o", "learner.kata"])
        #expect(handin.status == 0, "\(handin.stderr)")
        #expect(handin.stderr.contains("warning: left out of the hand-in: " + linked.says(place)), "\(handin.stderr)")
        #expect(handin.stdout.contains("0 exercise files"))
        let packed = try linked.kata.read("learner.kata")
        #expect(!packed.contains("outside the workbook"), "what the link points to is not packed")
        #expect(linked.outsideUntouched)
    }

    @Test(
        "kata reset removes the link itself, puts the starter back, and the check then runs", arguments: Place.allCases)
    func reset(place: Place) throws {
        let linked = try Linked(place)
        let kata = linked.kata
        let reset = try kata.run(["reset", "basket"])
        #expect(reset.status == 0, "\(reset.stderr)")
        let link = place == .file ? "exercises/hardening/basket.swift" : "exercises/hardening"
        #expect(
            reset.stdout
                == """
                \(link) was a symbolic link: kata removed the link itself, without reading what it points to, which is left as it is.
                exercises/hardening/basket.swift is back to its starter.

                """)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: kata.file(link).path)) == nil)
        let starter = "struct Basket {\n    var items: [Int]\n    var total: Int { 0 }\n}\n"
        #expect(try kata.read("exercises/hardening/basket.swift") == starter)
        #expect(
            !FileManager.default.fileExists(atPath: kata.file(".kata/backups").path),
            "nothing of the learner's to back up")
        #expect(linked.outsideUntouched)
        let check = try kata.run(["check", "basket"])
        #expect(check.status == 1, "the starter is checked: \(check.stderr)")
        #expect(check.stdout.contains("2 passed, 1 failed"), "\(check.stdout)")
    }

    @Test("kata next does not make the starter through a link", arguments: Place.allCases)
    func next(place: Place) throws {
        let linked = try Linked(place)
        try FileManager.default.removeItem(at: linked.outside.appendingPathComponent("basket.swift"))
        let next = try linked.kata.run(["next", "basket"])
        #expect(next.status == 1)
        #expect(next.stderr.contains("exercises/hardening/basket.swift"), "\(next.stderr)")
        #expect(next.stderr.contains("Run kata reset basket"), "\(next.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: linked.outside.path) == [])
    }

    @Test("kata prepare writes no editor file through a link in place of exercises/")
    func prepare() throws {
        let kata = try KataRunner(fixture: "hardening")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("kata-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: kata.file("exercises"), withDestinationURL: outside)
        let prepare = try kata.run(["prepare"])
        #expect(prepare.status == 0, "\(prepare.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [])
        #expect(FileManager.default.fileExists(atPath: kata.file(".kata/editor/compile_commands.json").path))
    }

    @Test("kata room grade reads a hand-in only as the file itself, never through a link")
    func gradeLinkedHandin() throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write("exercises/hardening/basket.swift", try kata.read("solutions/hardening/basket.swift"))
        #expect(try kata.run(["handin", "--name", "Learner", "-o", "learner.kata"]).status == 0)
        try FileManager.default.createSymbolicLink(
            at: kata.file("linked.kata"), withDestinationURL: kata.file("learner.kata"))
        let grade = try kata.run(["room", "grade", "linked.kata", "-o", "grades"])
        #expect(grade.status == 1, "\(grade.stdout)\(grade.stderr)")
        #expect(
            (grade.stdout + grade.stderr).contains(
                "linked.kata is not a kata hand-in (it is a symbolic link, and kata reads a hand-in only as the file itself"
            ),
            "\(grade.stdout)\(grade.stderr)")
        #expect(!((try? kata.read("grades.csv")) ?? "").contains("Learner"))
    }
}
