import ArgumentParser
import KataApp
import KataBasics
import KataCommandLine

extension Kata {
    /// `kata lang`.
    struct Lang: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lang",
            abstract: "Show the languages the workbook can be read in, or choose one.",
            discussion: """
                `\(Kata.line("lang zh-Hans"))` shows the chapters' prompts, hints and mutant notes in \
                Simplified Chinese from then on (remembered in .kata/language); `\(Kata.line("lang en"))` \
                goes back. KATA_LANG=<code> chooses the \
                language for one command. The code is always the same, and so is your progress.
                """)

        @OptionGroup var options: WorkbookOptions

        @Argument(
            help: ArgumentHelp(
                "The language to choose: a code such as zh-Hans, or a unique start of one.", valueName: "code"))
        var code: String?

        func run() throws {
            let workspace = try options.workspace()
            let step = LanguageStep(workspace: workspace, style: .detect())
            if let code {
                workspace.output.show(try workspace.output.run { try step.choose(code) })
                // The chapter's code written for the editor names its places in the language now chosen.
                if let chosen = try? Workspace(explicitPath: options.workbook) {
                    Preparation.startAfterShowing(chosen)
                }
            } else {
                workspace.output.show(step.show())
            }
        }
    }
}
