import ArgumentParser
import KataApp
import KataBasics
import KataCommandLine

extension Kata {
    /// `kata reset`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Put an exercise's starter back, after saving your file to a backup.")

        @OptionGroup var options: WorkbookOptions

        @Argument(help: ArgumentHelp("The exercise id, or a unique start of it.", valueName: "id"))
        var id: String

        func run() throws {
            let workspace = try options.workspace()
            workspace.output.show(try workspace.output.run { try ResetStep(workspace: workspace).run(id: id) })
        }
    }
}
