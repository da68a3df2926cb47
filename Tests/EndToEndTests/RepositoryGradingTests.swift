import Foundation
import KataTestSupport
import Testing

/// `kata room grade` over learners' git repositories, as an instructor clones them from GitHub Classroom: what each
/// learner committed in `exercises/` is graded against the instructor's chapters, and nothing else of the repository
/// counts (not what is uncommitted, not a chapter, `Package.swift` or progress the learner changed, not a link).
@Suite("Re-grading learners' repositories")
struct RepositoryGradingTests {
    /// The starters of the `loop` fixture's exercises, as `kata room github` puts them in the assignment.
    static let starters = [
        "exercises/basics/add-numbers.swift": "func add(_ a: Int, _ b: Int) -> Int { 0 }\n",
        "exercises/basics/greet-team.swift": "func greet(_ team: String) -> String { \"\" }\n",
        "exercises/more/add-up-spec.swift":
            "final class CounterSpec: QuickSpec {\n    override class func spec() {}\n}\n",
    ]

    /// The assignment every learner's repository is cloned from: the instructor's chapters, kata's files (here a
    /// stand-in `Package.swift`) and every starter, in one commit.
    static func assignment(_ kata: KataRunner) throws -> GitRepository {
        let template = try GitRepository.initialize(at: kata.file("assignment"))
        for chapter in ["chapters/01-basics.md", "chapters/02-more.md"] {
            try template.write(chapter, try kata.read(chapter))
        }
        try template.write("Package.swift", "// kata's package\n")
        for (path, text) in starters { try template.write(path, text) }
        try template.commitAll("The assignment")
        return template
    }

    @Test("a folder of clones and a hand-in in one run: each learner's commit is graded, and only that")
    func classFolder() throws {
        let kata = try KataRunner(fixture: "loop")
        let solution = { (path: String) throws -> String in try kata.read("solutions/\(path).swift") }
        let template = try Self.assignment(kata)
        let repositories = kata.file("student-repos")

        // Ada commits a solved add-numbers; she leaves greet-team as the starter but commits a chapter whose spec the
        // starter passes, progress that claims every exercise, and another Package.swift; she takes add-up-spec out
        // of the commit. Then she solves greet-team and add-up-spec without committing either.
        let ada = try GitRepository.clone(template, to: repositories.appendingPathComponent("ada"))
        try ada.write("exercises/basics/add-numbers.swift", solution("basics/add-numbers"))
        let easier = try kata.read("chapters/01-basics.md")
            .replacingOccurrences(of: "equal(\"Go, Hawks!\")", with: "equal(\"\")")
        try ada.write("chapters/01-basics.md", easier)
        try ada.write(".kata/progress.json", #"{"exercises": {"greet-team": {"state": "solved"}}}"# + "\n")
        try ada.write("Package.swift", "#error(\"not kata's package\")\n")
        try ada.git(["rm", "-q", "exercises/more/add-up-spec.swift"])
        try ada.commitAll("Add numbers")
        try ada.write("exercises/basics/greet-team.swift", solution("basics/greet-team"))
        try ada.write("exercises/more/add-up-spec.swift", solution("more/add-up-spec"))

        // Bob commits add-numbers as a link to a solution elsewhere in his repository, and exercises/more as a link
        // to a folder holding a solved add-up-spec; greet-team he solves and commits.
        let bob = try GitRepository.clone(template, to: repositories.appendingPathComponent("bob"))
        try bob.write("notes/add.swift", solution("basics/add-numbers"))
        try bob.link("exercises/basics/add-numbers.swift", to: "../../notes/add.swift")
        try bob.write("elsewhere/add-up-spec.swift", solution("more/add-up-spec"))
        try bob.link("exercises/more", to: "../elsewhere")
        try bob.write("exercises/basics/greet-team.swift", solution("basics/greet-team"))
        try bob.commitAll("Links")

        // Cyd's repository has solved files and no commit.
        let cyd = try GitRepository.initialize(at: repositories.appendingPathComponent("cyd"))
        try cyd.write("exercises/basics/add-numbers.swift", solution("basics/add-numbers"))

        // Dee's is a shallow clone on a detached HEAD, of a repository where she solved the two basics in two
        // commits; she has deleted a file since, without committing that.
        let upstream = try GitRepository.clone(template, to: kata.file("dee-upstream"))
        try upstream.write("exercises/basics/add-numbers.swift", solution("basics/add-numbers"))
        try upstream.commitAll("Add numbers")
        try upstream.write("exercises/basics/greet-team.swift", solution("basics/greet-team"))
        try upstream.commitAll("Greet the team")
        let dee = try GitRepository.clone(upstream, to: repositories.appendingPathComponent("dee"), depth: .shallow)
        try dee.git(["checkout", "-q", "--detach"])
        #expect(try dee.git(["rev-parse", "--is-shallow-repository"]) == "true\n")
        try FileManager.default.removeItem(at: dee.folder.appendingPathComponent("exercises/basics/add-numbers.swift"))

        // Eve's folder name would colour the terminal; she commits greet-team as a submodule, a solved add-numbers
        // padded past 1 MiB, and an add-up-spec that is not UTF-8.
        let eve = try GitRepository.clone(template, to: repositories.appendingPathComponent("eve\u{1B}[31m"))
        try eve.write(
            "exercises/basics/add-numbers.swift",
            String(repeating: "// padding\n", count: 100_000) + solution("basics/add-numbers"))
        try eve.write("exercises/more/add-up-spec.swift", bytes: Data("final class ".utf8) + Data([0xFF, 0x0A]))
        try eve.git(["add", "-A"])
        try eve.git(["rm", "-q", "--cached", "exercises/basics/greet-team.swift"])
        let commit = try template.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try eve.git(["update-index", "--add", "--cacheinfo", "160000,\(commit),exercises/basics/greet-team.swift"])
        try eve.git(["commit", "-q", "-m", "Odd files"])

        // A folder of the class folder that is no repository.
        try FileManager.default.createDirectory(
            at: repositories.appendingPathComponent("notes"), withIntermediateDirectories: true)

        // Fay hands in a file: greet-team solved.
        try kata.write("exercises/basics/greet-team.swift", solution("basics/greet-team"))
        let handin = try kata.run(["handin", "--name", "Fay", "-o", "fay.kata"])
        #expect(handin.status == 0, "\(handin.stderr)")

        let grade = try kata.run(["room", "grade", "fay.kata", "student-repos", "-o", "grades"])
        #expect(grade.status == 0, "\(grade.stderr)")
        try assertSnapshot(grade.stdout, named: "grade-repositories")
        try assertSnapshot(try kata.read("grades.csv"), named: "grade-repositories-csv")

        // What each snapshot line stands for, said once more where a reader looks first.
        let rows = try CSVTable.rows(try kata.read("grades.csv"))
        func cell(_ learner: String, _ exercise: String) -> String? {
            rows.first { $0[0] == learner && $0[2] == exercise }?[3]
        }
        #expect(cell("ada", "add-numbers") == "passed")
        #expect(cell("ada", "greet-team") == "failed", "her chapter's easier spec does not count, nor her edit")
        #expect(cell("ada", "add-up-spec") == "missing", "an untracked file does not count")
        #expect(cell("bob", "add-numbers") == "refused")
        #expect(cell("bob", "add-up-spec") == "refused")
        #expect(cell("bob", "greet-team") == "passed")
        #expect(cell("dee", "add-numbers") == "passed", "a deletion not committed does not count")
        #expect(cell("dee", "greet-team") == "passed")
        #expect(cell("eve\\u{1B}[31m", "greet-team") == "refused")
        #expect(cell("Fay", "greet-team") == "passed")
        #expect(rows.contains { $0[0] == "ada" && $0[6] == "" && $0[7] == "chapters/01-basics.md" })
        #expect(!rows.contains { $0[0] == "cyd" })
        for cell in rows.joined() { #expect(CSVTable.danger(in: cell) == nil, "\(cell.debugDescription)") }
        let xml = try ParsedXML(try kata.read("grades.xml"))
        #expect(
            xml.elements.filter { $0.name == "testsuite" }.compactMap { $0.attributes["name"] } == [
                "Fay", "ada", "bob", "dee", "eve\\u{1B}[31m",
            ])
        // The instructor's chapters are their own still.
        let fixture = KataRunner.sourceFolder.appendingPathComponent("Fixtures/loop/chapters/01-basics.md")
        #expect(try kata.read("chapters/01-basics.md") == String(contentsOf: fixture, encoding: .utf8))
    }

    @Test(
        "a repository named by itself is graded; a worktree, a link, an empty folder or a partial clone is skipped")
    func namedRepositories() throws {
        let kata = try KataRunner(fixture: "loop")
        let template = try Self.assignment(kata)
        let solo = try GitRepository.clone(template, to: kata.file("solo"))
        try solo.write("exercises/basics/add-numbers.swift", try kata.read("solutions/basics/add-numbers.swift"))
        try solo.commitAll("Add numbers")
        try solo.git(["worktree", "add", "-q", "--detach", kata.file("solo-worktree").path])
        // A partial clone whose files are still on the remote: grading fetches nothing, and skips it.
        try solo.git(["config", "uploadpack.allowFilter", "true"])
        let partial = try GitRepository.clone(solo, to: kata.file("partial"), depth: .withoutFiles)
        try FileManager.default.createSymbolicLink(atPath: kata.file("linked").path, withDestinationPath: "solo")
        try FileManager.default.createDirectory(at: kata.file("empty"), withIntermediateDirectories: true)

        let grade = try kata.run([
            "room", "grade", "solo", "solo-worktree", "linked", "empty", "partial", "-o", "grades",
        ])
        #expect(grade.status == 0, "\(grade.stderr)")
        try assertSnapshot(grade.stdout, named: "grade-named-repositories")
        let rows = try CSVTable.rows(try kata.read("grades.csv"))
        #expect(
            rows.dropFirst().map { "\($0[0]) \($0[1]) \($0[2]) \($0[3])" } == [
                "solo solo add-numbers passed", "solo solo greet-team failed", "solo solo add-up-spec error",
            ])
        let objects = try partial.git(["cat-file", "--batch-check=%(objecttype)", "--batch-all-objects"])
        #expect(!objects.contains("blob"), "no file was fetched into the partial clone")

        // Only folders that are no repository: nothing is graded, and the command says so by failing.
        let none = try kata.run(["room", "grade", "empty", "-o", "grades"])
        #expect(none.status == 1)
        #expect(none.stdout.contains("skipped empty: <workbook>/empty is neither a hand-in"), "\(none.stdout)")
    }

    @Test(
        "a repository's exercises on the real Swift Testing and XCTest are re-graded on them, screening and mutants too"
    )
    func frameworks() throws {
        let kata = try KataRunner(fixture: "frameworks")
        let template = try GitRepository.initialize(at: kata.file("assignment"))
        try template.write("chapters/01-frameworks.md", try kata.read("chapters/01-frameworks.md"))
        try template.write("Package.swift", "// kata's package\n")
        try template.commitAll("The assignment")

        // Gus solves the Swift Testing exercises, gets XCTest's greeting wrong, and makes every Badge equal to every
        // other instead of earning one.
        let gus = try GitRepository.clone(template, to: kata.file("repos/gus"))
        for id in ["price", "counter-tests"] {
            try gus.write("exercises/frameworks/\(id).swift", try kata.read("solutions/frameworks/\(id).swift"))
        }
        try gus.write(
            "exercises/frameworks/greeting.swift", "func greeting(for name: String) -> String {\n    \"Hi\"\n}\n")
        try gus.write(
            "exercises/frameworks/badge.swift",
            "func badge(points: Int) -> Badge { Badge(title: \"\") }\n"
                + "func == (a: Badge, b: Badge) -> Bool { true }\n")
        try gus.commitAll("Tests")

        let grade = try kata.run(["room", "grade", "repos", "-o", "grades"])
        #expect(grade.status == 0, "\(grade.stdout)\(grade.stderr)")
        let rows = try CSVTable.rows(try kata.read("grades.csv"))
        func row(_ exercise: String) -> [String] {
            rows.first { $0[0] == "gus" && $0[2] == exercise } ?? []
        }
        #expect(row("price").dropFirst(3).first == "passed", "\(row("price"))")
        #expect(
            Array(row("counter-tests").dropFirst(3).prefix(3)) == ["passed", "2", "2"],
            "the mutants ran against Gus's Swift Testing tests: \(row("counter-tests"))")
        #expect(row("greeting").dropFirst(3).first == "failed", "\(row("greeting"))")
        #expect(
            row("greeting").last?.contains(#"XCTAssertEqual failed: ("Hi") is not equal to ("Hello, Ada!")"#) == true,
            "in XCTest's own words: \(row("greeting"))")
        #expect(row("badge").dropFirst(3).first == "compile-error", "not accepted, as a check says: \(row("badge"))")
        #expect(
            row("badge").last?.contains("your file defines `==` for `Badge`") == true, "refused: \(row("badge"))")
        #expect(grade.stdout.contains("gus      2/4"), "\(grade.stdout)")
    }
}
