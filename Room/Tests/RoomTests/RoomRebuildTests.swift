import Foundation
import GRDB
import KataBasics
import KataRoomWire
import Testing

@testable import KataRoomServer

/// The room's state is rebuilt from the database at every start: whatever a stored event holds, the rebuild does
/// not trap, applies what it can, and sets the rest aside (kept, marked, logged).
@Suite struct RoomRebuildTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A store in a fresh folder, with one learner.
    func store() async throws -> (RoomStore, learner: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-rebuild-\(UUID().uuidString)")
        let store = try RoomStore(path: folder.appendingPathComponent("room.sqlite").path)
        let ada = try await store.join(name: "Ada", shareCode: false, tokenHash: "hash", rejoin: false, now: start)
        return (store, ada.learner.id)
    }

    /// Stores a row as an older server, a hand edit or a damaged file might have left it.
    func insertRaw(_ store: RoomStore, learner: String, id: String, body: any DatabaseValueConvertible) throws {
        try store.pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO events (learner, id, kind, exercise, time, received, body)
                    VALUES (?, ?, 'hint', 'add', ?, ?, ?)
                    """,
                arguments: [learner, id, start, start, body])
        }
    }

    @Test func hostileStoredEventsAreSetAsideAndTheRestApplied() async throws {
        let (store, ada) = try await store()
        let good = [
            RoomEvent(kind: .next, time: start, exercise: "add", id: "good-1"),
            RoomEvent(kind: .hint, time: start, exercise: "add", hints: 1, id: "good-2"),
            RoomEvent(
                kind: .check, time: start.addingTimeInterval(60), exercise: "add",
                check: .init(verdict: .passed, duration: 0.5, examples: 2, failures: 0), id: "good-3"),
        ]
        // What a server without the event rules stored: the two hints that made every start trap.
        let huge = (1...2).map { RoomEvent(kind: .hint, time: start, exercise: "add", hints: .max, id: "huge-\($0)") }
        _ = try await store.insert(good + huge, learner: ada, received: start)
        let time = "\"time\":\"2027-01-15T08:00:00Z\""
        let hostile: [(String, any DatabaseValueConvertible)] = [
            ("not-json", "{\"id\": \"not-json\", "),
            ("wrong-type", "{\"id\":\"wrong-type\",\"kind\":\"hint\",\(time),\"exercise\":\"add\",\"hints\":\"many\"}"),
            ("unknown-kind", "{\"id\":\"unknown-kind\",\"kind\":\"shout\",\(time)}"),
            ("too-big", "{\"id\":\"too-big\",\"kind\":\"hint\",\(time),\"exercise\":\"add\",\"hints\":1e300}"),
            ("negative", "{\"id\":\"negative\",\"kind\":\"hint\",\(time),\"exercise\":\"add\",\"hints\":-3}"),
            (
                "long-check",
                "{\"id\":\"long-check\",\"kind\":\"check\",\(time),\"exercise\":\"add\",\"check\":{\"verdict\":\"failed\","
                    + "\"duration\":1e308,\"examples\":9223372036854775807,\"failures\":1,\"cached\":false}}"
            ),
            ("a-number", 42),
            ("bytes", Data([0xff, 0xfe, 0x00])),
        ]
        for (id, body) in hostile { try insertRaw(store, learner: ada, id: id, body: body) }

        let log = LogLines()
        let state = try store.state(exercises: [("add", "Add")], log: log.add)
        let cell = try #require(state.learners[ada]?.cells["add"])
        #expect(cell.hints == 1)
        #expect(cell.firstPass != nil)
        #expect(state.learners[ada]?.events == 3)
        #expect(log.lines.count == 2 + hostile.count)
        #expect(log.lines.allSatisfy { $0.contains("set aside") && $0.contains("its row is kept") })
        #expect(log.lines.contains { $0.contains("hints: 9223372036854775807 is not a count the room takes") })
        #expect(log.lines.contains { $0.contains("does not read as an event: it is not JSON") })
        #expect(log.lines.contains { $0.contains("kind: use one of join, next, check, hint, leave") })
        #expect(log.lines.contains { $0.contains("hints has the wrong type") })
        #expect(log.lines.contains { $0.contains("check.duration: give the seconds the check took") })
        #expect(log.lines.contains { $0.contains("its body is not text") })
        #expect(log.lines.contains { $0.contains("hints: 1e300 is not a count the room takes") })
        #expect(log.lines.contains { $0.contains("hints: -3 is not a count the room takes") })

        // Kept, not deleted; marked once, so the next start neither logs nor applies them again.
        #expect(try store.eventCount() == good.count + huge.count + hostile.count)
        #expect(try store.setAsideCount() == huge.count + hostile.count)
        let again = LogLines()
        let rebuilt = try store.state(exercises: [("add", "Add")], log: again.add)
        #expect(again.lines.isEmpty)
        #expect(rebuilt.learners[ada]?.cells["add"] == cell)
        #expect(try store.events(of: ada).map(\.id) == good.map(\.id))
    }
}
