import Foundation
import KataApp
import KataBasics
import KataBuilding
import KataGrading
import KataMessages
import KataSystem
import KataWorkbook

/// `kata verify`, for authors and instructors: every reference solution passes, every starter fails, every
/// specify solution catches every mutant, and every plain `swift` example block compiles.
package struct Verifier {
    /// One thing wrong with the workbook, at a place in it.
    package struct Problem: Sendable, Equatable, CustomStringConvertible {
        package var location: SourceLocation
        package var message: String

        package var description: String { "\(location): error: \(message)" }
    }

    /// How long one of verify's checks took, and where the time went.
    package struct Timing: Sendable {
        /// The exercise, or nil for an example block.
        package var exercise: String?
        /// What was checked: `solution`, `starter`, or an example block's place.
        package var what: String
        package var seconds: Double
        package var stages: CheckResult.Stages?
        /// Answered from the verdict cache, or sound at the last verify and unchanged since.
        package var cached: Bool
    }

    /// What a verify found.
    package struct Report: Sendable {
        package var problems: [Problem]
        /// One per check that ran, in the workbook's order.
        package var timings: [Timing]
        /// How many checks there were, and how many were left out as sound and unchanged (`onlyChanged`).
        package var checks: Int
        package var unchanged: Int
    }

    package let workspace: Workspace
    package var useCache: Bool
    /// Check only what changed since a verify last found it sound (`kata verify --changed`).
    package var onlyChanged = false
    /// How many checks run side by side (`kata verify --jobs`); nil for the default, ``defaultJobs``.
    package var jobs: Int?
    /// Called (from several threads) as each task finishes: done, total, what it was.
    package var progress: @Sendable (Int, Int, String) -> Void

    package init(
        workspace: Workspace, useCache: Bool = true,
        progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }
    ) {
        self.workspace = workspace
        self.useCache = useCache
        self.progress = progress
    }

    /// As many checks as there are cores (one more, or two, measured no faster: docs/PERFORMANCE.md).
    package static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    private enum Task: Sendable {
        /// A reference solution, read once: its key and its check read the same text.
        case solution(Exercise, code: Result<String, TextFileReader.Failure>)
        case starter(Exercise)
        case example(CodeBlock, chapterPath: String, index: Int)

        var label: String {
            switch self {
            case .solution(let exercise, _): "\(exercise.id) (solution)"
            case .starter(let exercise): "\(exercise.id) (starter)"
            case .example(let block, _, _): "example at \(block.location)"
            }
        }

        var exercise: String? {
            switch self {
            case .solution(let exercise, _), .starter(let exercise): exercise.id
            case .example: nil
            }
        }

        var what: String {
            switch self {
            case .solution: "solution"
            case .starter: "starter"
            case .example(let block, _, _): "example at \(block.location)"
            }
        }

        /// Longest first, so that both cores stay busy to the end: specify solutions build every mutant.
        var order: Int {
            switch self {
            case .solution(let exercise, _): exercise.kind == .specify ? 0 : 1
            case .starter: 2
            case .example: 3
            }
        }
    }

    /// Runs every check; `only` keeps exercises and chapters with these ids (all when empty).
    package func run(only: [String] = [], announce: () -> Void = {}) throws -> Report {
        let workbook = workspace.workbook
        var configured = try CheckerSetup(workbook: workbook).checker(willBuildLibrary: announce)
        configured.width = 1
        let checker = configured
        let chapters = workbook.chapters.filter { chapter in
            only.isEmpty || only.contains(chapter.slug) || chapter.exercises.contains { only.contains($0.id) }
        }
        var tasks: [Task] = []
        for chapter in chapters {
            for exercise in chapter.exercises
            where only.isEmpty || only.contains(chapter.slug) || only.contains(exercise.id) {
                let code = TextFileReader.read(workbook.url(exercise.solutionPath), limit: Workspace.learnerFileLimit)
                tasks.append(.solution(exercise, code: code))
                tasks.append(.starter(exercise))
            }
            if only.isEmpty || only.contains(chapter.slug) {
                let path = checker.relativePath(chapter.url)
                for (index, block) in chapter.examples.enumerated() {
                    tasks.append(.example(block, chapterPath: path, index: index))
                }
            }
        }
        // What a verify found sound, by the hash of everything it read: skipped by --changed, and for an example
        // block (which the verdict cache does not keep) by every verify.
        let record = SoundRecord(file: workbook.root.appendingPathComponent(".kata/cache/verified.txt"))
        let sound = useCache ? record.load() : []
        let keys = tasks.map { Self.key($0, checker: checker) }
        var skipped = Set<Int>()
        for (index, task) in tasks.enumerated() where sound.contains(keys[index]) {
            if onlyChanged { skipped.insert(index) } else if case .example = task { skipped.insert(index) }
        }
        let allTasks = tasks
        let pending = tasks.indices.filter { !skipped.contains($0) }.sorted { tasks[$0].order < tasks[$1].order }
        let total = pending.count
        let counter = Counter()
        let width = max(1, jobs ?? Self.defaultJobs)
        let progress = self.progress
        let useCache = self.useCache
        let workspace = self.workspace
        let outcomes = parallelMap(pending, width: width) { index -> (Int, [Problem], Timing) in
            let task = allTasks[index]
            let start = Date()
            let (problems, result) = Self.perform(task, checker: checker, workspace: workspace, useCache: useCache)
            let timing = Timing(
                exercise: task.exercise, what: task.what, seconds: Date().timeIntervalSince(start),
                stages: result?.stages, cached: result?.cached ?? false)
            progress(counter.increment(), total, task.label)
            return (index, problems, timing)
        }.sorted { $0.0 < $1.0 }
        var nowSound = Set(skipped.map { keys[$0] })
        for (index, problems, _) in outcomes where problems.isEmpty { nowSound.insert(keys[index]) }
        if only.isEmpty {
            record.save(nowSound)
        } else {
            // A verify of some chapters keeps what the others had.
            let current = Set(keys)
            record.save(nowSound.union(sound.filter { !current.contains($0) || nowSound.contains($0) }))
        }
        let problems = outcomes.flatMap(\.1).sorted {
            ($0.location.file, $0.location.line, $0.location.column) < (
                $1.location.file, $1.location.line, $1.location.column
            )
        }
        return Report(
            problems: problems, timings: outcomes.map(\.2), checks: tasks.count,
            unchanged: onlyChanged ? skipped.count : 0)
    }

    /// The hash of everything a task reads.
    private static func key(_ task: Task, checker: ExerciseChecker) -> String {
        switch task {
        case .solution(let exercise, let code):
            guard case .success(let code) = code else { return "missing solution \(exercise.id)" }
            return checker.verdictKey(exercise, path: exercise.solutionPath, contents: code)
        case .starter(let exercise):
            return checker.verdictKey(exercise, path: exercise.learnerPath, contents: exercise.starter.code)
        case .example(let block, let path, _):
            var hash = SHA256()
            // "through SIL": verdicts of examples only type-checked (before SIL's errors were reported) are not reused.
            for field in [
                "example, through SIL", checker.compiler.toolchain.version, checker.compiler.library.key, path,
                "\(block.codeLocation.line)", block.info.value("engine") ?? "", block.info.value("language-mode") ?? "",
                block.code,
            ] {
                hash.update(field: field)
            }
            return hash.hexDigest()
        }
    }

    /// Runs one task: the problems it found, and the verdict when it checked an exercise.
    private static func perform(_ task: Task, checker: ExerciseChecker, workspace: Workspace, useCache: Bool)
        -> ([Problem], CheckResult?)
    {
        do {
            switch task {
            case .solution(let exercise, let code):
                return try checkSolution(
                    exercise, code: code, checker: checker, workspace: workspace, useCache: useCache)
            case .starter(let exercise):
                return try checkStarter(exercise, checker: checker, useCache: useCache)
            case .example(let block, let path, let index):
                return (
                    try compileExample(block, chapterPath: path, index: index, checker: checker, workspace: workspace),
                    nil
                )
            }
        } catch BuildError.compilerStopped(let stop, let file, let line) {
            return ([stopped(task, stop: stop, file: file, line: line, workspace: workspace)], nil)
        } catch {
            return (
                [
                    Problem(
                        location: SourceLocation(file: workspace.display(workspace.workbook.root), line: 1),
                        message: "\(error)")
                ],
                nil
            )
        }
    }

    /// Checks the reference solution of `exercise`, read as `code`: it must pass.
    private static func checkSolution(
        _ exercise: Exercise, code: Result<String, TextFileReader.Failure>, checker: ExerciseChecker,
        workspace: Workspace, useCache: Bool
    ) throws(BuildError) -> ([Problem], CheckResult?) {
        let url = workspace.workbook.url(exercise.solutionPath)
        switch code {
        case .success(let code):
            let result = try checker.check(exercise, path: exercise.solutionPath, contents: code, useCache: useCache)
            return (solutionProblems(result, exercise: exercise, workspace: workspace), result)
        case .failure(.missing):
            return (
                [
                    Problem(
                        location: exercise.location,
                        message: "'\(exercise.id)' has no reference solution; write \(workspace.display(url))")
                ], nil
            )
        case .failure(let failure):
            return (
                [
                    Problem(
                        location: exercise.location,
                        message: "the reference solution of '\(exercise.id)', \(workspace.display(url)), \(failure)")
                ], nil
            )
        }
    }

    /// Checks the starter of `exercise` as the learner's file: it must not pass.
    private static func checkStarter(_ exercise: Exercise, checker: ExerciseChecker, useCache: Bool)
        throws(BuildError) -> ([Problem], CheckResult?)
    {
        let result = try checker.check(
            exercise, path: exercise.learnerPath, contents: exercise.starter.code, useCache: useCache,
            verdictOnly: true)
        guard result.status == .passed else { return ([], result) }
        return (
            [
                Problem(
                    location: exercise.starter.location,
                    message:
                        "the starter of '\(exercise.id)' already passes; a starter must fail until the learner does the work"
                )
            ], result
        )
    }

    /// Type-checks a plain `swift` example block of the chapter at `chapterPath`: one problem per line with errors,
    /// saying how many more it has (a character the compiler refuses, repeated over a line, is an error each).
    private static func compileExample(
        _ block: CodeBlock, chapterPath path: String, index: Int, checker: ExerciseChecker, workspace: Workspace
    ) throws(BuildError) -> [Problem] {
        let folder = workspace.workbook.root.appendingPathComponent(
            ".kata/build/example-\(SHA256.hex(path).prefix(8))-\(index)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let diagnostics = try checker.compiler.typecheck(
            code: block.code, path: path, line: block.codeLocation.line, in: folder,
            engine: block.info.value("engine").flatMap(TestEngine.init(rawValue:)) ?? .kataSpec,
            languageMode: block.info.value("language-mode").flatMap(LanguageMode.init(rawValue:)) ?? .swift5)
        // An error in a macro's expansion (a temporary file) that follows one of the block's own says nothing more:
        // Swift Testing's `@Test` adds one to any error of its test's body.
        let all = (diagnostics ?? []).filter { $0.severity == .error }
        let own = all.filter { $0.file == path }
        let errors = own.isEmpty ? all : own
        var perLine: [String: Int] = [:]
        for error in errors { perLine["\(error.file):\(error.line)", default: 0] += 1 }
        var shown = Set<String>()
        return errors.compactMap { diagnostic -> Problem? in
            let line = "\(diagnostic.file):\(diagnostic.line)"
            guard shown.insert(line).inserted else { return nil }
            let more = (perLine[line] ?? 1) - 1
            return Problem(
                location: SourceLocation(
                    file: display(diagnostic.file, workspace), line: diagnostic.line, column: diagnostic.column),
                message:
                    "this example block does not compile: \(diagnostic.message)"
                    + (more > 0 ? " (and more on this line)" : "")
                    + " (fix it, or mark the block `swift ignore` and say why in the text)"
            )
        }
    }

    /// The compiler stopped at one of kata's limits on a task's code: a problem at the block, or at the line of the
    /// solution or starter where the compiler was.
    private static func stopped(
        _ task: Task, stop: CompileLimits.Stop, file: String?, line: Int?, workspace: Workspace
    ) -> Problem {
        let what: String
        let location: SourceLocation
        switch task {
        case .example(let block, let path, _):
            what = "this example block"
            // Where the compiler was, when that is a line of the block's code (a parser stalled on unclosed brackets is
            // past its end); else the block's first line.
            let first = block.codeLocation.line
            let lines =
                first..<(first + max(1, block.code.split(separator: "\n", omittingEmptySubsequences: false).count))
            location = SourceLocation(
                file: display(path, workspace), line: line.flatMap { lines.contains($0) ? $0 : nil } ?? lines.lowerBound
            )
        case .solution(let exercise, _):
            what = "the reference solution of '\(exercise.id)'"
            location = SourceLocation(file: display(file ?? exercise.solutionPath, workspace), line: line ?? 1)
        case .starter(let exercise):
            // Checked as the learner's file, which an author's workbook does not have: the starter's block is the place.
            what = "the starter of '\(exercise.id)'"
            location = exercise.starter.location
        }
        let limit =
            switch stop {
            case .time(let seconds): "the compiler was still working on \(what) after \(Int(seconds)) s"
            case .memory(let bytes): "the compiler needed more than \(bytes >> 20) MiB of memory for \(what)"
            }
        return Problem(
            location: location,
            message: limit
                + ", so kata stopped it. Some code takes the compiler exponentially long: unclosed brackets, a long "
                + "expression of literals and operators whose types it must infer, tuples nested deep. Spell out the "
                + "types or split the code"
                + (task.exercise == nil ? ", or mark the block `swift ignore` and say why in the text" : "")
                + " (\(CompileLimits.secondsVariable) and \(CompileLimits.memoryVariable) set the limits)")
    }

    /// What is wrong with a reference solution's verdict: nothing when it passed.
    private static func solutionProblems(_ result: CheckResult, exercise: Exercise, workspace: Workspace) -> [Problem] {
        let solution = workspace.display(workspace.workbook.url(exercise.solutionPath))
        switch result.status {
        case .passed:
            return []
        case .compileError:
            if let first = result.diagnostics.first(where: { $0.severity == .error }) {
                return [
                    Problem(
                        location: SourceLocation(
                            file: display(first.file, workspace), line: first.line, column: first.column),
                        message: "the reference solution of '\(exercise.id)' does not compile: \(first.message)")
                ]
            }
            return [
                Problem(
                    location: SourceLocation(file: solution, line: 1),
                    message:
                        "the reference solution of '\(exercise.id)' does not compile:\n\(result.compilerOutput ?? "")")
            ]
        case .error:
            return [
                Problem(
                    location: SourceLocation(file: solution, line: 1),
                    message:
                        "cannot check the reference solution of '\(exercise.id)': \(result.message ?? "unknown problem")"
                )
            ]
        case .failed:
            let problems =
                failingExamples(result, exercise: exercise, workspace: workspace)
                + mutantProblems(result, exercise: exercise)
            if problems.isEmpty {
                return [
                    Problem(
                        location: exercise.location,
                        message:
                            "the reference solution of '\(exercise.id)' does not pass: \(result.message ?? "see kata check")"
                    )
                ]
            }
            return problems
        }
    }

    /// The examples a failed reference solution fails, each at its failure; that it timed out, when none failed.
    private static func failingExamples(_ result: CheckResult, exercise: Exercise, workspace: Workspace) -> [Problem] {
        var problems: [Problem] = []
        for example in result.run?.examples ?? [] where example.status.isFailure {
            let failure = example.failures.first
            let file = failure?.file ?? example.file
            problems.append(
                Problem(
                    location: SourceLocation(
                        file: display(file, workspace), line: failure?.line ?? example.line,
                        column: failure?.column ?? 1),
                    message:
                        "the reference solution of '\(exercise.id)' fails \"\(example.name)\": \(failure?.message ?? example.status.rawValue)"
                ))
        }
        if let run = result.run, run.timedOutAfter != nil, problems.isEmpty {
            problems.append(
                Problem(location: exercise.location, message: "the reference solution of '\(exercise.id)' timed out"))
        }
        return problems
    }

    /// What a specify exercise's reference solution gets wrong about its mutants and shape: mutants its specs do not
    /// catch, requirements of the starter's shape it misses, mutants that do not compile with its specs.
    private static func mutantProblems(_ result: CheckResult, exercise: Exercise) -> [Problem] {
        var problems: [Problem] = []
        for mutant in result.mutants where !mutant.caught {
            let block = exercise.mutants.first { $0.name == mutant.name }?.block
            problems.append(
                Problem(
                    location: block?.location ?? exercise.location,
                    message:
                        "the reference specs of '\(exercise.id)' do not catch mutant '\(mutant.name)'; add an example that fails against it, or make the mutant break something the specs check"
                ))
        }
        for requirement in result.shape?.requirements ?? [] where !requirement.met {
            problems.append(
                Problem(
                    location: exercise.starter.location,
                    message:
                        "the reference solution of '\(exercise.id)' does not have the shape its starter states: "
                        + "\(requirement.asked); \(requirement.found)"))
        }
        for mutant in result.mutants where mutant.notCompiled == true {
            let block = exercise.mutants.first { $0.name == mutant.name }?.block
            problems.append(
                Problem(
                    location: block?.location ?? exercise.location,
                    message:
                        "mutant '\(mutant.name)' of '\(exercise.id)' does not compile with the reference specs; a mutant must keep the subject's API"
                ))
        }
        return problems
    }

    private static func display(_ path: String, _ workspace: Workspace) -> String {
        path.hasPrefix("/") ? path : workspace.display(workspace.workbook.url(path))
    }
}

/// The hashes of what a verify found sound, one per line in `.kata/cache/verified.txt`.
private struct SoundRecord {
    let file: URL

    func load() -> Set<String> {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").map(String.init))
    }

    func save(_ keys: Set<String>) {
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data((keys.sorted().joined(separator: "\n") + "\n").utf8).write(to: file, options: .atomic)
    }
}

/// A thread-safe counter for progress lines.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
