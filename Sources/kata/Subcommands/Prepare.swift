import ArgumentParser
import Foundation
import KataApp
import KataCommandLine

extension Kata {
    /// `kata prepare`: makes what a check needs (KataSpec compiled, the compiler's plan, the sandbox tried) and the
    /// editor's files. Started, detached, by `kata next`, so that the first check does not wait for KataSpec.
    struct Prepare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "prepare",
            abstract: "Prepare what checks need, and the editor's files (kata next runs this itself).",
            shouldDisplay: false)

        @OptionGroup var options: WorkbookOptions

        func run() throws {
            let workspace = try options.workspace()
            try workspace.output.run(status: 2) { try Preparation(workspace: workspace).run() }
        }
    }
}

extension Preparation {
    /// What `kata next` and `kata lang` do after showing their result: prepare, detached, or bring the editor's
    /// files up to date, and say what kata left alone.
    static func startAfterShowing(_ workspace: Workspace) {
        let kata = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        for notice in Preparation(workspace: workspace).start(executable: kata) {
            Output.printError(notice)
        }
    }
}
