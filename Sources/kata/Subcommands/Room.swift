import ArgumentParser
import Foundation
import KataCommandLine
import KataKit

extension Kata {
    /// `kata room`: the instructor's side of a classroom workshop.
    struct Room: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "room",
            abstract:
                "For instructors: run a live classroom room, export it, re-grade hand-ins, set up GitHub Classroom.",
            discussion: """
                serve, export, close, open and token run the room server (kata-room); build it once with `make room`. \
                github runs kata's tools (kata-tools), which kata builds the first time; grade needs nothing more.
                """,
            subcommands: [Serve.self, Export.self, Close.self, Open.self, Token.self, Grade.self, GitHub.self])
    }
}

extension Kata.Room {
    /// `kata room serve`.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open the room and its live dashboard (kata room serve --help lists the options).")

        @Argument(parsing: .captureForPassthrough, help: "Options for the server (--port, --host, --name, ...).")
        var arguments: [String] = []

        func run() throws { try CompanionCommand.exec(.room, ["serve"] + arguments) }
    }

    /// `kata room export`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the room as CSV or JSON (--format csv|json, -o file).")

        @Argument(parsing: .captureForPassthrough, help: "Options for the export (--format, --output).")
        var arguments: [String] = []

        func run() throws { try CompanionCommand.exec(.room, ["export"] + arguments) }
    }

    /// `kata room close`.
    struct Close: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Close joining; learners in the room go on.")

        @Argument(parsing: .captureForPassthrough, help: "Options (--workbook, --database).")
        var arguments: [String] = []

        func run() throws { try CompanionCommand.exec(.room, ["close"] + arguments) }
    }

    /// `kata room open`.
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Open joining again.")

        @Argument(parsing: .captureForPassthrough, help: "Options (--workbook, --database).")
        var arguments: [String] = []

        func run() throws { try CompanionCommand.exec(.room, ["open"] + arguments) }
    }

    /// `kata room token`.
    struct Token: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Issue a token that reports to the room under one name, with no join code (for GitHub Classroom)."
        )

        @Argument(parsing: .captureForPassthrough, help: "The name, and options (--workbook, --database).")
        var arguments: [String] = []

        func run() throws { try CompanionCommand.exec(.room, ["token"] + arguments) }
    }
}
