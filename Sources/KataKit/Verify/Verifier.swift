import Foundation

/// `kata verify`, for authors and instructors: every reference solution passes, every starter fails, every
/// specify solution catches every mutant, and every plain `swift` example block compiles.
public struct Verifier {
    /// One thing wrong with the workbook, at a place in it.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var location: SourceLocation
        public var message: String

        public var description: String { "\(location): error: \(message)" }
    }

    public let workspace: Workspace
    public var useCache: Bool
    /// Called (from several threads) as each task finishes: done, total, what it was.
    public var progress: @Sendable (Int, Int, String) -> Void

    public init(
        workspace: Workspace, useCache: Bool = true,
        progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }
    ) {
        self.workspace = workspace
        self.useCache = useCache
        self.progress = progress
    }

    private enum Task: Sendable {
        case solution(Exercise)
        case starter(Exercise)
        case example(CodeBlock, chapterPath: String, index: Int)

        var label: String {
            switch self {
            case .solution(let exercise): "\(exercise.id) (solution)"
            case .starter(let exercise): "\(exercise.id) (starter)"
            case .example(let block, _, _): "example at \(block.location)"
            }
        }
    }

    /// Runs every check; `only` keeps exercises and chapters with these ids (all when empty).
    public func run(only: [String] = [], announce: () -> Void = {}) throws -> [Problem] {
        let workbook = workspace.workbook
        var configured = try ExerciseChecker(workbook: workbook, willBuildLibrary: announce)
        configured.width = 1
        let checker = configured
        let chapters = workbook.chapters.filter { chapter in
            only.isEmpty || only.contains(chapter.slug) || chapter.exercises.contains { only.contains($0.id) }
        }
        var tasks: [Task] = []
        for chapter in chapters {
            for exercise in chapter.exercises
            where only.isEmpty || only.contains(chapter.slug) || only.contains(exercise.id) {
                tasks.append(.solution(exercise))
                tasks.append(.starter(exercise))
            }
            if only.isEmpty || only.contains(chapter.slug) {
                let path = checker.relativePath(chapter.url)
                for (index, block) in chapter.examples.enumerated() {
                    tasks.append(.example(block, chapterPath: path, index: index))
                }
            }
        }
        let total = tasks.count
        let counter = Counter()
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let progress = self.progress
        let useCache = self.useCache
        let workspace = self.workspace
        let results = parallelMap(tasks, width: width) { task -> [Problem] in
            let problems = Self.perform(task, checker: checker, workspace: workspace, useCache: useCache)
            progress(counter.increment(), total, task.label)
            return problems
        }
        return results.flatMap { $0 }.sorted {
            ($0.location.file, $0.location.line, $0.location.column) < (
                $1.location.file, $1.location.line, $1.location.column
            )
        }
    }

    private static func perform(_ task: Task, checker: ExerciseChecker, workspace: Workspace, useCache: Bool)
        -> [Problem]
    {
        let workbook = workspace.workbook
        do {
            switch task {
            case .solution(let exercise):
                let url = workbook.url(exercise.solutionPath)
                let code: String
                switch TextFileReader.read(url, limit: Workspace.learnerFileLimit) {
                case .success(let text):
                    code = text
                case .failure(.missing):
                    return [
                        Problem(
                            location: exercise.location,
                            message: "'\(exercise.id)' has no reference solution; write \(workspace.display(url))")
                    ]
                case .failure(let failure):
                    return [
                        Problem(
                            location: exercise.location,
                            message: "the reference solution of '\(exercise.id)', \(workspace.display(url)), \(failure)"
                        )
                    ]
                }
                let result = try checker.check(
                    exercise, path: exercise.solutionPath, contents: code, useCache: useCache)
                return solutionProblems(result, exercise: exercise, workspace: workspace)
            case .starter(let exercise):
                let result = try checker.check(
                    exercise, path: exercise.learnerPath, contents: exercise.starter.code, useCache: useCache)
                guard result.status == .passed else { return [] }
                return [
                    Problem(
                        location: exercise.starter.location,
                        message:
                            "the starter of '\(exercise.id)' already passes; a starter must fail until the learner does the work"
                    )
                ]
            case .example(let block, let path, let index):
                let folder = workbook.root.appendingPathComponent(
                    ".kata/build/example-\(SHA256.hex(path).prefix(8))-\(index)-\(getpid())")
                defer { try? FileManager.default.removeItem(at: folder) }
                let diagnostics = try checker.compiler.typecheck(
                    code: block.code, path: path, line: block.codeLocation.line, in: folder)
                return (diagnostics ?? []).filter { $0.severity == .error }.map { diagnostic in
                    Problem(
                        location: SourceLocation(
                            file: display(diagnostic.file, workspace), line: diagnostic.line, column: diagnostic.column),
                        message:
                            "this example block does not compile: \(diagnostic.message) (fix it, or mark the block `swift ignore` and say why in the text)"
                    )
                }
            }
        } catch {
            return [
                Problem(location: SourceLocation(file: workspace.display(workbook.root), line: 1), message: "\(error)")
            ]
        }
    }

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
                    Problem(
                        location: exercise.location, message: "the reference solution of '\(exercise.id)' timed out"))
            }
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
            for mutant in result.mutants where mutant.caughtBy == ["(did not compile)"] {
                let block = exercise.mutants.first { $0.name == mutant.name }?.block
                problems.append(
                    Problem(
                        location: block?.location ?? exercise.location,
                        message:
                            "mutant '\(mutant.name)' of '\(exercise.id)' does not compile with the reference specs; a mutant must keep the subject's API"
                    ))
            }
            if problems.isEmpty {
                problems.append(
                    Problem(
                        location: exercise.location,
                        message:
                            "the reference solution of '\(exercise.id)' does not pass: \(result.message ?? "see kata check")"
                    ))
            }
            return problems
        }
    }

    private static func display(_ path: String, _ workspace: Workspace) -> String {
        path.hasPrefix("/") ? path : workspace.display(workspace.workbook.url(path))
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
