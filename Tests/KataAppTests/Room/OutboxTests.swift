import Foundation
import Testing

@testable import KataApp
@testable import KataBasics
@testable import KataRoomWire

/// The learner's outbox: what is appended survives until the room acknowledges it, and a torn last line
/// (a crash in the middle of a write) costs only that line.
@Suite struct OutboxTests {
    let kata = FileManager.default.temporaryDirectory.appendingPathComponent("kata-outbox-\(UUID().uuidString)")

    @Test func eventsStayUntilAcknowledged() throws {
        let outbox = Outbox(kataFolder: kata)
        let events = (1...3).map { RoomEvent(kind: .hint, exercise: "add", hints: $0) }
        try outbox.append(Array(events.prefix(2)))
        try outbox.append([events[2]])
        #expect(outbox.pending().map(\.id) == events.map(\.id))
        try outbox.remove(acknowledged: [events[0].id, events[2].id])
        #expect(outbox.pending().map(\.id) == [events[1].id])
        try outbox.remove(acknowledged: [events[1].id])
        #expect(outbox.pending().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: outbox.fileURL.path))
    }

    @Test func aTornLastLineIsSkipped() throws {
        let outbox = Outbox(kataFolder: kata)
        let event = RoomEvent(kind: .next, exercise: "add")
        try outbox.append([event])
        let handle = try FileHandle(forWritingTo: outbox.fileURL)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"id":"half","kind":"che"#.utf8))
        try handle.close()
        #expect(outbox.pending().map(\.id) == [event.id])
    }

    @Test func onlyOneProcessSendsAtATime() throws {
        let outbox = Outbox(kataFolder: kata)
        let inner = outbox.whileSending { outbox.whileSending { 1 } }
        #expect(inner == .some(nil))
    }
}

/// The one line the room counts for a failing check.
@Suite struct FailureLineTests {
    @Test func positionsAndSpacingAreTakenOut() {
        #expect(
            FailureLine.normalize("exercises/checks/add.swift:3:12: cannot find 'ad'  in\n scope")
                == "cannot find 'ad' in scope")
        #expect(FailureLine.normalize(String(repeating: "x", count: 300)).count == FailureLine.limit)
    }
}

/// Answers from the room, as the small HTTP client reads them.
