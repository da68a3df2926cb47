import ArgumentParser
import Foundation
import KataKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Kata {
    /// `kata room`: the instructor's side of a classroom workshop.
    struct Room: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "room",
            abstract:
                "For instructors: run a live classroom room, export it, re-grade hand-ins, set up GitHub Classroom.",
            discussion: """
                serve, export, close and open run the room server (kata-room); build it once with `make room`. \
                grade and github need nothing more than kata.
                """,
            subcommands: [Serve.self, Export.self, Close.self, Open.self, Grade.self, GitHub.self])
    }
}

extension Kata.Room {
    /// `kata room serve`.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open the room and its live dashboard (kata room serve --help lists the options).")

        @Argument(parsing: .captureForPassthrough, help: "Options for the server (--port, --host, --name, ...).")
        var arguments: [String] = []

        func run() throws { try RoomServerBinary.exec("serve", arguments) }
    }

    /// `kata room export`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the room as CSV or JSON (--format csv|json, -o file).")

        @Argument(parsing: .captureForPassthrough, help: "Options for the export (--format, --output).")
        var arguments: [String] = []

        func run() throws { try RoomServerBinary.exec("export", arguments) }
    }

    /// `kata room close`.
    struct Close: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Close joining; learners in the room go on.")

        @Argument(parsing: .captureForPassthrough, help: "Options (--workbook, --database).")
        var arguments: [String] = []

        func run() throws { try RoomServerBinary.exec("close", arguments) }
    }

    /// `kata room open`.
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Open joining again.")

        @Argument(parsing: .captureForPassthrough, help: "Options (--workbook, --database).")
        var arguments: [String] = []

        func run() throws { try RoomServerBinary.exec("open", arguments) }
    }
}

/// Finds and runs the `kata-room` binary, which holds the server (kept out of kata so that a learner's build
/// never compiles the web server and database layers).
enum RoomServerBinary {
    /// `KATA_ROOM_BIN`; or `kata-room` next to this kata (a copy put on the PATH); or the newest one `make room`
    /// built (`Room/.build/release` or `Room/.build/debug`, the room being its own package) in the checkout this
    /// kata was built in, or in the current folder.
    static func locate() -> URL? {
        let fileManager = FileManager.default
        if let path = ProcessInfo.processInfo.environment["KATA_ROOM_BIN"], !path.isEmpty {
            return fileManager.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
        }
        let executable = Bundle.main.executableURL?.resolvingSymlinksInPath()
        if let beside = executable?.deletingLastPathComponent().appendingPathComponent("kata-room"),
            fileManager.isExecutableFile(atPath: beside.path)
        {
            return beside
        }
        var roots = [URL(fileURLWithPath: fileManager.currentDirectoryPath)]
        if let checkout = executable.flatMap(checkout(of:)) { roots.insert(checkout, at: 0) }
        let built = roots.flatMap { root in
            ["release", "debug"].map { root.appendingPathComponent("Room/.build/\($0)/kata-room") }
        }
        return built.filter { fileManager.isExecutableFile(atPath: $0.path) }.max { modified($0) < modified($1) }
    }

    /// The folder that holds the `.build` a binary was built in, if it was built by SwiftPM.
    private static func checkout(of executable: URL) -> URL? {
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/", folder.lastPathComponent != ".build" { folder = folder.deletingLastPathComponent() }
        return folder.lastPathComponent == ".build" ? folder.deletingLastPathComponent() : nil
    }

    private static func modified(_ file: URL) -> Date {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        return attributes?[.modificationDate] as? Date ?? .distantPast
    }

    /// Replaces this process with `kata-room <subcommand> <arguments>`, or explains how to build it.
    static func exec(_ subcommand: String, _ arguments: [String]) throws -> Never {
        guard let binary = locate() else {
            Output.printError(
                """
                kata: error: the room server (kata-room) is not built yet. Build it once with:
                    make room
                (it compiles the web server and the SQLite layer: a few minutes the first time), then run this again.
                Or set KATA_ROOM_BIN to a kata-room binary.
                """)
            throw ExitCode(1)
        }
        // So that what the server tells the instructor to run is typed as the instructor typed kata (`./kata`).
        setenv(RoomCommands.environmentKey, KataCommand.name, 1)
        let argv = [binary.path, subcommand] + arguments
        var pointers = argv.map { strdup($0) }
        pointers.append(nil)
        execv(binary.path, pointers)
        Output.printError("kata: error: cannot run \(binary.path): \(String(cString: strerror(errno)))")
        throw ExitCode(1)
    }
}
