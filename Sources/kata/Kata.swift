import ArgumentParser
import Foundation

/// The `kata` command: a workbook of unit-testing katas.
@main
struct Kata: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kata",
        abstract: "Learn unit testing by doing: read a chapter, write code, check it.",
        // One line per paragraph: ArgumentParser wraps each line to the terminal's width, so a line broken by
        // hand here would break again in the middle on a narrower terminal.
        discussion: [
            "Start with `kata next`: it shows the current exercise and the file to edit. `kata hint` helps when "
                + "you are stuck, and `kata list` shows where you are.",
            "",
            "Exit status: 0 on success, 1 when the workbook or the request has a problem, 2 on a usage error "
                + "(an unknown option, a missing argument).",
            "",
            "`kata check` is different: 0 when your code passes, 1 when it does not pass yet, 2 on a usage or "
                + "workbook error.",
        ].joined(separator: "\n"),
        version: "0.1.0",
        subcommands: [
            Next.self, Check.self, List.self, Hint.self, Reset.self, Watch.self, Lang.self, Verify.self, Translate.self,
            BuildSite.self, Join.self, Leave.self, HandinCommand.self, Room.self, RoomSend.self, Prepare.self,
        ]
    )

    /// Runs the command; usage errors exit with status 2 (ArgumentParser's default is 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
