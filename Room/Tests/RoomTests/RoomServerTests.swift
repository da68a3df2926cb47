import Foundation
import KataBasics
import KataRoomWire
import KataTestSupport
import Testing

@testable import KataRoomServer

#if canImport(Glibc)
    import Glibc
#endif

/// The room server as learners and instructors meet it: a real `kata-room` process on loopback, a real SQLite
/// file, the real `kata` binary on the learner's side.
@Suite struct RoomServerTests {
    @Test func joiningNeedsTheRoomsCodeAndAFreeName() throws {
        let room = try RoomHarness()
        try room.start()
        let wrong = try room.send("POST", "/api/join", body: #"{"code":"AAA-AAA","name":"Eve","shareCode":false}"#)
        #expect(wrong.status == 401)
        #expect(wrong.text.contains("not this room's join code"))
        let lowercase = room.code.lowercased().replacingOccurrences(of: "-", with: " ")
        _ = try room.join("Ada", code: lowercase)
        let again = try room.send(
            "POST", "/api/join", body: #"{"code":"\#(room.code)","name":"Ada","shareCode":false}"#)
        #expect(again.status == 409)
        #expect(again.text.contains("'Ada' is already in this room"))
        let noName = try room.send("POST", "/api/join", body: #"{"code":"\#(room.code)","shareCode":false}"#)
        #expect(noName.status == 400)
        #expect(noName.text.contains("name is missing"))

        let closed = try room.send("POST", "/api/joining", body: #"{"open":false}"#)
        #expect(closed.status == 200)
        let late = try room.send("POST", "/api/join", body: #"{"code":"\#(room.code)","name":"Bob","shareCode":false}"#)
        #expect(late.status == 403)
        #expect(late.text.contains("joining is closed"))
        // The closed state is kept in the database: a restarted server is still closed.
        room.stop()
        try room.start()
        let stillClosed = try room.send(
            "POST", "/api/join", body: #"{"code":"\#(room.code)","name":"Bob","shareCode":false}"#)
        #expect(stillClosed.status == 403)
    }

    @Test func aRoomForGitHubClassroomLetsANameJoinAgain() throws {
        let room = try RoomHarness()
        try room.start(["--allow-rejoin"])
        let first = try room.join("org/assignment-ada")
        let body = #"{"code":"\#(room.code)","name":"org/assignment-ada","shareCode":false,"rejoin":true}"#
        let again = try room.send("POST", "/api/join", body: body, token: "")
        #expect(again.status == 201)
        let answer = try JSONDecoder().decode(RoomWire.JoinResponse.self, from: Data(again.text.utf8))
        #expect(answer.learner == first.id)
        #expect(answer.token != first.token)
        // Without asking to rejoin, the name is still taken.
        let plain = try room.send(
            "POST", "/api/join", body: #"{"code":"\#(room.code)","name":"org/assignment-ada","shareCode":false}"#)
        #expect(plain.status == 409)
    }

    @Test func aLearnersTokenAddsTheirOwnEventsAndReadsNothingElse() throws {
        let room = try RoomHarness()
        try room.start()
        let ada = try room.join("Ada")
        let bob = try room.join("Bob")
        let check = RoomEvent(
            kind: .check, exercise: "add", check: .init(verdict: .failed, duration: 0.4, examples: 2, failures: 2))

        let missing = try room.send("POST", "/api/events", body: RoomHarness.batch([check]), token: "")
        #expect(missing.status == 401)
        let wrong = try room.send("POST", "/api/events", body: RoomHarness.batch([check]), token: "not-a-token")
        #expect(wrong.status == 401)
        #expect(wrong.text.contains("learner token is missing or unknown"))

        let posted = try room.send("POST", "/api/events", body: RoomHarness.batch([check]), token: ada.token)
        #expect(posted.status == 200)
        #expect(posted.text.contains(check.id))

        for path in ["/api/room", "/api/export?format=csv", "/api/learners/\(ada.id)", "/api/stream"] {
            let answer = try room.send("GET", path, token: bob.token)
            #expect(answer.status == 403, "\(path) answered \(answer.status)")
            #expect(answer.text.contains("instructor's token"))
            #expect(!answer.text.contains("Ada"))
        }
        let me = try room.send("GET", "/api/me", token: bob.token)
        #expect(me.status == 200)
        #expect(me.text.contains("\"name\":\"Bob\""))
        #expect(!me.text.contains("Ada"))

        // Ada's check is Ada's: the instructor sees it under her name only.
        let timeline = try room.send("GET", "/api/learners/\(ada.id)")
        #expect(timeline.text.contains(check.id))
        let bobs = try room.send("GET", "/api/learners/\(bob.id)")
        #expect(!bobs.text.contains(check.id))
    }

    @Test func malformedOrOversizedRequestsGetAClearError() throws {
        let room = try RoomHarness()
        try room.start(["--max-body", "4096"])
        let ada = try room.join("Ada")
        let notJSON = try room.send("POST", "/api/events", body: "{\"sent\": ", token: ada.token)
        #expect(notJSON.status == 400)
        #expect(notJSON.text.contains("the events are malformed: it is not JSON"))
        let badKind = try room.send(
            "POST", "/api/events",
            body:
                #"{"sent":"2026-11-23T09:00:00Z","events":[{"id":"e1","kind":"shout","time":"2026-11-23T09:00:00Z"}]}"#,
            token: ada.token)
        #expect(badKind.status == 400)
        #expect(badKind.text.contains("events[0].kind: use one of join, next, check, hint, leave"))
        let noDate = try room.send(
            "POST", "/api/events", body: #"{"sent":"yesterday","events":[]}"#, token: ada.token)
        #expect(noDate.status == 400)
        #expect(noDate.text.contains("sent"))
        let big = RoomHarness.batch(
            (0..<40).map { _ in RoomEvent(kind: .hint, exercise: String(repeating: "x", count: 100), hints: 1) })
        let oversized = try room.send("POST", "/api/events", body: big, token: ada.token)
        #expect(oversized.status == 413)
        #expect(oversized.text.contains("larger than 4096 bytes"))
        let incomplete = RoomEvent(kind: .check, exercise: "add")
        let rejected = try room.send("POST", "/api/events", body: RoomHarness.batch([incomplete]), token: ada.token)
        #expect(rejected.status == 200)
        #expect(rejected.text.contains("check: a check event needs its verdict"))
        let unknownFormat = try room.send("GET", "/api/export?format=xls")
        #expect(unknownFormat.status == 400)
        #expect(unknownFormat.text.contains("format: 'xls' is not csv or json"))
    }

    @Test func numbersFromALearnerAreCheckedAndNoStoredEventStopsTheRoom() async throws {
        let room = try RoomHarness()
        try room.start()
        let ada = try room.join("Ada")
        // Two hints claiming Int.max hints shown: their sum once trapped the server, and every restart after it.
        let huge = (0..<2).map { _ in RoomEvent(kind: .hint, exercise: "add", hints: .max) }
        let answer = try room.send("POST", "/api/events", body: RoomHarness.batch(huge), token: ada.token)
        #expect(answer.status == 200)
        let ack = try JSONDecoder().decode(RoomWire.EventAck.self, from: Data(answer.text.utf8))
        #expect(ack.acknowledged.isEmpty)
        #expect(ack.rejected.map(\.id) == huge.map(\.id))
        #expect(
            ack.rejected.first?.error
                == "hints: 9223372036854775807 is not a count the room takes; give a whole number from 0 to 100000")
        let wrongCounts = [
            RoomEvent(
                kind: .check, exercise: "add", check: .init(verdict: .failed, duration: 0.5, examples: -1, failures: 1)),
            RoomEvent(
                kind: .check, exercise: "add", check: .init(verdict: .failed, duration: 1e300, examples: 1, failures: 1)
            ),
            RoomEvent(
                kind: .check, exercise: "add",
                check: .init(verdict: .passed, duration: 1, examples: 1, failures: 0, caught: .max, mutants: 3)),
        ]
        let counts = try room.send("POST", "/api/events", body: RoomHarness.batch(wrongCounts), token: ada.token)
        #expect(counts.text.contains("check.examples: -1 is not a count the room takes"))
        #expect(counts.text.contains("check.duration: give the seconds the check took, from 0 to 86400"))
        #expect(counts.text.contains("check.caught: 9223372036854775807 is not a count the room takes"))
        // A number no integer holds is refused with the field's name.
        let beyond = try room.send(
            "POST", "/api/events",
            body: #"{"sent":"2026-11-23T09:00:00Z","events":[{"id":"e1","kind":"hint","time":"2026-11-23T09:00:00Z","#
                + #""exercise":"add","hints":92233720368547758070}]}"#,
            token: ada.token)
        #expect(beyond.status == 400)
        #expect(
            beyond.text.contains(
                "the events are malformed: events[0].hints: 92233720368547758070 is not a count the room takes"))
        let overflowing = try room.send(
            "POST", "/api/events",
            body: #"{"sent":"2026-11-23T09:00:00Z","events":[{"id":"e1","kind":"join","time":"2026-11-23T09:00:00Z"},"#
                + #"{"id":"e2","kind":"check","time":"2026-11-23T09:00:00Z","exercise":"add","check":{"#
                + #""verdict":"failed","duration":1e400,"examples":1,"failures":1,"cached":false}}]}"#,
            token: ada.token)
        #expect(overflowing.status == 400)
        #expect(overflowing.text.contains("events[1].check.duration: 1e400 is not a number the room can read"))
        #expect(room.isRunning)
        #expect(try room.send("GET", "/api/room").status == 200)

        // A room database that an earlier server filled with such events, and worse, still opens.
        room.stop()
        do {
            let store = try RoomStore(path: room.instructor.appendingPathComponent(".kata/room/room.sqlite").path)
            _ = try await store.insert(huge, learner: ada.id, received: Date())
            try await store.pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO events (learner, id, kind, exercise, time, received, body)
                        VALUES (?, 'broken', 'hint', 'add', ?, ?, '{"id": "broken", ')
                        """,
                    arguments: [ada.id, Date(), Date()])
            }
        }
        try room.start()
        #expect(room.isRunning)
        #expect(try room.send("GET", "/api/room").status == 200)
        #expect(room.output.components(separatedBy: "was set aside").count - 1 == 3)
        #expect(room.output.contains("hints: 9223372036854775807 is not a count the room takes"))
        let me = try room.send("GET", "/api/me", token: ada.token)
        #expect(me.status == 200)
        #expect(me.text.contains("\"events\":0"))
        // Restarting again is as quiet: what was set aside stays aside.
        room.stop()
        try room.start()
        #expect(room.output.components(separatedBy: "was set aside").count - 1 == 3)
    }

    @Test func theJoinLimiterRefusesBeforeItComparesTheCode() throws {
        let room = try RoomHarness()
        try room.start()
        #expect(RoomSecrets.normalizedCode(room.code).count == 8)
        #expect(room.code.wholeMatch(of: /[ACDEFGHJKMNPQRTUVWXY34679]{4}-[ACDEFGHJKMNPQRTUVWXY34679]{4}/) != nil)
        let wrong = #"{"code":"AAAA-AAAA","name":"Eve","shareCode":false}"#
        var refusedRightCodes = 0
        var statuses: Set<Int> = []
        for round in 0..<3 {
            // Wrong codes until the room's allowance is spent; then the right code, at once, must be refused too:
            // the limiter answers before the code is compared.
            var status = 0
            for _ in 0..<40 where status != 429 {
                status = try room.send("POST", "/api/join", body: wrong, token: "").status
                statuses.insert(status)
            }
            let right = try room.send(
                "POST", "/api/join", body: #"{"code":"\#(room.code)","name":"Mallory \#(round)","shareCode":false}"#,
                token: "")
            if right.status == 429 {
                refusedRightCodes += 1
                #expect(right.text.contains("too many joins with a wrong code; wait a few seconds"))
            }
        }
        #expect(statuses == [401, 429])
        #expect(refusedRightCodes >= 1, "the right code was let in while the limiter refused every other")
        // Once the storm is over, the allowance comes back (about one a second) and the right code gets in.
        Thread.sleep(forTimeInterval: 2.5)
        #expect(try room.join("Ada").id.isEmpty == false)
    }

    @Test func aLearnerWhoFloodsTheRoomIsSlowedDown() throws {
        let room = try RoomHarness()
        try room.start(["--rate-limit", "2"])
        let ada = try room.join("Ada")
        var statuses: [Int] = []
        for _ in 0..<12 {
            statuses.append(
                try room.send(
                    "POST", "/api/events", body: RoomHarness.batch([RoomEvent(kind: .hint, exercise: "add", hints: 1)]),
                    token: ada.token
                ).status)
        }
        #expect(statuses.prefix(6).allSatisfy { $0 == 200 })
        #expect(statuses.contains(429))
        // Another learner is not slowed down by Ada.
        let bob = try room.join("Bob")
        let answer = try room.send(
            "POST", "/api/events", body: RoomHarness.batch([RoomEvent(kind: .join)]), token: bob.token)
        #expect(answer.status == 200)
    }

    @Test func aReplayedEventIsStoredOnce() throws {
        let room = try RoomHarness()
        try room.start()
        let ada = try room.join("Ada")
        let check = RoomEvent(
            kind: .check, exercise: "add", check: .init(verdict: .passed, duration: 0.4, examples: 2, failures: 0))
        let first = try room.send("POST", "/api/events", body: RoomHarness.batch([check]), token: ada.token)
        let second = try room.send("POST", "/api/events", body: RoomHarness.batch([check, check]), token: ada.token)
        #expect(first.text.contains("\"duplicates\":0"))
        #expect(second.status == 200)
        #expect(second.text.contains(check.id))
        #expect(second.text.contains("\"duplicates\":1"))
        let export = try room.send("GET", "/api/export?format=csv")
        let rows = export.text.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows.last?.hasPrefix("Ada,add,green,1,0,") == true)
    }

    @Test func aCheckPassesWhileTheRoomIsDownAndItsEventGoesLater() throws {
        let room = try RoomHarness()
        try room.start()
        let ada = try room.learner("Ada")
        let joined = try ada.run(["join", room.url, room.code, "--name", "Ada"])
        #expect(joined.status == 0, "\(joined.stderr)")
        try ada.run(["next"])
        #expect(ada.outboxDrains(), "kata next's event was delivered")
        try ada.write("exercises/checks/add.swift", try ada.read("solutions/checks/add.swift"))
        room.kill9()

        let check = try ada.run(["check", "add"])
        #expect(check.status == 0)
        #expect(check.stdout.contains("passed"))
        #expect(!check.stderr.contains("room"), "a check says nothing about an absent room: \(check.stderr)")
        #expect(ada.outbox.map(\.kind) == [.check])

        try room.start()
        let list = try ada.run(["list"])
        #expect(list.status == 0)
        #expect(ada.outboxDrains(), "a later command sends what was waiting")
        let export = try room.send("GET", "/api/export?format=csv")
        #expect(export.text.contains("Ada,add,green,1,0,"))
    }

    /// What a check event carries is what that check had: the file as it was checked (with --share-code), and the
    /// exercise's progress with the check recorded (red before green).
    @Test func aCheckEventCarriesTheFileAsCheckedAndItsProgress() throws {
        let room = try RoomHarness()
        try room.start()
        let ada = try room.learner("Ada")
        let joined = try ada.run(["join", room.url, room.code, "--name", "Ada", "--share-code"])
        #expect(joined.status == 0, "\(joined.stderr)")
        try ada.run(["next"])
        #expect(ada.outboxDrains(), "kata next's event was delivered")
        // Down, so that the events stay in the outbox to be read.
        room.kill9()
        let starter = try ada.read("exercises/checks/add.swift")
        #expect(try ada.run(["check", "add"]).status == 1)
        let solution = try ada.read("solutions/checks/add.swift")
        try ada.write("exercises/checks/add.swift", solution)
        #expect(try ada.run(["check", "add"]).status == 0)

        let checks = ada.outbox.filter { $0.kind == .check }
        #expect(checks.map(\.code) == [starter, solution])
        #expect(checks.map(\.check?.verdict) == [.failed, .passed])
        #expect(checks.map(\.check?.redBeforeGreen) == [nil, true])
    }

    @Test func killingTheServerMidLoadLosesNoAcknowledgedEvent() async throws {
        let room = try RoomHarness()
        try room.start()
        let learners = try (0..<8).map { try room.join("Learner \($0)") }
        let acknowledged = AcknowledgedIDs()
        // The posters keep going until the server is gone; it is killed once it has acknowledged a good number
        // of events (however busy the machine), in the middle of the others' requests. The posters block on
        // their requests, so they get threads of their own: on a busy 2-core machine the cooperative pool may
        // be taken by other tests for longer than any deadline.
        let posting = DispatchGroup()
        let deadline = Date().addingTimeInterval(120)
        for learner in learners {
            posting.enter()
            Thread.detachNewThread {
                defer { posting.leave() }
                while Date() < deadline, room.isRunning {
                    let events = (0..<5).map { _ in RoomEvent(kind: .hint, exercise: "add", hints: 1) }
                    guard
                        let answer = try? room.send(
                            "POST", "/api/events", body: RoomHarness.batch(events), token: learner.token),
                        answer.status == 200,
                        let ack = try? JSONDecoder().decode(RoomWire.EventAck.self, from: Data(answer.text.utf8))
                    else { continue }
                    acknowledged.add(learner.id, ack.acknowledged)
                }
            }
        }
        while acknowledged.count < 200, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        room.kill9()
        posting.wait()
        let before = acknowledged.all
        #expect(before.values.map(\.count).reduce(0, +) > 0, "some events were acknowledged before the kill")
        try room.start()
        for (learner, ids) in before {
            let timeline = try room.send("GET", "/api/learners/\(learner)")
            let stored = Set(
                (try JSONSerialization.jsonObject(with: Data(timeline.text.utf8)) as? [String: Any])
                    .flatMap { $0["events"] as? [[String: Any]] }?.compactMap { $0["id"] as? String } ?? [])
            let lost = ids.subtracting(stored)
            #expect(lost.isEmpty, "\(lost.count) acknowledged events of \(learner) are gone")
        }
    }
}

/// Event ids the server acknowledged, per learner, collected from several tasks.
final class AcknowledgedIDs: @unchecked Sendable {
    private var ids: [String: Set<String>] = [:]
    private let lock = NSLock()

    func add(_ learner: String, _ new: [String]) { lock.withLock { ids[learner, default: []].formUnion(new) } }

    var all: [String: Set<String>] { lock.withLock { ids } }

    var count: Int { lock.withLock { ids.values.map(\.count).reduce(0, +) } }
}
