import Foundation
import KataBasics
import KataRoomWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The room a learner joined: `.kata/room.json`, readable by the learner only (it holds their token).
package struct RoomMembership: Codable, Sendable, Equatable {
    /// The room server, `http://host:port`.
    package var server: String
    /// The learner's id in the room.
    package var learner: String
    /// The name the instructor sees.
    package var name: String
    /// The learner's secret: it adds this learner's events and nothing else.
    package var token: String
    /// The room's name, for messages.
    package var room: String
    /// Whether the learner's file goes with each check (`kata join --share-code`).
    package var shareCode: Bool
    /// When the learner joined.
    package var joined: Date
    /// False after `kata leave`: nothing new is recorded, and the file goes once the outbox is delivered.
    var active: Bool

    /// Creates a membership.
    package init(
        server: String, learner: String, name: String, token: String, room: String, shareCode: Bool,
        joined: Date = Date(), active: Bool = true
    ) {
        self.server = server
        self.learner = learner
        self.name = name
        self.token = token
        self.room = room
        self.shareCode = shareCode
        self.joined = joined
        self.active = active
    }

    /// `<workbook>/.kata/room.json`.
    package static func fileURL(in kataFolder: URL) -> URL {
        kataFolder.appendingPathComponent("room.json")
    }

    /// The membership stored in `kataFolder`, or nil when the learner has not joined (or the file is unreadable).
    package static func load(from kataFolder: URL) -> RoomMembership? {
        guard let data = try? Data(contentsOf: fileURL(in: kataFolder)) else { return nil }
        return try? RoomWire.decoder.decode(RoomMembership.self, from: data)
    }

    /// Writes the membership atomically, readable by its owner only.
    package func save(in kataFolder: URL) throws(RoomError) {
        let url = Self.fileURL(in: kataFolder)
        do {
            try FileManager.default.createDirectory(at: kataFolder, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            let temporary = kataFolder.appendingPathComponent(".room.json.\(getpid()).tmp")
            _ = FileManager.default.createFile(
                atPath: temporary.path, contents: try encoder.encode(self), attributes: [.posixPermissions: 0o600])
            guard rename(temporary.path, url.path) == 0 else {
                throw RoomError.cannotWrite(path: url.path, reason: String(cString: strerror(errno)))
            }
        } catch let error as RoomError {
            throw error
        } catch {
            throw .cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Removes the membership file.
    package static func remove(from kataFolder: URL) {
        try? FileManager.default.removeItem(at: fileURL(in: kataFolder))
    }
}
