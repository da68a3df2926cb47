import Foundation
import KataBasics
import KataTestSupport
import Testing

/// `kata handin` on a learner's copy and `kata room grade` on the instructor's: the grade comes from re-running
/// the handed-in files, never from the learner's recorded progress.
@Suite struct HandinTests {
    @Test func handInsAreRegradedAgainstTheInstructorsWorkbook() throws {
        let room = try RoomHarness()
        let ada = try room.learner("Ada")
        try ada.run(["next", "add"])
        try ada.write("exercises/checks/add.swift", try ada.read("solutions/checks/add.swift"))
        #expect(try ada.run(["check", "add"]).status == 0)
        try ada.run(["next", "counter-spec"])
        try ada.write("exercises/checks/counter-spec.swift", try ada.read("solutions/checks/counter-spec.swift"))
        let handin = try ada.run(["handin", "--name", "Ada Lovelace"])
        #expect(handin.status == 0, "\(handin.stderr)")
        #expect(handin.stdout.contains("Wrote handin-ada-lovelace.kata: 2 exercise files, your progress (1 solved)"))

        // Bob claims a pass his file does not earn, and worked from an edited chapter.
        let bob = try room.learner("Bob")
        try bob.run(["next", "add"])
        try bob.write("exercises/checks/add.swift", try bob.read("solutions/checks/add.swift"))
        #expect(try bob.run(["check", "add"]).status == 0)
        try bob.write("exercises/checks/add.swift", "func add(_ a: Int, _ b: Int) -> Int { a - b }\n")
        let chapter = try bob.read("chapters/01-checks.md")
        try bob.write("chapters/01-checks.md", chapter + "\nA note of my own.\n")
        #expect(try bob.run(["handin", "--name", "Bob", "-o", "bob.kata"]).status == 0)

        let handins = room.folder.appendingPathComponent("handins")
        try FileManager.default.createDirectory(at: handins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ada.root.appendingPathComponent("handin-ada-lovelace.kata"),
            to: handins.appendingPathComponent("ada.kata"))
        try FileManager.default.copyItem(
            at: bob.root.appendingPathComponent("bob.kata"), to: handins.appendingPathComponent("bob.kata"))
        try Data("not a hand-in".utf8).write(to: handins.appendingPathComponent("notes.kata"))

        let instructor = LearnerCopy(root: room.instructor)
        let grade = try instructor.run([
            "room", "grade", "../handins/ada.kata", "../handins/bob.kata", "../handins/notes.kata", "-o", "../grades",
        ])
        #expect(grade.status == 0, "\(grade.stderr)")
        #expect(grade.stdout.contains("Ada Lovelace  2/2"))
        #expect(grade.stdout.contains("Bob           0/2"))
        #expect(grade.stdout.contains("chapters differ from yours: chapters/01-checks.md"))
        #expect(grade.stdout.contains("recorded as solved but not passing now: add"))
        #expect(grade.stdout.contains("skipped ../handins/notes.kata") && grade.stdout.contains("it is not JSON"))
        let csv = try String(contentsOf: room.folder.appendingPathComponent("grades.csv"), encoding: .utf8)
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first == "learner,file,exercise,grade,caught,mutants,recorded,chapters_differ,detail")
        #expect(lines.contains("Ada Lovelace,../handins/ada.kata,add,passed,,,solved,,"))
        #expect(lines.contains("Ada Lovelace,../handins/ada.kata,counter-spec,passed,2,2,not started,,"))
        #expect(lines.contains { $0.hasPrefix("Bob,../handins/bob.kata,add,failed,,,solved,chapters/01-checks.md,") })
        #expect(lines.contains("Bob,../handins/bob.kata,counter-spec,missing,,,not started,chapters/01-checks.md,"))
        let junit = try String(contentsOf: room.folder.appendingPathComponent("grades.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuite name=\"Bob\" tests=\"2\" failures=\"2\" errors=\"0\">"))
        #expect(junit.contains("<testcase classname=\"Ada Lovelace\" name=\"add\"/>"))
    }

    @Test func aForgedHandinCannotClaimAPass() throws {
        let room = try RoomHarness()
        let eve = try room.learner("Eve")
        try eve.run(["next", "add"])
        #expect(try eve.run(["handin", "--name", "Eve", "-o", "eve.kata"]).status == 0)
        // Eve edits the hand-in to say she solved everything; the starter file inside still fails.
        let url = eve.root.appendingPathComponent("eve.kata")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        object["progress"] = [
            "version": 1,
            "exercises": ["add": ["attempts": 1, "hintsShown": 0, "checks": [], "solved": "2026-11-23T09:00:00Z"]],
        ]
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        let grade = try LearnerCopy(root: room.instructor).run(["room", "grade", url.path, "-o", "../grades"])
        #expect(grade.status == 0, "\(grade.stderr)")
        #expect(grade.stdout.contains("Eve      0/1"))
        #expect(grade.stdout.contains("recorded as solved but not passing now: add"))
    }

    /// The template needs kata's sources (the workflow builds kata from them): a workbook that is not a checkout of
    /// kata is refused with what to do. (Tests/KataToolsTests/Classroom tests the template; Tests/Room/classroom_test.py
    /// pushes one and runs its workflow.)
    @Test func aGitHubClassroomTemplateIsMadeFromACheckoutOfKata() throws {
        let room = try RoomHarness()
        let instructor = LearnerCopy(root: room.instructor)
        let result = try instructor.run(["room", "github", "../assignment", "--points", "2"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a checkout of kata (it has no Package.swift and Sources/kata)"))
        #expect(!FileManager.default.fileExists(atPath: room.folder.appendingPathComponent("assignment").path))
        let wrong = try instructor.run(["room", "github", "../assignment", "--per", "lesson"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("--per must be exercise or chapter"))
        let noFolder = try instructor.run(["room", "github"])
        #expect(noFolder.status == 2)
        #expect(noFolder.stderr.contains("Missing expected argument '<folder>'"))
    }

    /// `make room` builds kata-room in this package's own `.build` (Room/), not beside kata: `kata room` finds it
    /// there from the checkout the kata binary was built in (the tests run the kata of the root package).
    @Test func kataFindsTheRoomServerThatMakeRoomBuilt() throws {
        let room = try RoomHarness()
        let result = try LearnerCopy(root: room.instructor).run(
            ["room", "export", "--format", "xml"], environment: ["KATA_ROOM_BIN": ""])
        #expect(!result.stderr.contains("not built yet"), "\(result.stderr)")
        #expect(result.stderr.contains("--format must be csv or json"), "\(result.stderr)")
        #expect(result.status != 0)
    }

    @Test func theRoomServerSaysHowToBuildItWhenItIsMissing() throws {
        let room = try RoomHarness()
        let result = try LearnerCopy(root: room.instructor).run(
            ["room", "serve"], environment: ["KATA_ROOM_BIN": "/nonexistent/kata-room"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "kata: error: KATA_ROOM_BIN names /nonexistent/kata-room, which is not a program that can be run."),
            "\(result.stderr)")
        #expect(result.stderr.contains("The room server (kata-room) is not built yet. Build it once with:"))
        #expect(result.stderr.contains("make room"))
    }
}
