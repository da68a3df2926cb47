import ArgumentParser
import KataApp
import KataCommandLine

/// kata's tools: the commands a learner's first build leaves out (the site builder, `verify`, the translation
/// writer, the GitHub Classroom template, the re-grading of hand-ins and repositories). kata runs this binary for them (``ToolCommand``), so its usage lines
/// read as kata's do.
@main
struct Kata: ParsableCommand {
    /// How the user types kata (``KataCommand/detected()``), worked out once when the command line is parsed: the
    /// usage lines, and every command kata prints, start with it.
    static let command = KataCommand.detected()

    /// A kata command as the user types it: `./kata next`.
    static func line(_ arguments: String) -> String { "\(command) \(arguments)" }

    static let configuration = CommandConfiguration(
        commandName: Kata.command,
        abstract: "kata's tools, which kata runs for build-site, verify, translate, room github and room grade.",
        version: ToolCommand.version,
        subcommands: [BuildSite.self, Verify.self, Translate.self, Room.self]
    )

    /// Runs the command; usage errors exit with status 2.
    static func main() { runExitingTwoOnUsageErrors() }
}

extension Kata {
    /// `kata room`, of which kata-tools runs `github` and `grade`.
    struct Room: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "room", subcommands: [GitHub.self, Grade.self])
    }
}
