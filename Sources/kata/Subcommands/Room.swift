import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataCommandLine
import KataRoomWire
import KataWorkbook

extension Kata {
    /// `kata room`: the instructor's side of a classroom workshop.
    struct Room: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "room",
            abstract:
                "For instructors: run a live classroom room, export it, re-grade hand-ins or repositories, set up GitHub Classroom.",
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

        func run() throws { try Kata.Room.exec("serve", arguments) }
    }

    /// `kata room export`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the room as CSV or JSON (--format csv|json, -o file).")

        @Argument(parsing: .captureForPassthrough, help: "Options for the export (--format, --output).")
        var arguments: [String] = []

        func run() throws { try Kata.Room.exec("export", arguments) }
    }

    /// `kata room close`.
    struct Close: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Close joining; learners in the room go on.")

        @Argument(parsing: .captureForPassthrough, help: "Options (--workbook, --database).")
        var arguments: [String] = []

        func run() throws { try Kata.Room.exec("close", arguments) }
    }

    /// `kata room open`.
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Open joining again.")

        @Argument(parsing: .captureForPassthrough, help: "Options (--workbook, --database).")
        var arguments: [String] = []

        func run() throws { try Kata.Room.exec("open", arguments) }
    }

    /// `kata room token`.
    struct Token: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Issue a token that reports to the room under one name, with no join code (for GitHub Classroom)."
        )

        @Argument(parsing: .captureForPassthrough, help: "The name, and options (--workbook, --database).")
        var arguments: [String] = []

        func run() throws { try Kata.Room.exec("token", arguments) }
    }
}

extension Kata.Room {
    /// Runs `kata-room <command> <arguments>`, handing it the workbook and its exercises (``RoomHandover``): the room
    /// server reads no chapter itself.
    static func exec(_ command: String, _ arguments: [String]) throws -> Never {
        var environment: [String: String] = [:]
        if let handover = handover(workbook: workbookArgument(arguments)) {
            environment[RoomHandover.environmentKey] = handover.json
        }
        try CompanionCommand.exec(.room, [command] + arguments, environment: environment)
    }

    /// The workbook as every kata command finds it (`--workbook`, `KATA_WORKBOOK`, the current folder or one above
    /// it), with its exercises; a workbook whose chapters have mistakes is handed over without them.
    static func handover(workbook explicit: String?) -> RoomHandover? {
        if let workspace = try? Workspace(explicitPath: explicit) {
            return RoomHandover(
                workbook: workspace.workbook.root.path,
                exercises: workspace.workbook.exercises.map { .init(id: $0.id, title: $0.title) })
        }
        return (try? WorkbookLocator.locate(explicit: explicit)).map { RoomHandover(workbook: $0.path, exercises: []) }
    }

    /// The value of `--workbook` among the arguments kata passes through, if any.
    static func workbookArgument(_ arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--workbook", index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix("--workbook=") { return String(argument.dropFirst("--workbook=".count)) }
        }
        return nil
    }
}
