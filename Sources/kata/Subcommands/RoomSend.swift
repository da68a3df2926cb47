import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataCommandLine

extension Kata {
    /// `kata room-send`: delivers a workbook's room outbox. Started, detached, by the other commands after they
    /// have printed their result, so that no command waits for the room.
    struct RoomSend: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "room-send", abstract: "Send the room outbox (kata runs this itself).", shouldDisplay: false)

        @Option(help: ArgumentHelp("The workbook's .kata folder.", valueName: "path"))
        var kataFolder: String

        func run() throws {
            RoomReporter(kataFolder: URL(fileURLWithPath: kataFolder)).flush()
        }
    }
}

extension RoomReporter {
    /// A reporter whose sending happens in a detached `kata room-send`, so the command exits at once.
    static func detached(_ workspace: Workspace) -> RoomReporter {
        var reporter = RoomReporter(workspace: workspace)
        reporter.sender = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return reporter
    }
}
