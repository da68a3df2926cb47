import Foundation

/// `kata check` for a person: the results in documentation format, then what to do next.
public struct HumanCheckReport {
    public let workspace: Workspace
    public let style: TerminalStyle
    /// In `kata watch`, which shows the next exercise by itself after a pass.
    public var watching: Bool
    let source: SourceText

    public init(workspace: Workspace, style: TerminalStyle, watching: Bool = false) {
        self.workspace = workspace
        self.style = style
        self.watching = watching
        self.source = SourceText(root: workspace.workbook.root)
    }

    /// The whole report for one check, ending in a newline.
    public func render(_ result: CheckResult, exercise: Exercise, file: String, cached: Bool = false) -> String {
        var lines: [String] = []
        let kind = exercise.kind == .specify ? " · you write the specs" : ""
        lines.append(style.paint("Checking \(exercise.id)", .bold) + style.paint(" · \(exercise.title)\(kind)", .dim))
        lines.append(
            style.paint(
                "  \(file)\(cached ? "  (this exact code was checked before: result from the cache)" : "")", .dim))
        lines.append("")
        switch result.status {
        case .compileError:
            lines += compileErrors(result)
            let count = result.diagnostics.count { $0.severity == .error }
            lines.append("")
            lines.append(
                style.paint(result.refused == true ? "✗ Not accepted" : "✗ Does not compile", .red, .bold)
                    + " (\(plural(max(count, 1), "error"))). Fix \(count > 1 ? "the first error" : "it") and run "
                    + style.paint(KataCommand.line("check \(exercise.id)"), .bold) + " again.")
            return lines.joined(separator: "\n") + "\n"
        case .error where result.run == nil:
            lines.append(
                style.paint("✗ Cannot check \(exercise.id): ", .red, .bold)
                    + (result.message ?? "unknown problem").withVisibleControls)
            return lines.joined(separator: "\n") + "\n"
        default:
            break
        }
        if let run = result.run {
            if exercise.kind == .specify { lines.append(style.paint("Your specs against the correct code", .bold)) }
            lines += examples(run)
            lines.append("")
            lines.append(countLine(run))
            if exercise.kind == .specify, let leftOut = Self.leftOutLine(run) {
                lines.append(style.paint(leftOut, .yellow))
            }
        }
        if let shape = result.shape {
            lines.append("")
            lines += shapeLines(shape)
        }
        if !result.mutants.isEmpty {
            lines.append("")
            lines += mutantLines(result)
        }
        lines.append("")
        lines += verdict(result, exercise: exercise)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `3 passed, 1 failed` (and pending or skipped where any).
    func countLine(_ run: RunReport) -> String {
        var parts = ["\(run.passed) passed", "\(run.failed) failed"]
        if run.pending > 0 { parts.append("\(run.pending) pending") }
        if run.skipped > 0 { parts.append("\(run.skipped) skipped") }
        return parts.joined(separator: ", ")
    }

    /// In a specify exercise: how many of the learner's examples did not run, and why that matters.
    /// `nil` when every example ran.
    static func leftOutLine(_ run: RunReport) -> String? {
        var parts: [String] = []
        if run.leftOutByFocus > 0 {
            parts.append("\(plural(run.leftOutByFocus, "example")) by focus (fit, fdescribe, fcontext)")
        }
        if run.pending > 0 {
            parts.append("\(plural(run.pending, "pending example")) (pending, xit, xdescribe, xcontext)")
        }
        guard !parts.isEmpty else { return nil }
        return
            "Left out: \(parts.joined(separator: " and ")). Only the \(plural(run.ran, "example")) that ran can catch a mutant."
    }

    private func compileErrors(_ result: CheckResult) -> [String] {
        guard !result.diagnostics.isEmpty else {
            return (result.compilerOutput ?? "").split(separator: "\n").map { String($0).withVisibleControls }
        }
        var lines: [String] = []
        for diagnostic in result.diagnostics where diagnostic.severity != .warning {
            let place = "\(display(diagnostic.file)):\(diagnostic.line):\(diagnostic.column)"
            let label = diagnostic.severity == .error ? style.paint("error:", .red, .bold) : style.paint("note:", .dim)
            lines.append("\(style.paint(place, .bold)): \(label) \(diagnostic.message.withVisibleControls)")
            if let code = source.line(diagnostic.line, of: diagnostic.file)?.withVisibleControls {
                lines.append(code)
                let padding = code.prefix(max(0, diagnostic.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
                lines.append(padding + style.paint("^", .green, .bold))
            }
            if diagnostic.severity == .error, diagnostic.file.hasPrefix("chapters/") {
                lines.append(
                    style.paint(
                        "  (this line is the chapter's code; it uses something your file must provide, with this exact name and type)",
                        .dim))
            }
        }
        return lines
    }

    private func examples(_ run: RunReport) -> [String] {
        var lines: [String] = []
        var shownPath: [String] = []
        for example in run.examples {
            let groups = Array(example.path.dropLast())
            var common = 0
            while common < min(groups.count, shownPath.count), groups[common] == shownPath[common] { common += 1 }
            for level in common..<groups.count {
                lines.append(String(repeating: "  ", count: level) + groups[level].withVisibleControls)
            }
            shownPath = groups
            let indent = String(repeating: "  ", count: groups.count)
            let title = (example.path.last ?? example.name).withVisibleControls
            // Kiwi marks each example's line, as KataSpec's own reporter does for a KiwiSpec.
            let kiwi = example.face == "kiwi"
            switch example.status {
            case .passed: lines.append(indent + style.paint("✓", .green) + " " + title + (kiwi ? " [PASSED]" : ""))
            case .pending:
                lines.append(indent + style.paint("- \(title) " + (kiwi ? "[PENDING]" : "(pending)"), .yellow))
            case .skipped: lines.append(indent + style.paint("- \(title) (left out by focus)", .dim))
            case .notRun: lines.append(indent + style.paint("- \(title) (not run)", .dim))
            case .failed, .crashed, .timedOut:
                lines.append(indent + style.paint("✗ \(title)" + (kiwi ? " [FAILED]" : ""), .red))
                for failure in example.failures {
                    let place = failure.file.map { file in
                        "\(display(file)):\(failure.line ?? example.line)" + (failure.column.map { ":\($0)" } ?? "")
                    }
                    let messageLines = failure.message.withVisibleControls.split(
                        separator: "\n", omittingEmptySubsequences: false)
                    let head =
                        (place.map { style.paint($0, .bold) + ": " } ?? "")
                        + (messageLines.first.map(String.init) ?? "")
                    lines.append(indent + "    " + head)
                    for more in messageLines.dropFirst() { lines.append(indent + "    " + more) }
                }
                if !example.output.isEmpty {
                    lines.append(indent + "    " + style.paint("printed:", .dim))
                    for text in example.output.withVisibleControls.split(
                        separator: "\n", omittingEmptySubsequences: true
                    ).prefix(20) {
                        lines.append(indent + "    " + style.paint("| ", .dim) + text)
                    }
                    if example.outputTruncated {
                        lines.append(indent + "    " + style.paint("| [output cut at 64 KiB]", .dim))
                    }
                }
            }
        }
        if run.notRun > 0 {
            lines.append(style.paint("\(plural(run.notRun, "example")) not run: the time ran out first", .yellow))
        }
        return lines
    }

    private func mutantLines(_ result: CheckResult) -> [String] {
        var lines = [style.paint("Mutants (broken versions of the code your specs must notice)", .bold)]
        for mutant in result.mutants {
            if mutant.caught, let limit = mutant.timedOutAfter {
                lines.append(
                    "  " + style.paint("✓ caught", .yellow) + "   \(mutant.name), "
                        + Self.timeoutCatch(mutant, limit: limit))
            } else if mutant.caught {
                let by = mutant.caughtBy.first.map { " by \"\($0.withVisibleControls)\"" } ?? ""
                lines.append("  " + style.paint("✓ caught", .green) + "   \(mutant.name)\(by)")
            } else {
                lines.append("  " + style.paint("✗ survived", .red) + " \(mutant.name): \(mutant.note)")
            }
        }
        lines.append("Score: \(result.caughtCount) of \(plural(result.mutants.count, "mutant")) caught")
        return lines
    }

    private func shapeLines(_ shape: ShapeCheck) -> [String] {
        var lines = [style.paint("The shape the exercise asks your spec to have", .bold)]
        for requirement in shape.requirements {
            let mark = requirement.met ? style.paint("✓", .green) : style.paint("✗", .red)
            lines.append("  \(mark) \(requirement.asked)" + (requirement.found.isEmpty ? "" : ": \(requirement.found)"))
        }
        return lines
    }

    /// How a mutant caught only by a timeout is described.
    static func timeoutCatch(_ mutant: CheckResult.MutantResult, limit: Double) -> String {
        let example = mutant.caughtBy.first.map { "\"\($0.withVisibleControls)\"" } ?? "an example"
        return "but only by timing out: \(example) was stopped after \(ProgramRunner.seconds(limit)) "
            + "(a weak catch: no expectation failed)"
    }

    private func verdict(_ result: CheckResult, exercise: Exercise) -> [String] {
        let again = style.paint(KataCommand.line("check \(exercise.id)"), .bold)
        switch result.status {
        case .passed:
            let what =
                exercise.kind == .specify
                ? "your specs pass against the correct code and catch every mutant."
                : "every example passes."
            // kata watch goes on by itself, to the next exercise or to its last word.
            let next = watching ? "" : " Run " + style.paint(KataCommand.line("next"), .bold) + " to go on."
            return [
                style.paint("✓ Solved!", .green, .bold) + " \(what.prefix(1).uppercased() + what.dropFirst())\(next)"
            ]
        case .failed:
            if let run = result.run, run.timedOutAfter != nil {
                return [
                    style.paint("✗ Timed out.", .red, .bold)
                        + " The run was stopped after \(ProgramRunner.seconds(run.timedOutAfter!)). Find the loop or wait that never ends, then run \(again) again."
                ]
            }
            if let message = result.message {
                return [
                    style.paint("✗ Not yet:", .red, .bold)
                        + " \(message.withVisibleControls). Fix the failing examples above, then run \(again) again."
                ]
            }
            if let shape = result.shape, !shape.met {
                let survivors = result.mutants.count { !$0.caught }
                let also = survivors > 0 ? ", and \(plural(survivors, "mutant")) survived" : ""
                return [
                    style.paint("✗ Not yet:", .red, .bold)
                        + " your spec does not have the shape the exercise asks for\(also). Group its examples "
                        + "as the prompt says, then run \(again) again."
                ]
            }
            if !result.mutants.isEmpty {
                let survivors = result.mutants.count { !$0.caught }
                return [
                    style.paint("✗ Not yet:", .red, .bold)
                        + " \(plural(survivors, "mutant")) survived. Add an example that fails for each survivor's mistake, then run \(again) again."
                ]
            }
            let failed = result.run?.failed ?? 0
            let total = result.run?.examples.count ?? 0
            return [
                style.paint("✗ Not yet:", .red, .bold)
                    + " \(failed) of \(plural(total, "example")) failed. Read the first failure, change your code, and run \(again) again."
            ]
        case .compileError, .error:
            return [style.paint("✗ Cannot check \(exercise.id): ", .red, .bold) + (result.message ?? "unknown problem")]
        }
    }

    private func display(_ path: String) -> String {
        path.hasPrefix("/") ? path : workspace.display(workspace.workbook.url(path))
    }
}
