import KataBasics
import KataMessages
import KataWorkbook

/// `kata list`: every chapter and exercise with its state, counts and an overall progress bar.
package struct ListReport {
    /// The workspace.
    package let workspace: Workspace
    /// How to draw.
    package let style: TerminalStyle

    /// Creates the report.
    package init(workspace: Workspace, style: TerminalStyle) {
        self.workspace = workspace
        self.style = style
    }

    /// Builds the report.
    package func run() throws -> LoopOutput {
        let (progress, warnings) = try workspace.store.readReporting(workspace.messages)
        let workbook = workspace.workbook
        let current = workspace.current(in: progress)
        let t = workspace.messages
        let idWidth = workbook.exercises.map(\.id.count).max() ?? 0
        var lines: [String] = []
        for chapter in workbook.chapters {
            let solved = chapter.exercises.filter { progress[$0.id].state == .solved }.count
            let number = chapter.number < 10 ? "0\(chapter.number)" : "\(chapter.number)"
            lines.append(
                style.paint("\(number) \(chapter.title)", .bold)
                    + style.paint(
                        "  " + t(.listSolved, ["solved": "\(solved)", "total": "\(chapter.exercises.count)"]), .dim))
            for exercise in chapter.exercises {
                let record = progress[exercise.id]
                let mark: String
                switch record.state {
                case .solved: mark = style.paint("✓", .green)
                case .attempted: mark = style.paint("~", .yellow)
                case .notStarted: mark = style.paint("·", .dim)
                }
                let pointer = exercise == current ? style.paint("→", .bold) : " "
                let id = exercise.id.padding(toLength: idWidth, withPad: " ", startingAt: 0)
                var details: [String]
                switch (record.solvedBefore, record.state) {
                case (.reset?, _): details = [t(.solvedBeforeReset)]
                case (.lastCheckFailed?, _): details = [t(.solvedBeforeFailed)]
                case (nil, .solved): details = [t(.stateSolved)]
                case (nil, .attempted): details = [t(.stateAttempted)]
                case (nil, .notStarted): details = [t(.stateNotStarted)]
                }
                if record.state == .attempted { details.append(t.count(record.attempts, .checksOne, .checks)) }
                if exercise.kind == .specify { details.append(t(.listSpecs)) }
                let detail =
                    t.language.isSource ? "(\(details.joined(separator: ", ")))" : "（\(details.joined(separator: "，"))）"
                lines.append("  \(pointer) \(mark) \(id)  \(exercise.title)" + style.paint("  " + detail, .dim))
            }
            lines.append("")
        }
        let total = workbook.exercises.count
        let solved = workbook.exercises.filter { progress[$0.id].state == .solved }.count
        let attempted = workbook.exercises.filter { progress[$0.id].state == .attempted }.count
        lines.append(Self.bar(solved: solved, total: total, style: style, messages: t))
        lines.append(
            t(
                .listTotals,
                ["solved": "\(solved)", "attempted": "\(attempted)", "notStarted": "\(total - solved - attempted)"]))
        if let current {
            lines.append(t(.listNext, ["command": t.kata("next"), "id": current.id]))
        }
        return LoopOutput(text: lines.joined(separator: "\n") + "\n", warnings: warnings)
    }

    /// `[████████░░░░░░░░░░░░] 12/45 solved (26%)`.
    static func bar(
        solved: Int, total: Int, style: TerminalStyle, messages: Messages = Messages(.source), width: Int = 30
    ) -> String {
        let filled = total == 0 ? 0 : solved * width / total
        let percent = total == 0 ? 0 : solved * 100 / total
        return "[" + style.paint(String(repeating: "█", count: filled), .green)
            + String(repeating: "░", count: width - filled)
            + "] " + messages(.listBar, ["solved": "\(solved)", "total": "\(total)", "percent": "\(percent)"])
    }
}
