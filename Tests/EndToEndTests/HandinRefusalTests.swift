import Foundation
import KataTestSupport
import Testing

/// `kata room grade` over a class in which some hand-ins are broken or hostile: each bad file is refused by its
/// name, the others are graded, and nothing a learner wrote reaches the instructor's terminal or files raw.
@Suite("Hand-ins one learner can break")
struct HandinRefusalTests {
    /// A learner's return value that would colour the terminal and end a C string, in the detail of a failure.
    static let hostileAnswer = #"func greet(_ team: String) -> String { "\u{1b}[32mHello\u{0}\u{1}" }"# + "\n"

    @Test("bad hand-ins are refused by name, the rest graded, and every output is escaped")
    func aClassWithBrokenHandins() throws {
        let kata = try KataRunner(fixture: "loop")
        try kata.write("exercises/basics/greet-team.swift", Self.hostileAnswer)
        try kata.write("exercises/basics/add-numbers.swift", "func add(_ a: Int, _ b: Int) -> Int { a + b }\n")
        let written = try kata.run(["handin", "--name", "Ada", "-o", "ada.kata"])
        #expect(written.status == 0, "\(written.stderr)")
        let good = try kata.read("ada.kata")

        // Xavier: the same files under a name of control characters, and a chapter path that clears the screen.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(good.utf8)) as? [String: Any])
        object["learner"] = "Xavier\u{1}\u{8}\u{1B}]52;c;aGk=\u{7}"
        var chapters = try #require(object["chapters"] as? [String: String])
        chapters["chapters/\u{1B}[2J.md"] = "0"
        object["chapters"] = chapters
        try JSONSerialization.data(withJSONObject: object).write(to: kata.file("xavier.kata"))
        // Mallory: a second "learner" key; Foundation reads one, jq and Python the other.
        try kata.write("mallory.kata", "{\"learner\": \"Mallory\"," + good.drop { $0 != "\n" })
        // A name of 2 MB, and a file of 30 MB.
        object["learner"] = String(repeating: "B", count: 2 << 20)
        try JSONSerialization.data(withJSONObject: object).write(to: kata.file("padded.kata"))
        FileManager.default.createFile(atPath: kata.file("huge.kata").path, contents: nil)
        let handle = try FileHandle(forWritingTo: kata.file("huge.kata"))
        try handle.truncate(atOffset: 30 << 20)
        try handle.close()

        let grade = try kata.run([
            "room", "grade", "huge.kata", "ada.kata", "mallory.kata", "xavier.kata", "padded.kata", "-o", "grades",
        ])
        #expect(grade.status == 0, "\(grade.stderr)")
        let out = grade.stdout
        #expect(!out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(out.debugDescription)")
        #expect(out.contains("Ada                                    1/2"), "\(out)")
        #expect(out.contains("Xavier\\u{1}\\u{8}\\u{1B}]52;c;aGk=\\u{7}  1/2"), "\(out)")
        #expect(out.contains("chapters differ from yours: chapters/\\u{1B}[2J.md"))
        #expect(
            out.contains(
                "skipped huge.kata: <workbook>/huge.kata was not graded: it is 31457280 bytes, and kata reads hand-ins of up to "
                    + "16777216 bytes"), "\(out)")
        #expect(
            out.contains(
                "skipped mallory.kata: <workbook>/mallory.kata is not a kata hand-in (it has the key \"learner\" twice")
        )
        #expect(
            out.contains(
                "skipped padded.kata: <workbook>/padded.kata was not graded: learner: give a name of 1 to 80 characters"
            ))
        #expect(out.contains("Wrote grades.csv and grades.xml (2 hand-ins, 2 exercises)."))

        let xml = try ParsedXML(try kata.read("grades.xml"))
        let suites = xml.elements.filter { $0.name == "testsuite" }.compactMap { $0.attributes["name"] }
        #expect(suites == ["Ada", "Xavier\\u{1}\\u{8}\\u{1B}]52;c;aGk=\\u{7}"])
        let failures = xml.elements.filter { $0.name == "failure" }.compactMap { $0.attributes["message"] }
        #expect(failures.count == 2)
        #expect(failures.allSatisfy { $0.contains("\\u{1B}[32mHello") }, "\(failures)")

        let rows = try CSVTable.rows(try kata.read("grades.csv"))
        #expect(rows.count == 5)
        for cell in rows.joined() {
            #expect(CSVTable.danger(in: cell) == nil, "\(cell.debugDescription)")
        }
        let greet = try #require(rows.first { $0[0] == "Ada" && $0[2] == "greet-team" })
        #expect(greet[3] == "failed")
        #expect(greet[8].contains("\\u{1B}[32mHello"), "\(greet)")
    }

    @Test("a hand-in that stalls the compiler ends at the compile limit: an error for that learner, the rest graded")
    func stallingHandin() throws {
        let kata = try KataRunner(fixture: "loop")
        defer { CompilerLimitsTests.endCompilers(in: kata) }
        let add = "func add(_ a: Int, _ b: Int) -> Int { a + b }\n"
        try kata.write("exercises/basics/add-numbers.swift", add + CompilerLimitsTests.nestedTuples)
        #expect(try kata.run(["handin", "--name", "Stella", "-o", "stella.kata"]).status == 0)
        try kata.write("exercises/basics/add-numbers.swift", add)
        try kata.write("exercises/basics/greet-team.swift", Self.hostileAnswer)
        #expect(try kata.run(["handin", "--name", "Ada", "-o", "ada.kata"]).status == 0)

        let grade = try kata.run(
            ["room", "grade", "stella.kata", "ada.kata", "-o", "grades"], environment: ["KATA_COMPILE_SECONDS": "10"],
            timeout: 300)
        #expect(!grade.timedOut, "kata room grade ended by itself")
        #expect(grade.status == 0, "\(grade.stderr)")
        #expect(grade.stdout.contains("Stella   0/2"), "\(grade.stdout)")
        #expect(grade.stdout.contains("Ada      1/2"), "\(grade.stdout)")
        #expect(grade.stdout.contains("Wrote grades.csv and grades.xml (2 hand-ins, 2 exercises)."))
        let rows = try CSVTable.rows(try kata.read("grades.csv"))
        let stalled = try #require(rows.first { $0[0] == "Stella" && $0[2] == "add-numbers" }, "\(rows)")
        #expect(stalled[3] == "error", "\(stalled)")
        #expect(
            stalled[8].contains(
                "the compiler was still working on exercises/basics/add-numbers.swift after 10 s, so kata stopped it"),
            "\(stalled)")
        let added = try #require(rows.first { $0[0] == "Ada" && $0[2] == "add-numbers" })
        #expect(added[3] == "passed", "\(added)")
        let greeted = try #require(rows.first { $0[0] == "Ada" && $0[2] == "greet-team" })
        #expect(greeted[3] == "failed", "\(greeted)")
        #expect(CompilerLimitsTests.compilers(in: kata).isEmpty, "the stopped compiler is gone")
    }
}
