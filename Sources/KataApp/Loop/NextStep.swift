import Foundation
import KataBasics
import KataMessages
import KataWorkbook

/// `kata next`: shows the first unsolved exercise (or the one named) and creates its file from the starter when
/// it is missing, and the chapter's code it is compiled with for the learner to read (``ChapterCodeFile``).
package struct NextStep {
    /// The workspace.
    package let workspace: Workspace
    /// How to draw.
    package let style: TerminalStyle

    /// Creates the step.
    package init(workspace: Workspace, style: TerminalStyle) {
        self.workspace = workspace
        self.style = style
    }

    /// Runs the step: shows `id` (an id or a unique start of one), or else the current exercise.
    package func run(id: String? = nil) throws -> LoopOutput {
        let named = try id.map { id throws(LoopError) in try workspace.exercise(id) }
        var (progress, warnings) = try workspace.store.readReporting(workspace.messages)
        if let named, progress.chosen != named.id {
            // Remembered, so that check, watch and the next `kata next` go on from here.
            let (_, notices) = try workspace.store.update { $0.chosen = named.id }
            warnings += notices.map { $0.described(workspace.messages) }
            progress.chosen = named.id
        }
        guard let exercise = named ?? workspace.current(in: progress) else {
            return LoopOutput(text: allSolved(progress), warnings: warnings)
        }
        return LoopOutput(text: try present(exercise, progress: progress), warnings: warnings)
    }

    /// Shows one exercise (its prompt, the file to edit and the commands to run), creating its file from the
    /// starter when it is missing; `kata watch` shows the next exercise this way too.
    package func present(_ exercise: Exercise, progress: Progress) throws(LoopError) -> String {
        let created = try LearnerFiles(workspace: workspace).createIfMissing(exercise)
        // The prompt points at the chapter's code in this file for long support code: it must be there now, even
        // when no preparation runs to write the editor's files.
        EditorSetup(workspace: workspace).writeChapterCode(of: exercise)
        return show(exercise, progress: progress, created: created)
    }

    private func show(_ exercise: Exercise, progress: Progress, created: Bool) -> String {
        let workbook = workspace.workbook
        let chapter = workbook.chapter(of: exercise)
        let position = (workbook.exercises.firstIndex(of: exercise) ?? 0) + 1
        let t = workspace.messages
        let kind = exercise.kind == .specify ? t(.youWriteTheSpecs) : ""
        var lines: [String] = []
        lines.append(style.paint(t(.nextChapter, ["number": "\(chapter.number)", "title": chapter.title]), .dim))
        lines.append(
            style.paint("\(exercise.title)", .bold)
                + style.paint(
                    "  "
                        + t(
                            .nextExercise,
                            [
                                "id": exercise.id, "position": "\(position)", "total": "\(workbook.exercises.count)",
                                "kind": kind,
                            ]), .dim))
        if let note = workspace.edition.fallbackNote(for: exercise) {
            lines.append(style.paint(note, .dim))
        }
        lines.append("")
        let prompt = PromptText(workspace: workspace, style: style).render(exercise)
        if !prompt.isEmpty {
            lines.append(prompt)
            lines.append("")
        }
        if let runs = runsOn(exercise) {
            lines.append(t(.labelRuns) + runs)
        }
        if let shape = exercise.shape {
            lines.append(
                t(.labelShape)
                    + t(
                        exercise.engine == .kataSpec ? .shapeNeeds : .shapeNeedsTests,
                        ["shape": shape.asked(t).joined(separator: t.language.isSource ? "; " : "；")]))
        }
        let path = workspace.display(workspace.learnerFile(exercise))
        let note = created ? "  " + t(.newFromStarter) : ""
        lines.append(t(.labelEdit) + style.paint(path, .bold) + note)
        lines.append(t(.labelCheck) + style.paint(t.kata("check \(exercise.id)"), .bold))
        if !exercise.hints.isEmpty {
            let shown = progress[exercise.id].hintsShown
            let left = exercise.hints.count - min(shown, exercise.hints.count)
            lines.append(
                t(.labelStuck) + style.paint(t.kata("hint \(exercise.id)"), .bold)
                    + "  " + t(.hintsLeft, ["left": "\(left)", "total": "\(exercise.hints.count)"]))
        }
        if t.kataCommand != "kata" {
            lines.append(
                style.paint(t(.notOnPath, ["name": t.kataCommand]), .dim))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The framework and language mode the exercise's tests compile with, where they are not the book's first
    /// (KataSpec in Swift 5 mode): chapters 12 to 15 promise that every exercise says so.
    private func runsOn(_ exercise: Exercise) -> String? {
        let t = workspace.messages
        let mode = exercise.languageMode.rawValue
        switch exercise.engine {
        case .kataSpec:
            return exercise.languageMode == .swift5 ? nil : t(.runsOnKataSpec, ["mode": mode])
        case .swiftTesting, .xcTest:
            return t(.runsOnFramework, ["framework": exercise.engine.displayName, "mode": mode])
        }
    }

    private func allSolved(_ progress: Progress) -> String {
        let workbook = workspace.workbook
        let t = workspace.messages
        var lines = [
            style.paint(t(.allSolved, ["count": "\(workbook.exercises.count)"]), .bold, .green), "",
        ]
        for chapter in workbook.chapters where !chapter.exercises.isEmpty {
            let checks = chapter.exercises.map { progress[$0.id].attempts }.reduce(0, +)
            let hints = chapter.exercises.map { progress[$0.id].hintsShown }.reduce(0, +)
            lines.append(
                "  ✓ "
                    + t(
                        .allSolvedChapter,
                        [
                            "title": chapter.title,
                            "exercises": t.count(chapter.exercises.count, .exercisesOne, .exercises),
                            "checks": t.count(checks, .checksOne, .checks), "hints": t.count(hints, .hintsOne, .hints),
                        ]))
        }
        lines.append("")
        lines.append(t(.allSolvedNext, ["list": t.kata("list"), "reset": t.kata("reset <id>")]))
        return lines.joined(separator: "\n") + "\n"
    }
}
