import KataBasics
import KataMessages
import KataWorkbook

/// `kata hint [id]`: shows the next hint of an exercise and remembers how many were shown.
package struct HintStep {
    /// The workspace.
    package let workspace: Workspace
    /// How to draw.
    package let style: TerminalStyle

    /// Creates the step.
    package init(workspace: Workspace, style: TerminalStyle) {
        self.workspace = workspace
        self.style = style
    }

    /// Shows the next hint of the exercise (the current one when `id` is nil); with `all`, every hint shown so far.
    package func run(id: String?, all: Bool = false) throws -> LoopOutput {
        let t = workspace.messages
        let exercise: Exercise
        var warnings: [String] = []
        if let id {
            exercise = try workspace.exercise(id)
        } else {
            let (progress, notices) = try workspace.store.readReporting(workspace.messages)
            warnings += notices
            guard let current = workspace.current(in: progress) else {
                return LoopOutput(
                    text: t(.hintNoCurrent, ["command": t.kata("hint <id>")]) + "\n",
                    warnings: warnings)
            }
            exercise = current
        }
        let hints = exercise.hints
        guard !hints.isEmpty else {
            return LoopOutput(
                text: t(.hintNone, ["id": exercise.id, "command": t.kata("next")]) + "\n",
                warnings: warnings)
        }
        let (shown, notices) = try workspace.store.update { progress -> Int in
            if all { return progress[exercise.id].hintsShown }
            let before = progress[exercise.id].hintsShown
            if before < hints.count { progress[exercise.id].hintsShown = before + 1 }
            return before < hints.count ? before + 1 : -before
        }
        warnings += notices.map { $0.described(workspace.messages) }
        let renderer = TerminalRenderer(
            style: style, linksRelativeTo: workspace.edition.textURL(of: exercise), display: workspace.display,
            kataCommand: workspace.kataCommand)
        if all {
            guard shown > 0 else {
                return LoopOutput(
                    text: t(.hintNoneShown, ["id": exercise.id, "command": t.kata("hint \(exercise.id)")])
                        + "\n",
                    warnings: warnings)
            }
            let text =
                fallbackLine(exercise)
                + (1...min(shown, hints.count)).map { level in
                    heading(level, exercise) + "\n\n" + renderer.render(markdown: hints[level - 1].markdown)
                }.joined(separator: "\n\n")
            return LoopOutput(text: text + "\n", warnings: warnings)
        }
        if shown < 0 {
            return LoopOutput(
                text: t(
                    .hintNoMore,
                    [
                        "id": exercise.id, "count": "\(hints.count)",
                        "command": t.kata("hint \(exercise.id) --all"),
                    ]) + "\n",
                warnings: warnings)
        }
        var text =
            fallbackLine(exercise) + heading(shown, exercise) + "\n\n"
            + renderer.render(markdown: hints[shown - 1].markdown) + "\n\n"
        let left = hints.count - shown
        text +=
            left == 0
            ? t(.hintLast) + "\n"
            : t(
                left == 1 ? .hintMoreOne : .hintMore,
                [
                    "count": "\(left)", "command": t.kata("hint \(exercise.id)"),
                ]) + "\n"
        return LoopOutput(text: text, warnings: warnings)
    }

    private func heading(_ level: Int, _ exercise: Exercise) -> String {
        let t = workspace.messages
        return style.paint(t(.hintHeading, ["level": "\(level)", "total": "\(exercise.hints.count)"]), .bold)
            + t(.hintFor, ["id": exercise.id, "title": exercise.title])
    }

    /// The edition's note when the exercise is shown in the source language, on a line of its own.
    private func fallbackLine(_ exercise: Exercise) -> String {
        workspace.edition.fallbackNote(for: exercise).map { style.paint($0, .dim) + "\n" } ?? ""
    }
}
