import ArgumentParser
import Foundation
import KataBasics
import KataRoomServer
import KataRoomWire

extension KataRoom {
    /// `kata room export`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the room as CSV or JSON: one row per learner and exercise they worked on.",
            discussion: "Reads the room database directly, so the server need not be running.")

        @OptionGroup var options: RoomOptions

        @Option(help: ArgumentHelp("csv or json.", valueName: "format"))
        var format = "csv"

        @Option(
            name: [.short, .long],
            help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        var output: String?

        @Option(help: ArgumentHelp("Failing checks without a pass that count as stuck.", valueName: "n"))
        var stuckChecks = 5

        @Option(help: ArgumentHelp("Minutes without a pass that count as stuck.", valueName: "minutes"))
        var stuckMinutes = 10.0

        func validate() throws {
            guard format == "csv" || format == "json" else { throw ValidationError("--format must be csv or json") }
        }

        func run() throws {
            let (database, _) = try failing { try options.locations() }
            guard FileManager.default.fileExists(atPath: database.path) else {
                throw failingMessage(
                    "there is no room at \(database.path) yet; start one with \(RoomCommands.instructor()) room serve")
            }
            let store = try failing { try options.store() }
            let exercises = options.exercises()
            let export = RoomExport(
                state: try store.state(
                    exercises: exercises,
                    log: { FileHandle.standardError.write(Data("kata room: \(RoomServer.visible($0))\n".utf8)) }),
                now: Date(),
                thresholds: .init(checks: stuckChecks, minutes: stuckMinutes))
            let text = format == "csv" ? export.csv() : try export.json()
            if let output {
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
                } catch {
                    throw failingMessage("cannot write \(output): \(error.localizedDescription)")
                }
                FileHandle.standardError.write(Data("Wrote \(export.rows.count) rows to \(output)\n".utf8))
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        }
    }

    /// `kata room close`.
    struct Close: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Close joining: the join code stops working; learners already in the room go on.")

        @OptionGroup var options: RoomOptions

        func run() throws {
            try failing { try options.store() }.setSetting("joining", "closed")
            print("Joining is closed. \(RoomCommands.instructor()) room open opens it again.")
        }
    }

    /// `kata room open`.
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Open joining again with the room's join code.")

        @OptionGroup var options: RoomOptions

        func run() throws {
            try failing { try options.store() }.setSetting("joining", "open")
            print("Joining is open.")
        }
    }
}

/// Prints a message as `kata room: error:` and gives the exit status 1.
func failingMessage(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("kata room: error: \(message)\n".utf8))
    return ExitCode(1)
}
