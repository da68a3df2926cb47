import ArgumentParser
import KataApp
import KataCommandLine

extension Kata {
    /// `kata list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List every chapter and exercise with its state and your overall progress.")

        @OptionGroup var options: WorkbookOptions

        func run() throws {
            let workspace = try options.workspace()
            workspace.output.show(
                try workspace.output.run { try ListReport(workspace: workspace, style: .detect()).run() })
            RoomReporter.detached(workspace).deliver()
        }
    }
}
