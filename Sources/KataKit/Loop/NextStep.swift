import Foundation

/// `kata next`: shows the first unsolved exercise (or the one named) and creates its file from the starter when
/// it is missing.
public struct NextStep {
    /// The workspace.
    public let workspace: Workspace
    /// How to draw.
    public let style: TerminalStyle

    /// Creates the step.
    public init(workspace: Workspace, style: TerminalStyle) {
        self.workspace = workspace
        self.style = style
    }

    /// Runs the step: shows `id` (an id or a unique start of one), or else the current exercise.
    public func run(id: String? = nil) throws -> LoopOutput {
        let named = try id.map { id throws(LoopError) in try workspace.exercise(id) }
        var (progress, warnings) = try workspace.store.readReporting()
        if let named, progress.chosen != named.id {
            // Remembered, so that check, watch and the next `kata next` go on from here.
            let (_, notices) = try workspace.store.update { $0.chosen = named.id }
            warnings += notices.map(\.description)
            progress.chosen = named.id
        }
        guard let exercise = named ?? workspace.current(in: progress) else {
            return LoopOutput(text: allSolved(progress), warnings: warnings)
        }
        return LoopOutput(text: try present(exercise, progress: progress), warnings: warnings)
    }

    /// Shows one exercise (its prompt, the file to edit and the commands to run), creating its file from the
    /// starter when it is missing; `kata watch` shows the next exercise this way too.
    public func present(_ exercise: Exercise, progress: Progress) throws(LoopError) -> String {
        let created = try LearnerFiles(workspace: workspace).createIfMissing(exercise)
        return show(exercise, progress: progress, created: created)
    }

    private func show(_ exercise: Exercise, progress: Progress, created: Bool) -> String {
        let workbook = workspace.workbook
        let chapter = workbook.chapter(of: exercise)
        let position = (workbook.exercises.firstIndex(of: exercise) ?? 0) + 1
        let kind = exercise.kind == .specify ? " · you write the specs" : ""
        var lines: [String] = []
        lines.append(style.paint("Chapter \(chapter.number) · \(chapter.title)", .dim))
        lines.append(
            style.paint("\(exercise.title)", .bold)
                + style.paint("  (\(exercise.id), exercise \(position) of \(workbook.exercises.count)\(kind))", .dim))
        if let note = workspace.edition.fallbackNote(for: exercise) {
            lines.append(style.paint(note, .dim))
        }
        lines.append("")
        let prompt = PromptText(workspace: workspace, style: style).render(exercise)
        if !prompt.isEmpty {
            lines.append(prompt)
            lines.append("")
        }
        if let shape = exercise.shape {
            lines.append("Shape  your spec needs " + shape.asked.joined(separator: "; "))
        }
        let path = workspace.display(workspace.learnerFile(exercise))
        let note = created ? "  (new: made from the starter)" : ""
        lines.append("Edit   " + style.paint(path, .bold) + note)
        lines.append("Check  " + style.paint(KataCommand.line("check \(exercise.id)"), .bold))
        if !exercise.hints.isEmpty {
            let shown = progress[exercise.id].hintsShown
            let left = exercise.hints.count - min(shown, exercise.hints.count)
            lines.append(
                "Stuck? " + style.paint(KataCommand.line("hint \(exercise.id)"), .bold)
                    + "  (\(left) of \(exercise.hints.count) hints left)")
        }
        if !KataCommand.isOnPath {
            lines.append(
                style.paint(
                    "(kata is not on your PATH, so commands start with \(KataCommand.name); "
                        + "README.md shows how to type plain kata)", .dim))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func allSolved(_ progress: Progress) -> String {
        let workbook = workspace.workbook
        var lines = [
            style.paint(
                "Every exercise is solved: \(workbook.exercises.count) of \(workbook.exercises.count). Well done!",
                .bold, .green), "",
        ]
        for chapter in workbook.chapters where !chapter.exercises.isEmpty {
            let checks = chapter.exercises.map { progress[$0.id].attempts }.reduce(0, +)
            let hints = chapter.exercises.map { progress[$0.id].hintsShown }.reduce(0, +)
            lines.append(
                "  ✓ \(chapter.title): \(plural(chapter.exercises.count, "exercise")), \(plural(checks, "check")), \(plural(hints, "hint"))"
            )
        }
        lines.append("")
        lines.append(
            "Run \(KataCommand.line("list")) for the whole workbook, or \(KataCommand.line("reset <id>")) to try one again."
        )
        return lines.joined(separator: "\n") + "\n"
    }
}
