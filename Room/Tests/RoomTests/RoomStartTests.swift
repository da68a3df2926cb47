import Foundation
import KataBasics
import KataRoomWire
import KataTestSupport
import Testing

@testable import KataRoomServer

/// What the room says when it starts (or cannot), the commands it tells people to type, and the exercises it takes.
@Suite struct RoomStartTests {
    @Test func theBannerNamesTheRoomOnceAndGivesTheJoinLineLearnersType() throws {
        let room = try RoomHarness()
        try room.start()
        #expect(room.output.contains("The kata room \"Test room\" is open at \(room.url) (plain HTTP"))
        #expect(!room.output.contains("kata room 'Test room'"))
        // A learner in a fresh clone after the README's Quick start has ./kata, not kata, on hand.
        #expect(room.output.contains("Learners join with:  ./kata join \(room.url) \(room.code) --name \"Their Name\""))
        #expect(room.output.contains("(in their workbook's folder, as after make run; kata join … once kata is on"))
        let snapshot = try room.send("GET", "/api/room")
        #expect(snapshot.text.contains(#""joinCommand":"./kata join \#(room.url) \#(room.code) --name \"Your Name\"""#))
        // The dashboard's first paint says it is reading the room: it has not read it yet.
        let page = try room.send("GET", "/")
        #expect(page.text.contains(#"<p class="empty" id="nolearners">Reading the room…</p>"#))
        #expect(page.text.contains(#"<body data-kata="kata">"#))
    }

    @Test func whatTheRoomTellsTheInstructorToRunIsTypedAsTheyTypedKata() throws {
        let room = try RoomHarness()
        let launcher = room.instructor.appendingPathComponent("kata").path
        // kata room serve, started as ./kata from the workbook, tells the server how the instructor types kata.
        let kata = LearnerCopy(root: room.instructor)
        let environment = [
            "KATA_LAUNCHER": launcher, "PATH": "/usr/bin:/bin", "KATA_ROOM_BIN": RoomHarness.roomBinary.path,
        ]
        let closed = try kata.run(["room", "close"], environment: environment)
        #expect(closed.stdout == "Joining is closed. ./kata room open opens it again.\n", "\(closed.stderr)")
        try room.start([], environment: ["KATA_LAUNCHER": launcher, "PATH": "/usr/bin:/bin"])
        #expect(try room.send("GET", "/").text.contains(#"<body data-kata="./kata">"#))
        let unknown = try room.send("GET", "/api/me", token: "not-a-token")
        #expect(unknown.text.contains("join the room again with the ./kata join line the instructor shows"))

        // A busy port says so, and how to choose another, instead of NIO's words.
        let busy = try kata.run(
            [
                "room", "serve", "--host", "127.0.0.1", "--port", String(room.port), "--database",
                room.folder.appendingPathComponent("other.sqlite").path,
            ], environment: environment)
        #expect(busy.status == 1)
        #expect(
            busy.stderr
                == "kata room: error: port \(room.port) is already in use on this computer (by another room, or "
                + "another program). Stop that one, or open this room on another port: ./kata room serve --port "
                + "\(room.port + 1) (--port 0 picks a free one)\n")
        #expect(!busy.stderr.contains("bind("))
    }

    @Test func aRoomWithAWorkbookRefusesExercisesItDoesNotHave() throws {
        let room = try RoomHarness()
        try room.start()
        let ada = try room.join("Ada")
        let events = [
            RoomEvent(kind: .next, exercise: "add"),
            RoomEvent(kind: .next, exercise: "made-up-1"),
            RoomEvent(kind: .hint, exercise: "made-up-2", hints: 1),
        ]
        let answer = try room.send("POST", "/api/events", body: RoomHarness.batch(events), token: ada.token)
        #expect(answer.status == 200)
        let ack = try JSONDecoder().decode(RoomWire.EventAck.self, from: Data(answer.text.utf8))
        #expect(ack.acknowledged == [events[0].id])
        #expect(ack.rejected.map(\.id) == [events[1].id, events[2].id])
        #expect(
            ack.rejected.first?.error
                == "exercise: 'made-up-1' is not an exercise of this room's workbook; update your workbook to the "
                + "instructor's, or ask the instructor which one to use")
        let snapshot = try room.send("GET", "/api/room").text
        #expect(!snapshot.contains("made-up"))
    }

    @Test func aRoomWithoutAWorkbookTakesABoundedNumberOfExercises() throws {
        let room = try RoomHarness()
        let elsewhere = room.folder.appendingPathComponent("no-workbook")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let database = elsewhere.appendingPathComponent("room.sqlite").path
        try room.start(["--database", database], in: elsewhere)
        let ada = try room.join("Ada")
        let limit = RoomState.maxExercisesWithoutWorkbook
        let many = (0..<limit).map { RoomEvent(kind: .next, exercise: "exercise-\($0)") }
        let first = try room.send("POST", "/api/events", body: RoomHarness.batch(many), token: ada.token)
        let taken = try JSONDecoder().decode(RoomWire.EventAck.self, from: Data(first.text.utf8))
        #expect(taken.acknowledged.count == limit && taken.rejected.isEmpty, "\(first.text.prefix(500))")
        let more = [RoomEvent(kind: .next, exercise: "exercise-0"), RoomEvent(kind: .next, exercise: "one-too-many")]
        let second = try room.send("POST", "/api/events", body: RoomHarness.batch(more), token: ada.token)
        let ack = try JSONDecoder().decode(RoomWire.EventAck.self, from: Data(second.text.utf8))
        #expect(ack.acknowledged == [more[0].id])
        #expect(
            ack.rejected.first?.error
                == "exercise: this room already shows \(limit) exercises, the most it takes without a workbook; the "
                + "instructor can start it in the workbook's folder (or with --workbook)")
        let snapshot = try JSONSerialization.jsonObject(with: Data(try room.send("GET", "/api/room").text.utf8))
        #expect(((snapshot as? [String: Any])?["exercises"] as? [Any])?.count == limit)

        // Started again with a workbook, the room leaves out the stored events for exercises it does not have, and
        // keeps them for a start without one.
        room.stop()
        try room.start(["--database", database])
        // The events of the 500 exercises, and the one sent again for exercise-0.
        #expect(room.output.contains("\(limit + 1) stored events name exercises that this workbook does not have"))
        #expect(!(try room.send("GET", "/api/room").text.contains("exercise-0")))
        room.stop()
        try room.start(["--database", database], in: elsewhere)
        #expect(try room.send("GET", "/api/room").text.contains("exercise-0"))
    }
}
