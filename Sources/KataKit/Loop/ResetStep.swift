/// `kata reset <id>`: saves the learner's file to a backup and puts the starter back.
public struct ResetStep {
    /// The workspace.
    public let workspace: Workspace

    /// Creates the step.
    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Resets one exercise.
    public func run(id: String) throws -> LoopOutput {
        let exercise = try workspace.exercise(id)
        let path = workspace.display(workspace.learnerFile(exercise))
        let outcome = try LearnerFiles(workspace: workspace).reset(exercise)
        // Remembered so that `kata list` says "solved before" rather than "solved" for a file back at its starter.
        let (_, notices) = try workspace.store.update { $0[exercise.id].resetAfterAttempts = $0[exercise.id].attempts }
        let text: String
        switch outcome {
        case .backedUp(let backup):
            text = "Saved your file to \(workspace.display(backup))\n\(path) is back to its starter.\n"
        case .alreadySaved(let backup):
            text =
                "Your file is already saved, unchanged, in \(workspace.display(backup)) (no new backup).\n"
                + "\(path) is back to its starter.\n"
        case .unchanged:
            text = "\(path) already holds the starter: nothing to back up, nothing changed.\n"
        case .created:
            text = "\(path) did not exist; it now holds the starter (nothing to back up).\n"
        }
        return LoopOutput(text: text, warnings: notices.map(\.description))
    }
}
