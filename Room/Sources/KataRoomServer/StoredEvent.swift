import Foundation
import GRDB
import KataBasics
import KataRoomWire

/// One row of the events table, read without trusting it: a row that an older server, a hand edit or a damaged
/// file left behind must not stop the room from starting. Nothing here can trap, whatever the row holds.
enum StoredEvent {
    /// An event the room can apply, and whose it is.
    case event(learner: String, RoomEvent)
    /// A row the room cannot apply, and why.
    case unusable(seq: Int64, reason: String)

    /// Reads a row of `SELECT seq, learner, body FROM events`.
    init(_ row: Row) {
        let seq = Self.integer(row["seq"]) ?? -1
        guard let learner = Self.text(row["learner"]) else {
            self = .unusable(seq: seq, reason: "its learner is not text")
            return
        }
        guard let body = Self.text(row["body"]) else {
            self = .unusable(seq: seq, reason: "its body is not text")
            return
        }
        let event: RoomEvent
        let data = Data(body.utf8)
        do {
            event = try RoomWire.decoder.decode(RoomEvent.self, from: data)
        } catch {
            let problem = RoomServer.describe(error, body: data)
            self = .unusable(seq: seq, reason: "its body does not read as an event: \(problem)")
            return
        }
        if let problem = EventRules.problem(in: event) {
            self = .unusable(seq: seq, reason: "it breaks the room's rules for events: \(problem)")
            return
        }
        self = .event(learner: learner, event)
    }

    private static func text(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .string(let text): text
        case .blob(let data): String(data: data, encoding: .utf8)
        default: nil
        }
    }

    private static func integer(_ value: DatabaseValue) -> Int64? {
        if case .int64(let number) = value.storage { return number }
        return nil
    }
}
