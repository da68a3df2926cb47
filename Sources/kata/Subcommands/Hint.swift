import ArgumentParser
import KataApp
import KataBasics
import KataCommandLine
import KataMessages
import KataWorkbook

extension Kata {
    /// `kata hint`.
    struct Hint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hint",
            abstract: "Show the next hint of an exercise (the current one by default).")

        @OptionGroup var options: WorkbookOptions

        @Argument(help: ArgumentHelp("The exercise id, or a unique start of it.", valueName: "id"))
        var id: String?

        @Flag(help: "Show again every hint you have already seen, instead of a new one.")
        var all = false

        func run() throws {
            let workspace = try options.workspace()
            workspace.output.show(
                try workspace.output.run { try HintStep(workspace: workspace, style: .detect()).run(id: id, all: all) })
            RoomReporter.detached(workspace).reportHint(workspace: workspace, id: all ? nil : id, shown: !all)
        }
    }
}
