import Foundation
import Testing

@testable import KataRoomWire

/// What kata and the room server both read: an event as JSON, and what kata hands the room when it starts it.
@Suite("The room's wire")
struct RoomWireTests {
    @Test("a check event is JSON with sorted keys, a date with milliseconds and the progress file's verdict names")
    func checkEvent() throws {
        let time = try #require(RoomWire.parseDate("2026-11-23T09:30:00.125Z"))
        let event = RoomEvent(
            kind: .check, time: time, exercise: "add",
            check: RoomEvent.Check(verdict: .compileError, duration: 0.5, examples: 0, failures: 0), id: "e1")
        let json = String(decoding: try RoomWire.encoder.encode(event), as: UTF8.self)
        #expect(
            json
                == #"{"check":{"cached":false,"duration":0.5,"examples":0,"failures":0,"verdict":"compile-error"},"#
                + #""exercise":"add","id":"e1","kind":"check","time":"2026-11-23T09:30:00.125Z"}"#)
        #expect(try RoomWire.decoder.decode(RoomEvent.self, from: Data(json.utf8)) == event)
    }

    @Test("a date without fractions reads; one that is not ISO 8601 is refused with an example of one")
    func dates() throws {
        let plain = #"{"id":"e1","kind":"join","time":"2026-11-23T09:30:00Z"}"#
        #expect(
            try RoomWire.decoder.decode(RoomEvent.self, from: Data(plain.utf8)).time
                == RoomWire.parseDate("2026-11-23T09:30:00.000Z"))
        let local = #"{"id":"e1","kind":"join","time":"23/11/2026 09:30"}"#
        do {
            _ = try RoomWire.decoder.decode(RoomEvent.self, from: Data(local.utf8))
            Issue.record("a date that is not ISO 8601 was read")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("such as 2026-11-23T09:30:00Z"), "\(context.debugDescription)")
        }
    }

    @Test("the hand-over kata gives the room reads back from the environment; anything else is none")
    func roomHandover() {
        let handover = RoomHandover(
            workbook: "/home/ada/kata", exercises: [.init(id: "add", title: "Adding \"numbers\"")])
        #expect(RoomHandover.passed(in: [RoomHandover.environmentKey: handover.json]) == handover)
        #expect(handover.json.contains(#""workbook":"/home/ada/kata""#), "slashes are not escaped: \(handover.json)")
        #expect(RoomHandover.passed(in: [:]) == nil)
        #expect(RoomHandover.passed(in: [RoomHandover.environmentKey: "{"]) == nil)
    }

    @Test("how the user typed kata is taken only as one line of reasonable length")
    func kataCommand() {
        let key = KataCommandHandover.environmentKey
        #expect(KataCommandHandover.passed(in: [key: "./kata"]) == "./kata")
        #expect(RoomCommands.instructor([key: "./kata"]) == "./kata")
        for refused in ["", "kata\nrm -rf ~", String(repeating: "k", count: 4_097)] {
            #expect(KataCommandHandover.passed(in: [key: refused]) == nil)
            #expect(RoomCommands.instructor([key: refused]) == "kata")
        }
        #expect(
            RoomCommands.join(address: "http://10.0.0.2:8123", code: "K7QM-4FXT", name: "Ada")
                == #"./kata join http://10.0.0.2:8123 K7QM-4FXT --name "Ada""#)
    }
}
