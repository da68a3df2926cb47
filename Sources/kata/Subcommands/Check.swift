import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataCommandLine
import KataMessages
import KataWorkbook

extension CheckFormat: ExpressibleByArgument {}

extension Kata {
    /// `kata check`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Compile and run your solution against its specs (the current exercise by default).",
            discussion:
                "Exit status: 0 when it passes, 1 when it fails (or does not compile), 2 on a usage or workbook "
                + "error.")

        @OptionGroup var options: WorkbookOptions

        @Argument(help: ArgumentHelp("The exercise id, or a unique start of it.", valueName: "id"))
        var id: String?

        @Flag(help: "Check every exercise that has a file in exercises/, with a summary table.")
        var all = false

        @Option(help: ArgumentHelp("Output format: human, json (Exercism v3) or junit.", valueName: "format"))
        var format: CheckFormat = .human

        @Flag(help: "Run again even when nothing changed since the last check.")
        var noCache = false

        func validate() throws {
            if all, id != nil { throw ValidationError("give an exercise id or --all, not both") }
        }

        func run() throws {
            let workspace = try Output.run(status: 2) {
                try Workspace(explicitPath: options.workbook, kataCommand: Kata.command)
            }
            let showStatus = isatty(STDERR_FILENO) == 1 || all
            let step = CheckStep(
                workspace: workspace, style: .detect(), format: format, useCache: !noCache,
                status: { line in
                    let always = [workspace.messages(.preparing), workspace.messages(.waitingForPreparation)]
                    if showStatus || always.contains(line) { Output.printError(line) }
                })
            let output = try workspace.output.run(status: 2) { all ? try step.runAll() : try step.run(id: id) }
            for warning in output.warnings { workspace.output.warn(warning) }
            FileHandle.standardOutput.write(Data(output.text.utf8))
            RoomReporter.detached(workspace).reportChecks(output.checks)
            if output.status != 0 { throw ExitCode(output.status) }
        }
    }
}
