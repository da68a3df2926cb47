import ArgumentParser
import KataApp
import KataBasics
import KataCommandLine
import KataMessages

extension Kata {
    /// `kata next`.
    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "next",
            abstract: "Show the current exercise and create its file from the starter if it is missing.",
            discussion:
                "The current exercise is the first one you have not solved. Name another "
                + "(`\(Kata.line("next spry-fake"))`, or a unique start of its id) to jump to it, as a "
                + "workshop does when it starts at a chapter: from then on `\(Kata.line("check"))`, "
                + "`\(Kata.line("watch"))` and `\(Kata.line("next"))` go on from that exercise.")

        @OptionGroup var options: WorkbookOptions

        @Argument(
            help: ArgumentHelp(
                "An exercise id, or a unique start of it, to show instead of the current one.", valueName: "id"))
        var id: String?

        func run() throws {
            let workspace = try options.workspace()
            workspace.output.show(
                try workspace.output.run { try NextStep(workspace: workspace, style: .detect()).run(id: id) })
            RoomReporter.detached(workspace).reportNext(workspace: workspace)
            Preparation.startAfterShowing(workspace)
        }
    }
}
