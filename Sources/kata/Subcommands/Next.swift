import ArgumentParser
import KataKit

extension Kata {
    /// `kata next`.
    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "next",
            abstract: "Show the current exercise and create its file from the starter if it is missing.")

        @OptionGroup var options: WorkbookOptions

        func run() throws {
            let workspace = try options.workspace()
            Output.show(try Output.run { try NextStep(workspace: workspace, style: .detect()).run() })
        }
    }
}
