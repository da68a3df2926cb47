import Foundation
import KataBasics
import KataGrading
import KataMessages
import KataWorkbook

/// What `kata check` prints and how it exits.
package struct CheckOutput: Sendable {
    package var text: String
    package var warnings: [String]
    /// 0 when everything checked passed, 1 otherwise.
    package var status: Int32
    /// The checks behind the text, for what the command does after printing it (reporting to the room, see
    /// ``RoomReporter``), which reads nothing again.
    package var checks: [Check] = []

    /// One check as it happened.
    package struct Check: Sendable {
        /// The verdict.
        package var result: CheckResult
        /// The exercise's progress with this check recorded.
        package var progress: ExerciseProgress
        /// The learner's file as it was checked.
        package var contents: String
    }
}

/// `kata check [id]` and `kata check --all`: grade the learner's files and record each check in the progress store.
///
/// The side effects of a check are its steps, each named where it runs: make the checker (``CheckerSetup``), keep
/// the editor's files up to date with the KataSpec it uses, check, record the verdict in the progress store, and
/// bring the learner's site up to date after a pass. The command reports to the room with what it returns.
package struct CheckStep {
    package let workspace: Workspace
    package let style: TerminalStyle
    package var format: CheckFormat
    package var useCache: Bool
    /// Set by `kata watch`, which moves on by itself after a pass (so the report does not say "run kata next").
    package var watching = false
    /// Where progress lines go (standard error): building KataSpec the first time, `--all`'s counter.
    package var status: (String) -> Void

    package init(
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
    package func run(id: String?) throws -> CheckOutput {
        let (progress, warnings) = try workspace.store.readReporting(workspace.messages)
        var exercise: Exercise
        var preface: String?
        if let id {
            exercise = try workspace.exercise(id)
        } else if let current = workspace.current(in: progress) {
            exercise = current
            if !workspace.learnerPath(current).exists {
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
        keepEditorFilesUp(checker)
        let result = try checker.check(exercise, path: exercise.learnerPath, contents: contents, useCache: useCache)
        let (recorded, notices) = try record(result)
        // A site the learner built in site/ is brought up to date, to show this exercise as solved.
        let siteNote = result.status == .passed ? SiteRefresh.run(workspace) : nil
        let shown = workspace.display(file)
        let text: String
        // Said when the program ran unconfined (a verdict from the cache says where it ran).
        let sandboxNotice = result.sandbox == .unconfined ? checker.sandbox.notice : nil
        switch format {
        case .human:
            text =
                HumanCheckReport(workspace: workspace, style: style, watching: watching).render(
                    result, exercise: exercise, file: shown, cached: result.cached)
                + (exercise.kind == .implement
                    ? Self.focusNote(in: contents, file: shown, messages: workspace.messages).map {
                        "\n" + style.paint($0, .dim) + "\n"
                    } ?? "" : "")
                + (sandboxNotice.map { "\n" + style.paint($0, .dim) + "\n" } ?? "")
                + (siteNote.map { "\n" + style.paint($0, .dim) + "\n" } ?? "")
        case .json:
            text = ExercismReport.text(
                ExercismReport(workspace: workspace).object(result, exercise: exercise, file: shown))
        case .junit:
            text = JUnitReport(workspace: workspace).document([(result, exercise)])
        }
        return CheckOutput(
            text: (format == .human ? preface.map { style.paint($0, .dim) + "\n\n" } ?? "" : "") + text,
            warnings: warnings + notices, status: result.status == .passed ? 0 : 1,
            checks: [CheckOutput.Check(result: result, progress: recorded, contents: contents)])
    }

    /// The exercise checked most recently whose file is still there.
    private func lastChecked(_ progress: Progress) -> Exercise? {
        workspace.workbook.exercises
            .filter { progress[$0.id].lastAttempt != nil }
            .filter { workspace.learnerPath($0).exists }
            .max { progress[$0.id].lastAttempt! < progress[$1.id].lastAttempt! }
    }

    /// Said before checking the last exercise again, when the current one has no file yet.
    static func rechecking(_ last: Exercise, next: Exercise, workspace: Workspace) -> String {
        workspace.messages(
            .recheckingLast, ["last": last.id, "next": next.id, "command": workspace.messages.kata("next")])
    }

    /// What `kata check` says when the current exercise has no file and nothing was ever checked.
    static func notStarted(_ exercise: Exercise, workspace: Workspace) -> String {
        workspace.messages(
            .nothingToCheckYet,
            ["path": workspace.display(workspace.learnerFile(exercise)), "command": workspace.messages.kata("next")])
            + "\n"
    }

    /// Checks every exercise that has a learner file, in workbook order.
    package func runAll() throws -> CheckOutput {
        let (_, warnings) = try workspace.store.readReporting(workspace.messages)
        let exercises = workspace.workbook.exercises.filter {
            workspace.learnerPath($0).exists
        }
        let checker = try makeChecker()
        keepEditorFilesUp(checker)
        var results: [(CheckResult, Exercise)] = []
        var checks: [CheckOutput.Check] = []
        var notices: [String] = []
        for (position, exercise) in exercises.enumerated() {
            status("[\(position + 1)/\(exercises.count)] \(exercise.id)")
            let contents: String
            do {
                contents = try workspace.learnerCode(exercise)
            } catch {
                notices.append(error.description(in: workspace.messages))
                continue
            }
            let result = try checker.check(exercise, path: exercise.learnerPath, contents: contents, useCache: useCache)
            let (progress, recorded) = try record(result)
            notices += recorded
            results.append((result, exercise))
            checks.append(CheckOutput.Check(result: result, progress: progress, contents: contents))
        }
        let passed = results.allSatisfy { $0.0.status == .passed }
        if results.contains(where: { $0.0.status == .passed }) { _ = SiteRefresh.run(workspace) }
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
        return CheckOutput(text: text, warnings: warnings + notices, status: passed ? 0 : 1, checks: checks)
    }

    /// A note when the learner's file in an implement exercise focuses or excludes examples: there every example
    /// of the chapter runs, so nothing the learner writes can leave one out.
    static func focusNote(in contents: String, file: String, messages: Messages = Messages(.source)) -> String? {
        // Anchored at each line's start, so a long line is read once rather than from each of its positions.
        let pattern = /[^\/\n]*?\b((?:f|x)(?:it|describe|context|specify))\s*\(/
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where line.contains("(") {
            guard let match = line.prefixMatch(of: pattern) else { continue }
            return messages(.focusNote, ["word": String(match.output.1), "place": "\(file):\(index + 1)"])
        }
        return nil
    }

    /// The checker, once what comes before a first check is done (``CheckerSetup``); the learner hears when KataSpec
    /// is built, or when the check waits for the preparation building it.
    private func makeChecker() throws -> ExerciseChecker {
        try CheckerSetup(workbook: workspace.workbook).checker(
            willBuildLibrary: { status(workspace.messages(.preparing)) },
            willWait: { status(workspace.messages(.waitingForPreparation)) })
    }

    /// Brings the editor's files up to date when the KataSpec that `checker` uses was built again (or a stopped
    /// preparation never wrote them), so that the editor imports the KataSpec checks use (``EditorSetup``).
    private func keepEditorFilesUp(_ checker: ExerciseChecker) {
        EditorSetup(workspace: workspace).keepUp(library: checker.compiler.library.directory)
    }

    /// Records the check in the progress store; returns the exercise's progress with it, and notices about the store
    /// (a corrupt file moved aside).
    private func record(_ result: CheckResult) throws -> (ExerciseProgress, [String]) {
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
        let (progress, notices) = try workspace.store.update { progress in
            progress[result.id].record(check)
            return progress[result.id]
        }
        return (progress, notices.map { $0.described(workspace.messages) })
    }

    private func summaryTable(_ results: [(CheckResult, Exercise)]) -> String {
        let t = workspace.messages
        guard !results.isEmpty else {
            return t(.tableNoFiles, ["command": t.kata("next")]) + "\n"
        }
        let width = max(Self.columns(t(.tableExercise)), results.map(\.1.id.count).max() ?? 8)
        let results15 = [Message.tablePassed, .tableFailed, .tableCompileError, .tableError].map { t($0) }
        let resultWidth = results15.map(Self.columns).max() ?? 15
        var lines = [
            Self.pad(t(.tableExercise), width) + "  " + Self.pad(t(.tableResult), resultWidth)
                + Self.pad(t(.tableScore), 5) + "   " + t(.tableTime)
        ]
        for (result, exercise) in results {
            let mark: String
            switch result.status {
            case .passed: mark = style.paint(Self.pad(t(.tablePassed), resultWidth), .green)
            case .failed: mark = style.paint(Self.pad(t(.tableFailed), resultWidth), .red)
            case .compileError: mark = style.paint(Self.pad(t(.tableCompileError), resultWidth), .red)
            case .error: mark = style.paint(Self.pad(t(.tableError), resultWidth), .red)
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
        lines.append(
            t(.tableSummary, ["passed": "\(passed)", "exercises": t.count(results.count, .exercisesOne, .exercises)]))
        if passed < results.count {
            lines.append(t(.tableDetails, ["command": t.kata("check <id>")]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many terminal columns a text takes (a Chinese character takes two).
    private static func columns(_ text: String) -> Int {
        text.reduce(0) { $0 + $1.columns }
    }

    /// `text` with spaces after it up to `width` columns.
    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - columns(text)))
    }
}
