import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataCommandLine
import KataMessages

extension Kata {
    /// `kata join`.
    struct Join: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "join",
            abstract: "Join a classroom room: your checks, hints and exercises are reported to the instructor.",
            discussion: """
                The instructor's `kata room serve` prints the address and the join code. What is sent: which \
                exercise you are on, each check's verdict, counts and first failure, and hints shown. Your code \
                stays on this computer unless you add --share-code. `\(Kata.line("leave"))` stops reporting.
                """)

        @OptionGroup var options: WorkbookOptions

        @Argument(help: ArgumentHelp("The room's address, such as http://192.168.1.20:8123.", valueName: "address"))
        var address: String

        @Argument(help: ArgumentHelp("The join code the instructor shows, such as K7QM-4FXT.", valueName: "code"))
        var code: String?

        @Option(
            help: ArgumentHelp(
                "A token the instructor issued for you (kata room token), instead of the code and a name.",
                valueName: "token"))
        var token: String?

        @Option(help: ArgumentHelp("The name the instructor sees (default: your login name).", valueName: "name"))
        var name: String?

        @Flag(help: "Also send your exercise file with each check, so the instructor can read it.")
        var shareCode = false

        @Flag(help: .hidden)
        var rejoin = false

        func validate() throws {
            switch (code, token) {
            case (nil, nil):
                throw ValidationError(
                    "give the room's join code after its address, or --token with a token issued to you")
            case (.some, .some):
                throw ValidationError("give the join code or --token, not both: a token joins under its own name")
            case (nil, .some) where name != nil:
                throw ValidationError("--name goes with a join code: a token joins under the name it was issued for")
            default:
                break
            }
        }

        func run() throws {
            let workspace = try options.workspace()
            let chosen = name ?? ProcessInfo.processInfo.environment["USER"] ?? "learner"
            let membership = try workspace.output.run {
                let reporter = RoomReporter(workspace: workspace)
                if let token {
                    return try reporter.join(server: address, token: token, shareCode: shareCode)
                }
                return try reporter.join(
                    server: address, code: code ?? "", name: chosen, shareCode: shareCode, rejoin: rejoin)
            }
            print(
                """
                Joined '\(membership.room.withVisibleControlsOnOneLine)' at \(membership.server.withVisibleControlsOnOneLine) \
                as \(membership.name.withVisibleControlsOnOneLine).
                Your checks, hints and current exercise now go to the instructor\
                \(shareCode ? ", with your exercise files" : "; your code stays on this computer").
                A check never waits for the room: what cannot be sent now goes with a later command.
                \(Kata.line("leave")) stops reporting.
                """)
        }
    }

    /// `kata leave`.
    struct Leave: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "leave", abstract: "Stop reporting to the classroom room.")

        @OptionGroup var options: WorkbookOptions

        func run() throws {
            let workspace = try options.workspace()
            let delivery = try workspace.output.run { try RoomReporter(workspace: workspace).leave() }
            if delivery.waiting == 0 {
                print("You left the room; nothing more is reported.")
            } else {
                print(
                    """
                    You left the room; nothing new is reported. \(delivery.waiting) earlier \
                    event\(delivery.waiting == 1 ? "" : "s") could not be sent yet \
                    (\(delivery.problem?.description ?? "the room did not answer")); \
                    they go with your next kata command once the room is reachable.
                    """)
            }
        }
    }
}
