import Foundation
import KataTestSupport
import Testing

@testable import KataBasics
@testable import KataTools
@testable import KataWorkbook

/// `kata room github <folder>`: the template repository of a GitHub Classroom assignment, from a checkout of kata.
/// (Tests/Room/classroom_test.py pushes one, clones it as a learner and runs its workflow.)
@Suite struct AssignmentTemplateTests {
    static let basics = """
        # Basics

        ## Adding numbers

        ```swift spec id=add-numbers
        final class AddSpec: QuickSpec {
            override class func spec() {
                it("adds two numbers") { expect(add(2, 3)).to(equal(5)) }
            }
        }
        ```

        ```swift starter id=add-numbers
        func add(_ a: Int, _ b: Int) -> Int { 0 }
        ```

        """

    static let more = """
        # More

        ## Greeting

        ```swift spec id=greet
        final class GreetSpec: QuickSpec {
            override class func spec() {
                it("greets") { expect(greet("Ada")).to(equal("Hello, Ada!")) }
            }
        }
        ```

        ```swift starter id=greet
        func greet(_ name: String) -> String { "" }
        ```

        """

    /// A checkout of kata with a two-chapter workbook, a teacher's own exercise file, and the teacher's side.
    func checkout() throws -> TestWorkbook {
        let checkout = try TestWorkbook([
            "chapters/01-basics.md": Self.basics, "chapters/02-more.md": Self.more,
            "solutions/basics/add-numbers.swift": "func add(_ a: Int, _ b: Int) -> Int { a + b }\n",
            "solutions/more/greet.swift": "func greet(_ name: String) -> String { \"Hello, \\(name)!\" }\n",
            "exercises/basics/add-numbers.swift": "func add(_ a: Int, _ b: Int) -> Int { a + b }  // mine\n",
            "Package.swift": "// swift-tools-version: 6.1\n", "Sources/kata/main.swift": "print(1)\n",
            "Sources/KataKit/Engine.swift": "let engine = 1\n", "kata": "#!/bin/sh\n",
            "scripts/setup.sh": "#!/bin/sh\n",
            ".gitignore": ".build/\n/exercises/\n.kata/\n", "README.md": "# kata\n",
            "Room/Package.swift": "", "bench/run.sh": "", "site/index.html": "", ".kata/progress.json": "{}",
            ".github/workflows/ci.yml": "",
        ])
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: checkout.root.appendingPathComponent("kata").path)
        return checkout
    }

    func files(in folder: URL) -> Set<String> {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var paths: Set<String> = []
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            paths.insert(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
        }
        return paths
    }

    func text(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    func sha256(_ url: URL) throws -> String {
        var hash = SHA256()
        hash.update(try Data(contentsOf: url))
        return hash.hexDigest()
    }

    @Test func theTemplateHoldsKataTheChaptersAndTheStartersButNoSolutions() throws {
        let checkout = try checkout()
        let workbook = try checkout.load()
        let target = checkout.root.deletingLastPathComponent().appendingPathComponent("assignment-\(UUID())")
        let summary = try AssignmentTemplate(workflow: ClassroomWorkflow(workbook: workbook, points: 2)).write(
            to: target)
        #expect(
            files(in: target) == [
                ".gitignore", "README.md", "Package.swift", "kata", "scripts/setup.sh", "Sources/kata/main.swift",
                "Sources/KataKit/Engine.swift", "chapters/01-basics.md", "chapters/02-more.md",
                "exercises/basics/add-numbers.swift", "exercises/more/greet.swift", ".github/workflows/classroom.yml",
                ".github/classroom/chapters.sha256", ".github/classroom/kata.sha256", ".github/classroom/grade.sh",
                ".github/classroom/check-kata.sh", "solutions/WITH-THE-INSTRUCTOR.md",
            ])
        #expect(
            (summary.exercises, summary.chapters, summary.kataFiles, summary.steps, summary.points) == (2, 2, 6, 2, 4))
        // The starter, not the teacher's own file; and the .gitignore keeps exercises/ in.
        let starter = try text(target, "exercises/basics/add-numbers.swift")
        #expect(starter == "func add(_ a: Int, _ b: Int) -> Int { 0 }\n")
        #expect(
            try text(target, ".gitignore")
                == ".build/\n.kata/\n# Not part of a learner's work: builds, kata's state, the paths kata writes for "
                + "editors.\n/exercises/compile_commands.json\n")
        #expect(
            try text(target, "README.md").hasPrefix(
                "> **This repository is an assignment.**"))
        // The chapters and kata's files are pinned by the SHA-256 of their bytes, in sha256sum's format.
        let chapters = try text(target, ".github/classroom/chapters.sha256")
        #expect(
            chapters == "\(try sha256(target.appendingPathComponent("chapters/01-basics.md")))  chapters/01-basics.md\n"
                + "\(try sha256(target.appendingPathComponent("chapters/02-more.md")))  chapters/02-more.md\n")
        let kata = try text(target, ".github/classroom/kata.sha256")
        #expect(
            kata.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" } == [
                "Package.swift", "kata", "scripts/setup.sh", "solutions/WITH-THE-INSTRUCTOR.md",
                "Sources/KataKit/Engine.swift", "Sources/kata/main.swift",
            ])
        // A learner's copy loads without the solutions: the note stands in for them.
        #expect(try WorkbookLoader(root: target, displayBase: target).load().exercises.count == 2)
        for script in ["kata", ".github/classroom/grade.sh", ".github/classroom/check-kata.sh"] {
            let mode =
                try FileManager.default.attributesOfItem(atPath: target.appendingPathComponent(script).path)[
                    .posixPermissions] as? Int
            #expect(mode == 0o755, "\(script)")
        }
        let yaml = try text(target, ".github/workflows/classroom.yml")
        #expect(yaml.contains("command: 'sh .github/classroom/grade.sh chapters/01-basics.md add-numbers'"))
        #expect(yaml.contains("max-score: 2"))
        #expect(yaml.contains("run: sh .github/classroom/check-kata.sh"))
        // A repository reports to a room with its own token when it has one, not with a code every learner can read.
        #expect(yaml.contains("KATA_ROOM_TOKEN: ${{ secrets.KATA_ROOM_TOKEN }}"))
        #expect(yaml.contains(#"then ./kata join "$KATA_ROOM_URL" --token "$KATA_ROOM_TOKEN"; else"#))
        #expect(yaml.contains("KATA-GREET_RESULTS: \"${{steps.kata-greet.outputs.result}}\""))
        #expect(yaml.contains("runners: kata-add-numbers,kata-greet"))
        // Kata's own files are checked before anything of the repository runs.
        let order = ["check-kata.sh", "scripts/setup.sh", "swift build", "grade.sh"].map {
            yaml.range(of: $0)?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! })
    }

    @Test func onlyTheNoteForLearnersLetsAWorkbookLoadWithoutItsSolutions() throws {
        let checkout = try checkout()
        try FileManager.default.removeItem(at: checkout.root.appendingPathComponent("solutions/more/greet.swift"))
        #expect(
            checkout.diagnostics() == [
                "chapters/02-more.md:13:1: error: exercise 'greet' has no reference solution; write "
                    + "solutions/more/greet.swift (kata verify checks that it passes)"
            ])
        try Data("The solutions are with the instructor.\n".utf8).write(
            to: checkout.root.appendingPathComponent(Workbook.solutionsElsewhere))
        #expect(checkout.diagnostics() == [])
    }

    @Test func oneStepPerChapterIsWorthItsExercises() throws {
        let workbook = try checkout().load()
        let tests = ClassroomWorkflow(workbook: workbook, granularity: .chapter, points: 3).tests
        #expect(tests.map(\.id) == ["kata-basics", "kata-more"])
        #expect(tests.map(\.points) == [3, 3])
        #expect(tests[0].command == "sh .github/classroom/grade.sh chapters/01-basics.md add-numbers")
    }

    @Test func aTemplateNeedsACheckoutOfKataAndANewFolderOutsideIt() throws {
        let checkout = try checkout()
        let workbook = try checkout.load()
        let template = AssignmentTemplate(workflow: ClassroomWorkflow(workbook: workbook))
        #expect(throws: ClassroomError.folderInsideWorkbook(path: checkout.root.appendingPathComponent("out").path)) {
            try template.write(to: checkout.root.appendingPathComponent("out"))
        }
        let full = checkout.root.deletingLastPathComponent().appendingPathComponent("full-\(UUID())")
        try FileManager.default.createDirectory(at: full, withIntermediateDirectories: true)
        try Data().write(to: full.appendingPathComponent("something"))
        #expect(throws: ClassroomError.folderNotEmpty(path: full.path)) { try template.write(to: full) }

        try FileManager.default.removeItem(at: checkout.root.appendingPathComponent("scripts/setup.sh"))
        let elsewhere = checkout.root.deletingLastPathComponent().appendingPathComponent("new-\(UUID())")
        #expect(throws: ClassroomError.missingFile(path: "scripts/setup.sh")) { try template.write(to: elsewhere) }
        try FileManager.default.removeItem(at: checkout.root.appendingPathComponent("Package.swift"))
        #expect(throws: ClassroomError.notKataCheckout(root: checkout.root.standardizedFileURL.path)) {
            try template.write(to: elsewhere)
        }
    }
}
