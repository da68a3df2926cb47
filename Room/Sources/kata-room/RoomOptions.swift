import ArgumentParser
import Foundation
import KataBasics
import KataRoomServer
import KataRoomWire

/// Where the room lives: the workbook's `.kata/room/room.sqlite`, or a database named outright.
struct RoomOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The workbook folder (the one holding chapters/).", valueName: "path"))
    var workbook: String?

    @Option(help: ArgumentHelp("The room database (default: <workbook>/.kata/room/room.sqlite).", valueName: "file"))
    var database: String?

    /// What kata handed over when it started this program (``RoomHandover``): the workbook and its exercises.
    var handover: RoomHandover? { RoomHandover.passed(in: ProcessInfo.processInfo.environment) }

    /// The workbook's exercises, as kata handed them over (none when kata-room runs on its own).
    func exercises() -> [(String, String)] {
        handover?.exercises.map { ($0.id, $0.title) } ?? []
    }

    /// The database path and the `.kata/room` folder that holds the instructor token.
    func locations() throws -> (database: URL, folder: URL) {
        if let database {
            let url = URL(fileURLWithPath: database)
            return (url, url.deletingLastPathComponent())
        }
        guard let root = workbook ?? handover?.workbook else {
            throw RoomCommandError(
                "no workbook given; run this through `\(RoomCommands.instructor()) room …` in the workbook folder, "
                    + "or give --workbook or --database")
        }
        var isFolder: ObjCBool = false
        let chapters = URL(fileURLWithPath: root).appendingPathComponent("chapters")
        guard FileManager.default.fileExists(atPath: chapters.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw RoomCommandError(
                "\(root.withVisibleControlsOnOneLine) is not a workbook (it has no chapters folder); give the folder "
                    + "that holds chapters/, or --database")
        }
        let folder = URL(fileURLWithPath: root).appendingPathComponent(".kata/room")
        return (folder.appendingPathComponent("room.sqlite"), folder)
    }

    /// Opens the room database.
    func store() throws -> RoomStore {
        let (database, _) = try locations()
        do {
            return try RoomStore(path: database.path)
        } catch {
            throw RoomCommandError("cannot open the room database \(database.path): \(error)")
        }
    }
}

/// A message for the instructor, printed as `kata room: error: ...` with exit status 1.
struct RoomCommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

extension ParsableCommand {
    /// Prints `error` for the instructor and exits with status 1.
    func failing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RoomCommandError {
            FileHandle.standardError.write(Data("kata room: error: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
    }
}
