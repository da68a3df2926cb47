import Foundation
import KataMessages
import KataSystem
import KataWorkbook

/// `kata watch`: checks the current exercise each time its file is saved, and moves on when it passes.
package struct WatchLoop {
    package let workspace: Workspace
    package let style: TerminalStyle
    /// Whether to clear the screen before each check (only on a terminal).
    package var clearScreen: Bool
    /// Writes text to the user.
    package var write: (String) -> Void

    package init(workspace: Workspace, style: TerminalStyle, clearScreen: Bool, write: @escaping (String) -> Void) {
        self.workspace = workspace
        self.style = style
        self.clearScreen = clearScreen
        self.write = write
    }

    /// Runs until every exercise is solved (or the user presses Ctrl-C). `once` stops after the first check (for tests).
    package func run(id: String?, once: Bool = false) throws {
        RunningGroups.shared.handleStopSignals()
        let watcher = try FileWatcher()
        var exercise = try startingExercise(id)
        while let current = exercise {
            _ = try LearnerFiles(workspace: workspace).createIfMissing(current)
            let file = workspace.learnerFile(current)
            if clearScreen { write("\u{1B}[2J\u{1B}[H") }
            var step = CheckStep(workspace: workspace, style: style, status: { self.write($0 + "\n") })
            step.watching = true
            let passed: Bool
            do {
                let output = try step.run(id: current.id)
                write(output.text)
                RoomReporter(workspace: workspace).reportChecks(output.checks)
                passed = output.status == 0
            } catch {
                write("kata: error: \(error)\n")
                passed = false
            }
            if once { return }
            if passed {
                let (progress, _) = try workspace.store.readReporting(workspace.messages)
                exercise = workspace.current(in: progress)
                if let next = exercise {
                    // The next exercise's prompt, as kata next shows it, so the learner can go on from here.
                    write("\n" + style.paint(String(repeating: "─", count: min(style.width, 40)), .dim) + "\n\n")
                    write(try NextStep(workspace: workspace, style: style).present(next, progress: progress))
                    watcher.startWatching(file: workspace.learnerFile(next))
                    write(style.paint("\n\(watchingLine(next))\n", .dim))
                    watcher.waitForSave(of: workspace.learnerFile(next))
                }
                continue
            }
            watcher.startWatching(file: file)
            write(style.paint("\n\(watchingLine(current, again: true))\n", .dim))
            watcher.waitForSave(of: file)
        }
        write(style.paint(workspace.messages(.watchAllSolved) + "\n", .green, .bold))
    }

    /// `Watching exercises/…/x.swift: save it to check again; Ctrl-C stops.`
    private func watchingLine(_ exercise: Exercise, again: Bool = false) -> String {
        workspace.messages(
            again ? .watchingAgain : .watching, ["path": workspace.display(workspace.learnerFile(exercise))])
    }

    private func startingExercise(_ id: String?) throws -> Exercise? {
        if let id { return try workspace.exercise(id) }
        let (progress, _) = try workspace.store.readReporting(workspace.messages)
        return workspace.current(in: progress)
    }
}
