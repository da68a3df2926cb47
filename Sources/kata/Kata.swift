import ArgumentParser
import Foundation
import KataApp
import KataCommandLine
import KataMessages
import KataWorkbook

/// The `kata` command: a workbook of unit-testing katas.
@main
struct Kata: ParsableCommand {
    /// How the user types kata (``KataCommand/detected()``), worked out once when the command line is parsed: the
    /// usage lines, and every command kata prints, start with it.
    static let command = KataCommand.detected()

    /// A kata command as the user types it: `./kata next`.
    static func line(_ arguments: String) -> String { "\(command) \(arguments)" }

    // Named as the learner types it (`./kata` until kata is on the PATH), so that the usage lines and "See
    // './kata reset --help'" can be typed as they are printed.
    static let configuration = CommandConfiguration(
        commandName: Kata.command,
        abstract: "Learn unit testing by doing: read a chapter, write code, check it.",
        // One line per paragraph: ArgumentParser wraps each line to the terminal's width, so a line broken by
        // hand here would break again in the middle on a narrower terminal.
        discussion: [
            "Start with `\(Kata.line("next"))`: it shows the current exercise and the file to edit. "
                + "`\(Kata.line("hint"))` helps when you are stuck, and `\(Kata.line("list"))` shows "
                + "where you are.",
            "",
            "Exit status: 0 on success, 1 when the workbook or the request has a problem, 2 on a usage error "
                + "(an unknown option, a missing argument).",
            "",
            "`\(Kata.line("check"))` is different: 0 when your code passes, 1 when it does not pass yet, 2 on a usage or "
                + "workbook error.",
        ].joined(separator: "\n"),
        version: ToolCommand.version,
        subcommands: [
            Next.self, Check.self, List.self, Hint.self, Reset.self, Watch.self, Lang.self, Verify.self, Translate.self,
            BuildSite.self, Join.self, Leave.self, HandinCommand.self, Room.self, RoomSend.self, Prepare.self,
        ]
    )

    /// Runs the command; usage errors exit with status 2. `kata help build-site` (and the other tools' commands) shows
    /// kata-tools' own help, as `kata build-site --help` does, not that of kata's side of the command.
    static func main() {
        let words = Array(CommandLine.arguments.dropFirst())
        if words.first == "help", let (command, rest) = ToolCommand.command(startingWith: Array(words.dropFirst())) {
            do { try command.run(rest + ["--help"]) } catch { exit(withError: error) }
        }
        runExitingTwoOnUsageErrors()
    }
}
