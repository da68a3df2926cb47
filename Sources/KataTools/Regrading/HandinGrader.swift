import Foundation
import KataApp
import KataBasics
import KataBuilding
import KataGrading
import KataWorkbook

/// `kata room grade`: re-grades hand-ins and learners' repositories against the instructor's own workbook, with the
/// checker `kata check` uses (its sandbox, limits and mutants), so a grade never rests on what a learner's laptop
/// recorded, nor on a chapter, a `Package.swift` or kata files a learner changed.
package struct HandinGrader {
    /// The instructor's workbook.
    package let workspace: Workspace
    /// Whether verdicts already in the instructor's verdict cache may answer (same file, same workbook).
    package var useCache = true
    /// Refuse to grade where there is no sandbox: hand-ins are other people's code, and without one it could read
    /// the instructor's files and forge its results (see docs/FORMAT.md, "Threat model").
    package var requiresSandbox = true
    /// Where progress lines go.
    package var status: @Sendable (String) -> Void = { _ in }

    /// A grader for the instructor's workbook.
    package init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Reads and grades the learners' work `urls` name (hand-in files, repositories, folders of repositories: see
    /// ``GradingInput``), several at once. What cannot be read is reported in the table, not thrown.
    package func grade(_ urls: [URL]) throws -> GradeTable {
        if requiresSandbox, case .none(let reason) = Sandbox.detect().kind {
            throw BuildError.gradingWithoutSandbox(reason: reason)
        }
        let inputs = urls.flatMap(GradingInput.inputs(for:))
        let workbook = workspace.workbook
        let repositories = inputs.count { if case .repository = $0 { true } else { false } }
        if repositories > 0 { status("Reading \(GradeTable.repositories(repositories)) with git...") }
        // Repositories are read by git, one process per file, so several at once.
        let read = parallelMap(inputs, width: Self.cores) { Self.read($0, against: workbook) }
        let submissions = read.compactMap { $0.0 }
        let unreadable = read.compactMap { $0.1 }
        let exercises = workbook.exercises.filter { exercise in submissions.contains { $0.has(exercise) } }
        let verdicts = try check(Self.jobs(submissions, exercises: exercises), exercises: exercises)
        let learners = submissions.map { Self.learner($0, exercises: exercises, verdicts: verdicts) }
        return GradeTable(exercises: exercises.map(\.id), learners: learners, unreadable: unreadable)
    }

    /// How many checks run at once.
    private static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// One file to grade as one exercise.
    private struct Job: Hashable, Sendable {
        var exercise: String
        var contents: String
    }

    /// What there is to grade: each file handed in for each exercise, once (a shared starter, a copied answer, the
    /// same file handed in twice is graded once).
    private static func jobs(_ submissions: [Submission], exercises: [Exercise]) -> [Job] {
        var jobs: [Job] = []
        var seen = Set<Job>()
        for submission in submissions {
            for exercise in exercises {
                guard let contents = submission.files[exercise.learnerPath] else { continue }
                let job = Job(exercise: exercise.id, contents: contents)
                if seen.insert(job).inserted { jobs.append(job) }
            }
        }
        return jobs
    }

    /// Checks every job, several at once, with the checker `kata check` uses.
    private func check(_ jobs: [Job], exercises: [Exercise]) throws -> [Job: Result<CheckResult, BuildError>] {
        let status = self.status
        var preparing = try CheckerSetup(workbook: workspace.workbook).checker(willBuildLibrary: {
            status("Preparing KataSpec for this computer (first time only; this takes a few seconds)...")
        })
        preparing.width = 1
        let checker = preparing
        let useCache = self.useCache
        let lookup = Dictionary(uniqueKeysWithValues: exercises.map { ($0.id, $0) })
        let finished = Counter()
        let total = jobs.count
        let results = parallelMap(jobs, width: Self.cores) { job -> Result<CheckResult, BuildError> in
            let exercise = lookup[job.exercise]!
            let result = Result { () throws(BuildError) in
                try checker.check(exercise, path: exercise.learnerPath, contents: job.contents, useCache: useCache)
            }
            status("[\(finished.next())/\(total)] \(job.exercise)")
            return result
        }
        var verdicts: [Job: Result<CheckResult, BuildError>] = [:]
        for (job, result) in zip(jobs, results) { verdicts[job] = result }
        return verdicts
    }

    /// One learner's row of the table: a cell per exercise, from the verdicts on their files.
    private static func learner(
        _ submission: Submission, exercises: [Exercise], verdicts: [Job: Result<CheckResult, BuildError>]
    ) -> GradeTable.Learner {
        var cells: [GradeTable.Cell] = []
        for exercise in exercises {
            let recorded = submission.recorded?[exercise.id].state
            if let refusal = submission.refused[exercise.learnerPath] {
                cells.append(
                    GradeTable.Cell(exercise: exercise.id, grade: .refused, recorded: recorded, detail: refusal))
                continue
            }
            guard let contents = submission.files[exercise.learnerPath] else {
                cells.append(GradeTable.Cell(exercise: exercise.id, grade: .missing, recorded: recorded))
                continue
            }
            switch verdicts[Job(exercise: exercise.id, contents: contents)] {
            case .success(let result):
                cells.append(GradeTable.Cell(exercise: exercise.id, result: result, recorded: recorded))
            case .failure(let error):
                cells.append(
                    GradeTable.Cell(
                        exercise: exercise.id, grade: .error, recorded: recorded, detail: error.description))
            case nil:
                preconditionFailure("every job was graded")
            }
        }
        return GradeTable.Learner(
            name: submission.learner, file: submission.source, cells: cells,
            differingChapters: submission.differingChapters, origin: submission.origin)
    }

    /// The work `input` names, or why it is skipped.
    private static func read(_ input: GradingInput, against workbook: Workbook) -> (
        Submission?, GradeTable.Unreadable?
    ) {
        func skipped(_ url: URL, _ reason: String) -> (Submission?, GradeTable.Unreadable?) {
            (nil, GradeTable.Unreadable(file: url.relativePath, reason: reason))
        }
        switch input {
        case .handin(let url):
            do throws(RoomError) {
                return (Submission(handin: try Handin.read(url), source: url.relativePath, workbook: workbook), nil)
            } catch {
                return skipped(url, error.description)
            }
        case .repository(let url):
            do throws(RepositoryError) {
                return (try LearnerRepository(folder: url).submission(for: workbook), nil)
            } catch {
                return skipped(url, error.description)
            }
        case .unusable(let url, let error):
            return skipped(url, error.description)
        }
    }
}

/// A thread-safe counter for progress lines.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
