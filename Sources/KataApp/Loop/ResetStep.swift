import KataBasics

/// `kata reset <id>`: saves the learner's file to a backup and puts the starter back.
package struct ResetStep {
    /// The workspace.
    package let workspace: Workspace

    /// Creates the step.
    package init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Resets one exercise.
    package func run(id: String) throws -> LoopOutput {
        let exercise = try workspace.exercise(id)
        let path = workspace.display(workspace.learnerFile(exercise))
        let outcome = try LearnerFiles(workspace: workspace).reset(exercise)
        // Remembered so that `kata list` says "solved before" rather than "solved" for a file back at its starter.
        let (_, notices) = try workspace.store.update { $0[exercise.id].resetAfterAttempts = $0[exercise.id].attempts }
        let t = workspace.messages
        let text: String
        switch outcome {
        case .backedUp(let backup):
            text =
                t(.resetBackedUp, ["backup": workspace.display(backup)]) + "\n"
                + t(.resetBackToStarter, ["path": path]) + "\n"
        case .alreadySaved(let backup):
            text =
                t(.resetAlreadySaved, ["backup": workspace.display(backup)]) + "\n"
                + t(.resetBackToStarter, ["path": path]) + "\n"
        case .unchanged:
            text = t(.resetUnchanged, ["path": path]) + "\n"
        case .created:
            text = t(.resetCreated, ["path": path]) + "\n"
        case .linkRemoved(let link):
            text =
                t(.resetLinkRemoved, ["link": workspace.display(workspace.workbook.url(link))]) + "\n"
                + t(.resetBackToStarter, ["path": path]) + "\n"
        }
        return LoopOutput(text: text, warnings: notices.map { $0.described(workspace.messages) })
    }
}
