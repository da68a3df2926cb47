import Foundation
import KataBasics
import KataBuilding
import KataGrading
import KataMessages
import KataWorkbook

/// `kata check` for a person: the results in documentation format, then what to do next.
package struct HumanCheckReport {
    package let workspace: Workspace
    package let style: TerminalStyle
    /// In `kata watch`, which shows the next exercise by itself after a pass.
    package var watching: Bool
    let source: SourceText
    /// kata's words, in the learner's language.
    let t: Messages

    package init(workspace: Workspace, style: TerminalStyle, watching: Bool = false) {
        self.workspace = workspace
        self.style = style
        self.watching = watching
        self.source = SourceText(root: workspace.workbook.root)
        self.t = workspace.messages
    }

    /// How many lines of what an example printed the report shows.
    static let printedLinesShown = 20

    /// The whole report for one check, ending in a newline.
    package func render(_ result: CheckResult, exercise: Exercise, file: String, cached: Bool = false) -> String {
        var lines: [String] = []
        let kind = exercise.kind == .specify ? t(.youWriteTheSpecs) : ""
        lines.append(
            style.paint(t(.checking, ["id": exercise.id]), .bold) + style.paint(" · \(exercise.title)\(kind)", .dim))
        lines.append(style.paint("  \(file)\(cached ? "  " + t(.cachedResult) : "")", .dim))
        lines.append("")
        switch result.status {
        case .compileError:
            lines += compileErrors(result, exercise: exercise.id)
            let warnings = result.refused == true ? [] : Self.learnersWarnings(result.diagnostics)
            if !warnings.isEmpty {
                lines.append("")
                lines += warningLines(warnings, exercise: exercise.id)
            }
            let count = result.diagnostics.count { $0.severity == .error }
            lines.append("")
            lines.append(
                style.paint(t(result.refused == true ? .notAccepted : .doesNotCompile), .red, .bold)
                    + t(
                        count > 1 ? .compileFixFirst : .compileFixIt,
                        [
                            "errors": t.count(max(count, 1), .errorsOne, .errors),
                            "command": style.paint(t.kata("check \(exercise.id)"), .bold),
                        ]))
            return lines.joined(separator: "\n") + "\n"
        case .error where result.run == nil:
            lines.append(
                style.paint(t(.cannotCheck, ["id": exercise.id]), .red, .bold)
                    + (said(result) ?? t(.unknownProblem)).withVisibleControls)
            return lines.joined(separator: "\n") + "\n"
        default:
            break
        }
        if let run = result.run {
            if exercise.kind == .specify { lines.append(style.paint(t(.specsAgainstCorrectCode), .bold)) }
            lines += examples(run, exercise: exercise.id)
            lines.append("")
            lines.append(countLine(run))
            if exercise.kind == .specify, let leftOut = Self.leftOutLine(run, messages: t) {
                lines.append(style.paint(leftOut, .yellow))
            }
        }
        if let shape = result.shape {
            lines.append("")
            lines += shapeLines(shape, asked: exercise.shape?.asked(t), engine: exercise.engine)
        }
        if !result.mutants.isEmpty {
            lines.append("")
            lines += mutantLines(result)
        }
        if let warnings = result.warnings, !warnings.isEmpty {
            lines.append("")
            lines += warningLines(warnings, exercise: exercise.id)
        }
        lines.append("")
        lines += verdict(result, exercise: exercise)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `3 passed, 1 failed` (and pending or skipped where any).
    func countLine(_ run: RunReport) -> String {
        var parts = [t(.countPassed, ["count": "\(run.passed)"]), t(.countFailed, ["count": "\(run.failed)"])]
        if run.pending > 0 { parts.append(t(.countPending, ["count": "\(run.pending)"])) }
        if run.skipped > 0 { parts.append(t(.countSkipped, ["count": "\(run.skipped)"])) }
        return parts.joined(separator: t.language.isSource ? ", " : "，")
    }

    /// In a specify exercise: how many of the learner's examples did not run, and why that matters.
    /// `nil` when every example ran.
    /// The result's message in the learner's language where it is one of kata's own sentences.
    private func said(_ result: CheckResult) -> String? {
        result.note?.said(in: t)
    }

    static func leftOutLine(_ run: RunReport, messages t: Messages = Messages(.source)) -> String? {
        var parts: [String] = []
        if run.leftOutByFocus > 0 {
            parts.append(t(.leftOutFocus, ["examples": t.count(run.leftOutByFocus, .examplesOne, .examples)]))
        }
        if run.pending > 0 {
            parts.append(
                t(.leftOutPending, ["examples": t.count(run.pending, .pendingExamplesOne, .pendingExamples)]))
        }
        guard !parts.isEmpty else { return nil }
        return t(
            .leftOut,
            [
                "parts": parts.joined(separator: t.language.isSource ? " and " : "；"),
                "examples": t.count(run.ran, .examplesOne, .examples),
            ])
    }

    private func compileErrors(_ result: CheckResult, exercise: String) -> [String] {
        guard !result.diagnostics.isEmpty else {
            return (result.compilerOutput ?? "").split(separator: "\n").map { String($0).withVisibleControls }
        }
        var lines: [String] = []
        var inWarning = false
        for diagnostic in result.diagnostics {
            // Warnings, and the notes that belong to them, come after the errors (see `learnersWarnings`).
            if diagnostic.severity != .note { inWarning = diagnostic.severity == .warning }
            if inWarning { continue }
            lines += diagnosticLines(diagnostic, exercise: exercise)
        }
        return lines
    }

    /// One diagnostic: its place and message, then the line it points at with a caret under the column.
    private func diagnosticLines(_ diagnostic: CompilerDiagnostic, exercise: String) -> [String] {
        var lines: [String] = []
        let (file, line) = located(diagnostic.file, diagnostic.line, exercise: exercise)
        let place = "\(display(file)):\(line):\(diagnostic.column)"
        let label =
            switch diagnostic.severity {
            case .error: style.paint("error:", .red, .bold)
            case .warning: style.paint("warning:", .yellow, .bold)
            case .note: style.paint("note:", .dim)
            }
        let message = diagnostic.said.map { t($0.message, $0.values) } ?? diagnostic.message
        lines.append("\(style.paint(place, .bold)): \(label) \(message.withVisibleControls)")
        if let code = source.line(diagnostic.line, of: diagnostic.file)?.withVisibleControls {
            lines.append(code)
            let padding = code.prefix(max(0, diagnostic.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
            lines.append(padding + style.paint("^", .green, .bold))
        }
        if diagnostic.severity == .error, diagnostic.file.hasPrefix("chapters/") {
            lines.append(style.paint(t(.chapterCodeLine), .dim))
        }
        return lines
    }

    /// The compiler's warnings about the learner's file, under a line that says they do not change the result.
    private func warningLines(_ warnings: [CompilerDiagnostic], exercise: String) -> [String] {
        let count = warnings.count { $0.severity == .warning }
        var lines = [style.paint(t(count == 1 ? .warningsHeadingOne : .warningsHeading), .bold)]
        for warning in warnings { lines += diagnosticLines(warning, exercise: exercise) }
        return lines
    }

    /// Among a compile's diagnostics, the warnings about the learner's file (not the chapter's, not KataSpec's, not
    /// kata's generated code) with their notes.
    static func learnersWarnings(_ diagnostics: [CompilerDiagnostic]) -> [CompilerDiagnostic] {
        var kept: [CompilerDiagnostic] = []
        var keeping = false
        for diagnostic in diagnostics {
            if diagnostic.severity != .note {
                keeping =
                    diagnostic.severity == .warning && !diagnostic.file.hasPrefix("chapters/")
                    && !diagnostic.file.hasPrefix("/") && diagnostic.file.hasSuffix(".swift")
            }
            if keeping, !diagnostic.file.hasPrefix("/") { kept.append(diagnostic) }
        }
        return kept
    }

    private func examples(_ run: RunReport, exercise: String) -> [String] {
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
            case .skipped: lines.append(indent + style.paint("- \(title) " + t(.exampleLeftOut), .dim))
            case .notRun: lines.append(indent + style.paint("- \(title) " + t(.exampleNotRun), .dim))
            case .failed, .crashed, .timedOut:
                lines.append(indent + style.paint("✗ \(title)" + (kiwi ? " [FAILED]" : ""), .red))
                for failure in example.failures {
                    let place = failure.file.map { file in
                        let (shown, line) = located(file, failure.line ?? example.line, exercise: exercise)
                        return "\(display(shown)):\(line)" + (failure.column.map { ":\($0)" } ?? "")
                    }
                    let message =
                        failure.said.map { t($0.message, shown($0.values, exercise: exercise)) }
                        ?? failure.message
                    let messageLines = message.withVisibleControls.split(
                        separator: "\n", omittingEmptySubsequences: false)
                    let head =
                        (place.map { style.paint($0, .bold) + ": " } ?? "")
                        + (messageLines.first.map(String.init) ?? "")
                    lines.append(indent + "    " + head)
                    for more in messageLines.dropFirst() { lines.append(indent + "    " + more) }
                }
                if !example.output.isEmpty {
                    lines.append(indent + "    " + style.paint(t(.printed), .dim))
                    for text in example.output.withVisibleControls.split(
                        separator: "\n", omittingEmptySubsequences: true
                    ).prefix(Self.printedLinesShown) {
                        lines.append(indent + "    " + style.paint("| ", .dim) + text)
                    }
                    let printedLines = example.output.split(separator: "\n", omittingEmptySubsequences: true).count
                    if printedLines > Self.printedLinesShown {
                        let more = t(
                            .outputMoreLines,
                            ["count": "\(printedLines - Self.printedLinesShown)", "shown": "\(Self.printedLinesShown)"])
                        lines.append(indent + "    " + style.paint("| " + more, .dim))
                    }
                    if example.outputTruncated {
                        lines.append(indent + "    " + style.paint("| " + t(.outputCut), .dim))
                    }
                }
            }
        }
        if run.notRun > 0 {
            lines.append(
                style.paint(t(.notRunTime, ["examples": t.count(run.notRun, .examplesOne, .examples)]), .yellow))
        }
        return lines
    }

    private func mutantLines(_ result: CheckResult) -> [String] {
        var lines = [style.paint(t(.mutantsHeading), .bold)]
        for mutant in result.mutants {
            if mutant.caught, let limit = mutant.timedOutAfter {
                lines.append(
                    "  " + style.paint(t(.caught), .yellow) + "   \(mutant.name), "
                        + Self.timeoutCatch(mutant, limit: limit, messages: t))
            } else if mutant.caught {
                let by = mutant.shownCaughtBy.first.map { t(.caughtBy, ["example": $0.withVisibleControls]) } ?? ""
                lines.append("  " + style.paint(t(.caught), .green) + "   \(mutant.name)\(by)")
            } else {
                lines.append(
                    "  " + style.paint(t(.survived), .red) + " "
                        + t(.survivedNote, ["name": mutant.name, "note": mutant.note]))
            }
        }
        lines.append(
            t(
                .score,
                ["caught": "\(result.caughtCount)", "mutants": t.count(result.mutants.count, .mutantsOne, .mutants)]))
        return lines
    }

    /// The shape's requirements; `asked` is what they ask in the learner's language, in the same order.
    private func shapeLines(_ shape: ShapeCheck, asked: [String]?, engine: TestEngine) -> [String] {
        var lines = [style.paint(t(engine == .kataSpec ? .shapeHeading : .shapeHeadingTests), .bold)]
        let colon = t.language.isSource ? ": " : "："
        for (index, requirement) in shape.requirements.enumerated() {
            let mark = requirement.met ? style.paint("✓", .green) : style.paint("✗", .red)
            let what = asked.flatMap { $0.count == shape.requirements.count ? $0[index] : nil } ?? requirement.asked
            lines.append(
                "  \(mark) \(what)" + (requirement.found.isEmpty ? "" : colon + t.shapeFound(requirement.found)))
        }
        return lines
    }

    /// A time limit in the learner's language: `10 s`, `10 秒`.
    static func duration(_ seconds: Double, _ t: Messages) -> String {
        let value = seconds == seconds.rounded() ? "\(Int(seconds))" : String(format: "%.1f", seconds)
        return t(.durationSeconds, ["value": value])
    }

    /// How a mutant caught only by a timeout is described.
    static func timeoutCatch(
        _ mutant: CheckResult.MutantResult, limit: Double, messages t: Messages = Messages(.source)
    ) -> String {
        let example =
            mutant.shownCaughtBy.first.map { "\"\($0.withVisibleControls)\"" }
            ?? (t.language.isSource ? "an example" : "某个用例")
        return t(.timeoutCatch, ["example": example, "seconds": duration(limit, t)])
    }

    private func verdict(_ result: CheckResult, exercise: Exercise) -> [String] {
        let again = style.paint(t.kata("check \(exercise.id)"), .bold)
        let notYet = style.paint(t(.notYet), .red, .bold)
        switch result.status {
        case .passed:
            let what = t(exercise.kind == .specify ? .solvedSpecify : .solvedImplement)
            // kata watch goes on by itself, to the next exercise or to its last word.
            let next = watching ? "" : t(.goOn, ["command": style.paint(t.kata("next"), .bold)])
            return [style.paint(t(.solved), .green, .bold) + what + next]
        case .failed:
            if let run = result.run, let limit = run.timedOutAfter {
                return [
                    style.paint(t(.timedOutMark), .red, .bold)
                        + t(.timedOut, ["seconds": Self.duration(limit, t), "command": again])
                ]
            }
            if let message = said(result) {
                return [notYet + t(.notYetMessage, ["message": message.withVisibleControls, "command": again])]
            }
            if let shape = result.shape, !shape.met {
                let survivors = result.mutants.count { !$0.caught }
                let also = survivors > 0 ? t(.alsoSurvived, ["mutants": t.count(survivors, .mutantsOne, .mutants)]) : ""
                let message: Message = exercise.engine == .kataSpec ? .notYetShape : .notYetShapeTests
                return [notYet + t(message, ["also": also, "command": again])]
            }
            if !result.mutants.isEmpty {
                let survivors = result.mutants.count { !$0.caught }
                return [
                    notYet
                        + t(.notYetMutants, ["mutants": t.count(survivors, .mutantsOne, .mutants), "command": again])
                ]
            }
            let failed = result.run?.failed ?? 0
            let total = result.run?.examples.count ?? 0
            return [
                notYet
                    + t(
                        .notYetFailed,
                        ["failed": "\(failed)", "examples": t.count(total, .examplesOne, .examples), "command": again])
            ]
        case .compileError, .error:
            return [
                style.paint(t(.cannotCheck, ["id": exercise.id]), .red, .bold) + (said(result) ?? t(.unknownProblem))
            ]
        }
    }

    /// A sentence's values with the place of the example that called the code that stopped (`example`, a
    /// `file:line` relative to the root) shown as the failure's own place is: in the translation the learner reads,
    /// relative to where they are.
    private func shown(_ values: [String: String], exercise: String) -> [String: String] {
        guard let example = values["example"], let colon = example.lastIndex(of: ":"),
            let line = Int(example[example.index(after: colon)...])
        else { return values }
        let (file, number) = located(String(example[..<colon]), line, exercise: exercise)
        var values = values
        values["example"] = "\(display(file)):\(number)"
        return values
    }

    /// A place in a chapter as the learner reads it: in the translation, for an exercise read in translation.
    private func located(_ file: String, _ line: Int, exercise: String) -> (String, Int) {
        workspace.edition.placeInTranslation(file: file, line: line, exercise: exercise) ?? (file, line)
    }

    private func display(_ path: String) -> String {
        path.hasPrefix("/") ? path : workspace.display(workspace.workbook.url(path))
    }
}
