import ArgumentParser
import Foundation
import KataBasics
import KataRoomServer
import KataRoomWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension KataRoom {
    /// `kata room serve`.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open the room: learners join it and their checks appear on your dashboard.",
            discussion: """
                Prints the address learners join, the join code and your dashboard link (it carries your token: \
                keep it to yourself; the Projector button hides names). The room speaks plain HTTP: use it on \
                the classroom's own network. Stop it with Ctrl-C; the room is kept and `serve` opens it again.
                """)

        @OptionGroup var options: RoomOptions

        @Option(
            help: ArgumentHelp(
                "The address to listen on: 0.0.0.0 for the room's network, 127.0.0.1 for this computer only.",
                valueName: "address"))
        var host = "0.0.0.0"

        @Option(help: ArgumentHelp("The port (0 picks a free one).", valueName: "port"))
        var port = 8123

        @Option(help: ArgumentHelp("The room's name on the dashboard.", valueName: "name"))
        var name: String?

        @Option(help: ArgumentHelp("Failing checks without a pass before a learner counts as stuck.", valueName: "n"))
        var stuckChecks = 5

        @Option(
            help: ArgumentHelp(
                "Minutes on one exercise without a pass before a learner counts as stuck.", valueName: "minutes"))
        var stuckMinutes = 10.0

        @Flag(help: "Make a new join code (the old one stops working).")
        var newCode = false

        @Flag(help: "Let a name join again with a new token (for GitHub Classroom runs, which join on every push).")
        var allowRejoin = false

        @Option(help: ArgumentHelp("Requests a second each learner may send, on average.", valueName: "n"))
        var rateLimit = 20.0

        @Option(help: ArgumentHelp("The largest request body in bytes.", valueName: "bytes"))
        var maxBody = 262_144

        @Option(
            help: ArgumentHelp(
                "Most connections open at once (fewer when ulimit -n leaves less room).", valueName: "n"))
        var maxConnections = 1_000

        @Option(
            help: ArgumentHelp(
                "Most learners in the room; a new name past it is refused (raise it for a large class).",
                valueName: "n"))
        var maxLearners = 200

        @Option(
            help: ArgumentHelp(
                "Joins with the right code the room takes a second, on average (bursts of 30 times as many).",
                valueName: "n"))
        var joinRate = 2.0

        @Option(help: ArgumentHelp("MiB of events the room keeps for each learner.", valueName: "MiB"))
        var learnerStorage = 16

        @Option(help: ArgumentHelp("MiB of events the room keeps in all.", valueName: "MiB"))
        var roomStorage = 1_024

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
            guard stuckChecks >= 1, stuckMinutes > 0 else {
                throw ValidationError("--stuck-checks must be at least 1 and --stuck-minutes more than 0")
            }
            guard rateLimit > 0, rateLimit <= 100_000, maxBody >= 1_024 else {
                throw ValidationError("--rate-limit must be from 0 to 100000 (not 0) and --max-body at least 1024")
            }
            guard maxConnections >= 8 else { throw ValidationError("--max-connections must be at least 8") }
            guard (1...100_000).contains(maxLearners) else {
                throw ValidationError("--max-learners must be from 1 to 100000")
            }
            guard joinRate > 0, joinRate <= 1_000 else {
                throw ValidationError("--join-rate must be from 0 to 1000 (not 0)")
            }
            guard (1...1 << 20).contains(learnerStorage), (1...1 << 30).contains(roomStorage) else {
                throw ValidationError("--learner-storage and --room-storage must be at least 1 (MiB)")
            }
        }

        func run() async throws {
            let (database, folder) = try failing { try options.locations() }
            let store = try failing { try options.store() }
            let exercises = options.exercises()
            let instructorToken = try failing { try Self.instructorToken(in: folder) }
            var code = try store.setting("code")
            if code == nil || newCode {
                code = RoomSecrets.joinCode()
                try store.setSetting("code", code!)
            }
            if try store.setting("joining") == nil { try store.setSetting("joining", "open") }
            let roomName = try name ?? store.setting("name") ?? "kata room"
            try store.setSetting("name", roomName)

            var settings = RoomServer.Settings()
            settings.host = host
            settings.port = port
            settings.roomName = roomName
            settings.thresholds = .init(checks: stuckChecks, minutes: stuckMinutes)
            settings.allowRejoin = allowRejoin
            settings.rate = rateLimit
            settings.maxBody = maxBody
            settings.maxConnections = maxConnections
            settings.kataCommand = RoomCommands.instructor()
            settings.maxLearners = maxLearners
            settings.joinRate = joinRate
            settings.storage = StorageBudget(learnerBytes: learnerStorage << 20, roomBytes: roomStorage << 20)
            let lan = host == "0.0.0.0" || host == "::" ? (LocalAddress.lan() ?? "127.0.0.1") : host
            let log: @Sendable (String) -> Void = { line in
                FileHandle.standardOutput.write(Data("\(Self.clock()) \(line)\n".utf8))
            }
            let joinCode = code!
            let shownPath = database.path
            let announce: @Sendable (Int) async -> Void = { bound in
                let address = "http://\(lan.contains(":") ? "[\(lan)]" : lan):\(bound)"
                let local = "http://\(host == "0.0.0.0" || host == "::" ? "127.0.0.1" : lan):\(bound)"
                let text = """
                    \(Self.opening(roomName)) is open at \(address) (plain HTTP: keep it on the classroom's network)
                      Learners join with:  \(RoomCommands.join(address: address, code: joinCode, name: "Their Name"))
                                           (in their workbook's folder, as after make run; kata join … once kata is \
                    on their PATH)
                      Your dashboard:      \(local)/?token=\(instructorToken)
                      Projector view:      \(local)/?projector=1&token=\(instructorToken)
                      The room is kept in  \(shownPath); Ctrl-C stops the server.

                    """
                FileHandle.standardOutput.write(Data(text.utf8))
                try? store.setSetting(
                    "joinCommand", RoomCommands.join(address: address, code: joinCode, name: "Your Name"))
            }
            let server = try RoomServer(
                settings: settings, store: store, exercises: exercises, instructorToken: instructorToken,
                joinCode: joinCode, log: log)
            Self.stopOnSignals()
            do {
                try await server.run(onRunning: { bound in
                    await announce(bound)
                })
            } catch let error as RoomServer.StartError {
                throw failingMessage(error.description(kata: RoomCommands.instructor()))
            }
        }

        /// "The kata room", or "The kata room "Friday workshop"" for a room with a name of its own.
        static func opening(_ name: String) -> String {
            name == RoomServer.Settings().roomName ? "The kata room" : "The kata room \"\(name)\""
        }

        /// The instructor's token, kept in `.kata/room/instructor.token` (readable by its owner only) so the
        /// dashboard link stays the same when the server starts again.
        static func instructorToken(in folder: URL) throws -> String {
            let file = folder.appendingPathComponent("instructor.token")
            if let saved = try? String(contentsOf: file, encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines),
                !saved.isEmpty
            {
                return saved
            }
            let token = RoomSecrets.token()
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard
                FileManager.default.createFile(
                    atPath: file.path, contents: Data(token.utf8), attributes: [.posixPermissions: 0o600])
            else {
                throw RoomCommandError("cannot write \(file.path); check that the folder is writable")
            }
            return token
        }

        /// Ctrl-C and SIGTERM end the process at once: every acknowledged event is already committed.
        static func stopOnSignals() {
            for sig in [SIGINT, SIGTERM] {
                signal(sig, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .main)
                source.setEventHandler {
                    FileHandle.standardOutput.write(Data("kata room: stopped; the room is kept.\n".utf8))
                    Foundation.exit(0)
                }
                source.resume()
                signalSources.append(source)
            }
        }

        nonisolated(unsafe) static var signalSources: [any DispatchSourceSignal] = []

        static func clock() -> String {
            Date().formatted(.dateTime.hour(.twoDigits(amPM: .omitted)).minute(.twoDigits).second(.twoDigits))
        }
    }
}
