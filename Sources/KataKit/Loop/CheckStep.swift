import Foundation

/// What `kata check` prints and how it exits.
public struct CheckOutput: Sendable {
    public var text: String
    public var warnings: [String]
    /// 0 when everything checked passed, 1 otherwise.
    public var status: Int32
    /// The verdicts behind the text (for the room, see ``RoomReporter``).
    public var results: [CheckResult] = []
}

/// `kata check [id]` and `kata check --all`: grade the learner's files and record each check in the progress store.
public struct CheckStep {
    public let workspace: Workspace
    public let style: TerminalStyle
    public var format: CheckFormat
    public var useCache: Bool
    /// Set by `kata watch`, which moves on by itself after a pass (so the report does not say "run kata next").
    public var watching = false
    /// Where progress lines go (standard error): building KataSpec the first time, `--all`'s counter.
    public var status: (String) -> Void

    public init(
        workspace: Workspace, style: TerminalStyle, format: CheckFormat = .human, useCache: Bool = true,
        status: @escaping (String) -> Void = { _ in }
    ) {
        self.workspace = workspace
        self.style = format == .human ? style : TerminalStyle(color: false, width: style.width)
        self.format = format
        self.useCache = useCache
        self.status = status
    }

    /// Checks one exercise: `id` (or prefix), or the current one.
    public func run(id: String?) throws -> CheckOutput {
        let (progress, warnings) = try workspace.store.readReporting()
        var exercise: Exercise
        var preface: String?
        if let id {
            exercise = try workspace.exercise(id)
        } else if let current = workspace.current(in: progress) {
            exercise = current
            if !FileManager.default.fileExists(atPath: workspace.learnerFile(current).path) {
                // Right after a pass the current exercise is the next one, which has no file until `kata next`:
                // check the one the learner was working on, and say what comes next.
                guard let last = lastChecked(progress) else {
                    return CheckOutput(
                        text: Self.notStarted(current, workspace: workspace), warnings: warnings, status: 1)
                }
                exercise = last
                preface = Self.rechecking(last, next: current, workspace: workspace)
            }
        } else {
            throw LoopError.nothingToCheck
        }
        let file = workspace.learnerFile(exercise)
        let contents = try workspace.learnerCode(exercise)
        let checker = try makeChecker()
        let result = try checker.check(exercise, path: exercise.learnerPath, contents: contents, useCache: useCache)
        let notices = try record(result)
        // A site the learner built in site/ is brought up to date, to show this exercise as solved.
        let siteNote = result.status == .passed ? WorkbookSite.refresh(workspace) : nil
        let shown = workspace.display(file)
        let text: String
        switch format {
        case .human:
            text =
                HumanCheckReport(workspace: workspace, style: style, watching: watching).render(
                    result, exercise: exercise, file: shown, cached: result.cached)
                + (exercise.kind == .implement
                    ? Self.focusNote(in: contents, file: shown).map { "\n" + style.paint($0, .dim) + "\n" } ?? "" : "")
                + (checker.sandbox.notice.map { "\n" + style.paint($0, .dim) + "\n" } ?? "")
                + (siteNote.map { "\n" + style.paint($0, .dim) + "\n" } ?? "")
        case .json:
            text = ExercismReport.text(
                ExercismReport(workspace: workspace).object(result, exercise: exercise, file: shown))
        case .junit:
            text = JUnitReport(workspace: workspace).document([(result, exercise)])
        }
        return CheckOutput(
            text: (format == .human ? preface.map { style.paint($0, .dim) + "\n\n" } ?? "" : "") + text,
            warnings: warnings + notices, status: result.status == .passed ? 0 : 1, results: [result])
    }

    /// The exercise checked most recently whose file is still there.
    private func lastChecked(_ progress: Progress) -> Exercise? {
        workspace.workbook.exercises
            .filter { progress[$0.id].lastAttempt != nil }
            .filter { FileManager.default.fileExists(atPath: workspace.learnerFile($0).path) }
            .max { progress[$0.id].lastAttempt! < progress[$1.id].lastAttempt! }
    }

    /// Said before checking the last exercise again, when the current one has no file yet.
    static func rechecking(_ last: Exercise, next: Exercise, workspace: Workspace) -> String {
        "Checking \(last.id) again, the exercise you checked last: the next one, \(next.id), has no file yet "
            + "(\(KataCommand.line("next")) shows it and creates its file)."
    }

    /// What `kata check` says when the current exercise has no file and nothing was ever checked.
    static func notStarted(_ exercise: Exercise, workspace: Workspace) -> String {
        "Nothing to check yet: \(workspace.display(workspace.learnerFile(exercise))) does not exist. "
            + "Run \(KataCommand.line("next")) to see the exercise and create its file from the starter.\n"
    }

    /// Checks every exercise that has a learner file, in workbook order.
    public func runAll() throws -> CheckOutput {
        let (_, warnings) = try workspace.store.readReporting()
        let exercises = workspace.workbook.exercises.filter {
            FileManager.default.fileExists(atPath: workspace.learnerFile($0).path)
        }
        let checker = try makeChecker()
        var results: [(CheckResult, Exercise)] = []
        var notices: [String] = []
        for (position, exercise) in exercises.enumerated() {
            status("[\(position + 1)/\(exercises.count)] \(exercise.id)")
            let contents: String
            do {
                contents = try workspace.learnerCode(exercise)
            } catch {
                notices.append(error.description)
                continue
            }
            let result = try checker.check(exercise, path: exercise.learnerPath, contents: contents, useCache: useCache)
            notices += try record(result)
            results.append((result, exercise))
        }
        let passed = results.allSatisfy { $0.0.status == .passed }
        if results.contains(where: { $0.0.status == .passed }) { _ = WorkbookSite.refresh(workspace) }
        let text: String
        switch format {
        case .human:
            text = summaryTable(results)
        case .json:
            let report = ExercismReport(workspace: workspace)
            text = ExercismReport.text(
                [
                    "version": 3, "status": passed ? "pass" : "fail",
                    "exercises": results.map {
                        report.object($0.0, exercise: $0.1, file: workspace.display(workspace.learnerFile($0.1)))
                    },
                ] as [String: Any])
        case .junit:
            text = JUnitReport(workspace: workspace).document(results)
        }
        return CheckOutput(text: text, warnings: warnings + notices, status: passed ? 0 : 1, results: results.map(\.0))
    }

    /// A note when the learner's file in an implement exercise focuses or excludes examples: there every example
    /// of the chapter runs, so nothing the learner writes can leave one out.
    static func focusNote(in contents: String, file: String) -> String? {
        let pattern = /(?m)^[^\/\n]*?\b((?:f|x)(?:it|describe|context|specify))\s*\(/
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            guard let match = line.firstMatch(of: pattern) else { continue }
            return
                "Note: in this exercise kata check runs every example of the chapter, so `\(match.output.1)` "
                + "(\(file):\(index + 1)) leaves nothing out; in your own specs (a specify exercise) it works as in "
                + "Quick, Specta and Kiwi."
        }
        return nil
    }

    private func makeChecker() throws -> ExerciseChecker {
        try ExerciseChecker(workbook: workspace.workbook) {
            status("Preparing KataSpec for this computer (first check only; this takes a few seconds)...")
        }
    }

    /// Records the check in the progress store; returns notices about the store (a corrupt file moved aside).
    private func record(_ result: CheckResult) throws -> [String] {
        let verdict: CheckRecord.Verdict
        switch result.status {
        case .passed: verdict = .passed
        case .failed: verdict = .failed
        case .compileError: verdict = .compileError
        case .error: verdict = .error
        }
        let specify = result.kind == .specify && !result.mutants.isEmpty
        let check = CheckRecord(
            time: Date(), verdict: verdict, caught: specify ? result.caughtCount : nil,
            mutants: specify ? result.mutants.count : nil, duration: (result.duration * 1000).rounded() / 1000)
        let (_, notices) = try workspace.store.update { $0[result.id].record(check) }
        return notices.map(\.description)
    }

    private func summaryTable(_ results: [(CheckResult, Exercise)]) -> String {
        guard !results.isEmpty else {
            return "No exercise has a file yet. Run \(KataCommand.line("next")) to start the first one.\n"
        }
        let width = max(8, results.map(\.1.id.count).max() ?? 8)
        var lines = ["Exercise".padding(toLength: width, withPad: " ", startingAt: 0) + "  Result         Score   Time"]
        for (result, exercise) in results {
            let mark: String
            switch result.status {
            case .passed: mark = style.paint("✓ passed       ", .green)
            case .failed: mark = style.paint("✗ failed       ", .red)
            case .compileError: mark = style.paint("✗ compile error", .red)
            case .error: mark = style.paint("✗ error        ", .red)
            }
            let score =
                result.mutants.isEmpty
                ? "     "
                : "\(result.caughtCount)/\(result.mutants.count)".padding(toLength: 5, withPad: " ", startingAt: 0)
            lines.append(
                exercise.id.padding(toLength: width, withPad: " ", startingAt: 0)
                    + "  \(mark)  \(score)   \(String(format: "%.2f s", result.duration))")
        }
        let passed = results.count { $0.0.status == .passed }
        lines.append("")
        lines.append("\(passed) of \(plural(results.count, "exercise")) passed")
        if passed < results.count {
            lines.append("Run \(KataCommand.line("check <id>")) on one of them for the details.")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
