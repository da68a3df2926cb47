import Foundation
import KataBasics
import KataWorkbook

/// `kata room github <folder>`: a repository a teacher pushes as it is and names as a GitHub Classroom assignment's
/// template. It holds kata (the workflow builds it on GitHub's runners), the chapters, the starters of every
/// exercise in `exercises/` (tracked: the workbook's own `.gitignore` leaves `exercises/` out), the autograding
/// workflow and its scripts, and the SHA-256 of the chapters and of kata's own files as they were when the
/// template was made. It holds no reference solutions: those stay on the teacher's side, where `kata verify`
/// uses them.
package struct AssignmentTemplate {
    /// The teacher's workbook, in the source language: a checkout of kata with the course's chapters.
    package let workbook: Workbook
    /// The grading steps and their points.
    package var workflow: ClassroomWorkflow

    /// A template for `workflow`'s workbook.
    package init(workflow: ClassroomWorkflow) {
        self.workbook = workflow.workbook
        self.workflow = workflow
    }

    /// What was written.
    package struct Summary: Sendable {
        /// Exercises whose starter is in `exercises/`.
        package var exercises: Int
        /// Chapters pinned by their SHA-256.
        package var chapters: Int
        /// kata's own files pinned by their SHA-256.
        package var kataFiles: Int
        package var steps: Int
        package var points: Int
    }

    /// The files kata's build reads, or the workflow runs before kata is checked: pinned by their SHA-256, with
    /// every file under `Sources/`.
    static let kataFiles = ["Package.swift", "kata", "scripts/setup.sh"]

    /// `chapters/01-basics.md`: a chapter's path in the template.
    static func chapterPath(_ chapter: Chapter) -> String { "chapters/" + chapter.url.lastPathComponent }

    /// Writes the template into `folder`, which must not exist yet, or be empty, and must be outside the workbook.
    package func write(to folder: URL) throws(ClassroomError) -> Summary {
        let root = workbook.root.standardizedFileURL
        let target = folder.standardizedFileURL
        for required in ["Package.swift", "Sources/kata"]
        where !FileManager.default.fileExists(atPath: root.appendingPathComponent(required).path) {
            throw .notKataCheckout(root: root.path)
        }
        if target.path == root.path || target.path.hasPrefix(root.path + "/") {
            throw .folderInsideWorkbook(path: folder.path)
        }
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: target.path), !existing.isEmpty {
            throw .folderNotEmpty(path: folder.path)
        }
        let files = try CheckoutFiles.list(root)
        for required in Self.kataFiles where !files.contains(required) { throw .missingFile(path: required) }
        for path in files { try copy(path, from: root, to: target) }
        try writeGitignore(in: target)
        for exercise in workbook.exercises {
            try write(exercise.starter.code, to: target, exercise.learnerPath)
        }
        try write(solutionsNotice, to: target, Workbook.solutionsElsewhere)
        let readme = try? String(contentsOf: target.appendingPathComponent("README.md"), encoding: .utf8)
        try write(noticeForLearners + (readme ?? ""), to: target, "README.md")

        let chapters = workbook.chapters.map(Self.chapterPath)
        let kataFiles = Self.kataFiles + [Workbook.solutionsElsewhere] + files.filter { $0.hasPrefix("Sources/") }
        try write(try hashes(of: chapters, in: target), to: target, ClassroomScripts.chaptersPath)
        try write(try hashes(of: kataFiles, in: target), to: target, ClassroomScripts.kataPath)
        try write(ClassroomScripts.grade, to: target, ClassroomScripts.gradePath, executable: true)
        try write(ClassroomScripts.checkKata, to: target, ClassroomScripts.checkKataPath, executable: true)
        try write(workflow.yaml(), to: target, ClassroomWorkflow.path)
        let tests = workflow.tests
        return Summary(
            exercises: workbook.exercises.count, chapters: chapters.count, kataFiles: kataFiles.count,
            steps: tests.count,
            points: tests.map(\.points).reduce(0, +))
    }

    /// Makes `folder` a git repository with the template as its first commit on `main`, so that the teacher only
    /// adds a remote and pushes. Returns git's message when that fails (no git, or no name and email configured
    /// for commits); the files are written either way.
    package static func commit(_ folder: URL) -> String? {
        let steps = [
            ["init", "--quiet", "--initial-branch=main"], ["add", "--all"],
            ["commit", "--quiet", "--message", "The assignment: kata, the chapters, the starters and the autograding"],
        ]
        for step in steps {
            do {
                let result = try Git.run(step, in: folder)
                if result.status != 0 {
                    return "git \(step[0]) failed: " + result.output.trimmingCharacters(in: .whitespacesAndNewlines)
                }
            } catch {
                return error.localizedDescription
            }
        }
        return nil
    }

    /// What a learner reads first on the repository's page, above the workbook's README.
    var noticeForLearners: String {
        """
        > **This repository is an assignment.** Work as the Quick start below says (`make run`, then `./kata next`,
        > edit the file it names, `./kata check`), then commit and push your files in `exercises/`: every push is
        > graded on GitHub (the Actions tab shows each exercise's check, and its points). Leave `chapters/`,
        > `.github/` and kata's own files (`Package.swift`, `kata`, `scripts/`, `Sources/`) as they are: an
        > exercise whose chapter differs from the assignment's scores nothing, and a change to kata's files stops
        > all grading.

        """
    }

    /// What stands in for the reference solutions (``Workbook/solutionsElsewhere``): kata loads the workbook without
    /// them, and a learner who looks for them reads why they are not there.
    var solutionsNotice: String {
        """
        # The reference solutions are with your instructor

        This repository is a GitHub Classroom assignment: it holds the chapters and the starter of every exercise,
        not their reference solutions. `./kata check` needs none (it checks your code against the chapter's specs),
        and neither does the grading of your pushes. This file tells kata so: leave it where it is.

        """
    }

    /// The workbook's `.gitignore` without the line that leaves `exercises/` out: in an assignment, the learner's
    /// files are what they commit. It keeps out what is the learner's computer's, not their work: the builds,
    /// kata's state and the compilation database kata writes in `exercises/` for editors (absolute paths).
    private func writeGitignore(in target: URL) throws(ClassroomError) {
        let url = target.appendingPathComponent(".gitignore")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            !["/exercises/", "exercises/", "/exercises", "exercises"].contains(
                line.trimmingCharacters(in: .whitespaces))
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let missing = Self.ignored.filter { !lines.contains($0) }
        if !missing.isEmpty {
            lines +=
                ["# Not part of a learner's work: builds, kata's state, the paths kata writes for editors."] + missing
        }
        try write(lines.joined(separator: "\n") + "\n", to: target, ".gitignore")
    }

    /// What a learner's repository never holds.
    static let ignored = [".build/", ".kata/", "/exercises/compile_commands.json"]

    /// `sha256sum` lines (`<hex>  <path>`) for `paths` in `folder`.
    private func hashes(of paths: [String], in folder: URL) throws(ClassroomError) -> String {
        var lines = ""
        for path in paths {
            let url = folder.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .cannotRead(path: url.path, reason: "it is missing or unreadable")
            }
            var hash = SHA256()
            hash.update(data)
            lines += "\(hash.hexDigest())  \(path)\n"
        }
        return lines
    }

    private func copy(_ path: String, from root: URL, to target: URL) throws(ClassroomError) {
        let source = root.appendingPathComponent(path)
        let destination = target.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: destination)
        } catch {
            throw .cannotWrite(path: destination.path, reason: (error as NSError).localizedDescription)
        }
    }

    private func write(_ text: String, to target: URL, _ path: String, executable: Bool = false)
        throws(ClassroomError)
    {
        let url = target.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
        } catch {
            throw .cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }
}
