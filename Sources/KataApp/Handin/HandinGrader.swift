import Foundation
import KataBasics
import KataBuilding
import KataGrading

/// `kata room grade`: re-grades hand-ins against the instructor's own workbook, with the checker `kata check`
/// uses (its sandbox, limits and mutants), so a grade never rests on what a learner's laptop recorded.
public struct HandinGrader {
    /// The instructor's workbook.
    public let workspace: Workspace
    /// Whether verdicts already in the instructor's verdict cache may answer (same file, same workbook).
    public var useCache = true
    /// Refuse to grade where there is no sandbox: hand-ins are other people's code, and without one it could read
    /// the instructor's files and forge its results (see docs/FORMAT.md, "Threat model").
    public var requiresSandbox = true
    /// Where progress lines go.
    public var status: @Sendable (String) -> Void = { _ in }

    /// A grader for the instructor's workbook.
    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Reads and grades every hand-in, several at once. Unreadable files are reported in the table, not thrown.
    public func grade(_ urls: [URL]) throws -> GradeTable {
        if requiresSandbox, case .none(let reason) = Sandbox.detect().kind {
            throw BuildError.gradingWithoutSandbox(reason: reason)
        }
        var handins: [(URL, Handin)] = []
        var unreadable: [GradeTable.Unreadable] = []
        for url in urls {
            do {
                handins.append((url, try Handin.read(url)))
            } catch {
                unreadable.append(GradeTable.Unreadable(file: url.relativePath, reason: error.description))
            }
        }
        let exercises = workspace.workbook.exercises.filter { exercise in
            handins.contains { $0.1.files[exercise.learnerPath] != nil }
        }
        // The same file handed in twice (a shared starter, a copied answer) is graded once.
        struct Job: Hashable, Sendable {
            var exercise: String
            var contents: String
        }
        var jobs: [Job] = []
        var seen = Set<Job>()
        for (_, handin) in handins {
            for exercise in exercises {
                guard let contents = handin.files[exercise.learnerPath] else { continue }
                let job = Job(exercise: exercise.id, contents: contents)
                if seen.insert(job).inserted { jobs.append(job) }
            }
        }
        let status = self.status
        var preparing = try ExerciseChecker(workbook: workspace.workbook) {
            status("Preparing KataSpec for this computer (first time only; this takes a few seconds)...")
        }
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        preparing.width = 1
        let checker = preparing
        let useCache = self.useCache
        let lookup = Dictionary(uniqueKeysWithValues: exercises.map { ($0.id, $0) })
        let finished = Counter()
        let total = jobs.count
        let results = parallelMap(jobs, width: cores) { job -> Result<CheckResult, BuildError> in
            let exercise = lookup[job.exercise]!
            let result = Result { () throws(BuildError) in
                try checker.check(exercise, path: exercise.learnerPath, contents: job.contents, useCache: useCache)
            }
            status("[\(finished.next())/\(total)] \(job.exercise)")
            return result
        }
        var verdicts: [Job: Result<CheckResult, BuildError>] = [:]
        for (job, result) in zip(jobs, results) { verdicts[job] = result }
        let expected = Handin.chapterHashes(workspace.workbook)
        var learners: [GradeTable.Learner] = []
        for (url, handin) in handins {
            var cells: [GradeTable.Cell] = []
            for exercise in exercises {
                let recorded = handin.progress[exercise.id].state
                guard let contents = handin.files[exercise.learnerPath] else {
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
            let differing = Set(expected.keys).union(handin.chapters.keys).filter {
                expected[$0] != handin.chapters[$0]
            }.sorted()
            learners.append(
                GradeTable.Learner(
                    name: handin.learner, file: url.relativePath, cells: cells, differingChapters: differing))
        }
        return GradeTable(exercises: exercises.map(\.id), learners: learners, unreadable: unreadable)
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
