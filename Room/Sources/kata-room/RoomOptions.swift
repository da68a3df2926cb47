import ArgumentParser
import Foundation
import KataKit
import KataRoomServer

/// Where the room lives: the workbook's `.kata/room/room.sqlite`, or a database named outright.
struct RoomOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The workbook folder (the one holding chapters/).", valueName: "path"))
    var workbook: String?

    @Option(help: ArgumentHelp("The room database (default: <workbook>/.kata/room/room.sqlite).", valueName: "file"))
    var database: String?

    /// The instructor's workspace, when one is found.
    func workspace() -> Workspace? {
        try? Workspace(explicitPath: workbook)
    }

    /// The database path and the `.kata/room` folder that holds the instructor token.
    func locations() throws -> (database: URL, folder: URL) {
        if let database {
            let url = URL(fileURLWithPath: database)
            return (url, url.deletingLastPathComponent())
        }
        do {
            let root = try WorkbookLocator.locate(
                explicit: workbook, currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            let folder = root.appendingPathComponent(".kata/room")
            return (folder.appendingPathComponent("room.sqlite"), folder)
        } catch {
            throw RoomCommandError("\(error); run this in the workbook folder, or give --workbook or --database")
        }
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
