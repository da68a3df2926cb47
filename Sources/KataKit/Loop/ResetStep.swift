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
        let files = LearnerFiles(workspace: workspace)
        let path = workspace.display(workspace.learnerFile(exercise))
        if let backup = try files.reset(exercise) {
            return LoopOutput(
                text: "Saved your file to \(workspace.display(backup))\n\(path) is back to its starter.\n")
        }
        return LoopOutput(text: "\(path) did not exist; it now holds the starter (nothing to back up).\n")
    }
}
