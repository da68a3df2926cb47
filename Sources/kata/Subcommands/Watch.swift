import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataCommandLine
import KataMessages
import KataWorkbook

extension Kata {
    /// `kata watch`.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Check the current exercise every time you save its file; move on when it passes.",
            discussion: "Stop with Ctrl-C.")

        @OptionGroup var options: WorkbookOptions

        @Argument(help: ArgumentHelp("Start with this exercise instead of the current one.", valueName: "id"))
        var id: String?

        func run() throws {
            let workspace = try Output.run(status: 2) {
                try Workspace(explicitPath: options.workbook, kataCommand: Kata.command)
            }
            let loop = WatchLoop(
                workspace: workspace, style: .detect(), clearScreen: isatty(STDOUT_FILENO) == 1,
                write: { FileHandle.standardOutput.write(Data($0.utf8)) })
            try workspace.output.run(status: 2) { try loop.run(id: id) }
        }
    }
}
