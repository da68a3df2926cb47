import Foundation
import KataBasics
import KataRoomWire
import KataTestSupport
import Testing

@testable import KataRoomServer

/// The room flooded by someone who has the code on the projector, and what such a person can make the instructor's
/// terminal, dashboard and files show: a real `kata-room` process on loopback, a real SQLite file.
@Suite struct RoomFloodTests {
    /// A join request with `name` as JSON, whatever characters it holds.
    static func joinBody(_ room: RoomHarness, _ name: String, rejoin: Bool? = nil) -> String {
        let request = RoomWire.JoinRequest(code: room.code, name: name, shareCode: true, rejoin: rejoin)
        return String(decoding: try! JSONEncoder().encode(request), as: UTF8.self)
    }

    static func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }
    }

    @Test func namesAreBoundedNormalisedAndShowSomething() throws {
        let room = try RoomHarness()
        try room.start()
        let cases: [(name: String, message: String)] = [
            ("Eve\u{1B}]52;c;aGk=\u{7}\u{1B}[2J", "name: a name cannot hold control characters"),
            ("Eve\u{202E}evE", "name: a name cannot hold control characters"),
            (
                "A" + String(repeating: "\u{301}", count: 1_400),
                "name: give a name of 1 to 80 characters (at most 256 bytes)"
            ),
            (String(repeating: "é", count: 81), "name: give a name of 1 to 80 characters"),
            (
                "Zoe" + (0x300...0x309).map { String(UnicodeScalar($0)!) }.joined(),
                "carries more than 8 combining marks"
            ),
            ("\u{301}\u{302}", "name: the name shows nothing"),
            ("\u{200B}\u{3164}\u{2800}", "name: the name shows nothing"),
        ]
        for (name, message) in cases {
            let answer = try room.send("POST", "/api/join", body: Self.joinBody(room, name), token: "")
            #expect(answer.status == 400, "\(name.debugDescription): \(answer.text)")
            #expect(answer.text.contains(message), "\(name.debugDescription): \(answer.text)")
        }
        // The same name typed as e + combining acute, or as é: one name, in its composed form.
        #expect(try room.send("POST", "/api/join", body: Self.joinBody(room, "Zoe\u{301}"), token: "").status == 201)
        let again = try room.send("POST", "/api/join", body: Self.joinBody(room, "Zo\u{E9}"), token: "")
        #expect(again.status == 409)
        #expect(again.text.contains("'Zo\u{E9}' is already in this room"))
        // A name of many scripts, with the marks they need, is welcome.
        #expect(
            try room.send("POST", "/api/join", body: Self.joinBody(room, "Nguyễn Thị 김민지 क्षत्रिय 👩🏽‍💻"), token: "").status
                == 201)

        // The log names the refused join with its control characters shown, never obeyed.
        Thread.sleep(forTimeInterval: 0.2)
        let log = room.output
        #expect(!Self.hasRawControls(log), "\(log.debugDescription)")
        #expect(
            log.contains(
                "a join was refused (name: a name cannot hold control characters): Eve\\u{1B}]52;c;aGk=\\u{7}\\u{1B}[2J"
            ), "\(log)")
        #expect(log.contains("Zoé joined"))
    }

    @Test func joinsWithTheRightCodeAreLimited() throws {
        let room = try RoomHarness()
        // Ten at once, then one every hundred seconds: the eleventh join within the test is refused.
        try room.start(["--join-rate", "0.01"])
        var statuses: [Int] = []
        var refusal = ""
        for index in 0..<12 {
            let answer = try room.send("POST", "/api/join", body: Self.joinBody(room, "Learner \(index)"), token: "")
            statuses.append(answer.status)
            if answer.status == 429 { refusal = answer.text }
        }
        #expect(statuses.prefix(10).allSatisfy { $0 == 201 }, "\(statuses)")
        #expect(statuses.suffix(2) == [429, 429], "\(statuses)")
        #expect(
            refusal.contains(
                "too many joins at once (this room takes 0.01 a second); wait a few seconds and join again"))
    }

    @Test func theRoomTakesAtMostItsLearnersAndEachKeepsAFewTokens() async throws {
        let room = try RoomHarness()
        try room.start(["--max-learners", "3", "--allow-rejoin"])
        let ada = try room.join("Ada")
        _ = try room.join("Bob")
        _ = try room.join("Cy")
        for name in ["Dee", "Eve"] {
            let full = try room.send("POST", "/api/join", body: Self.joinBody(room, name), token: "")
            #expect(full.status == 403)
            #expect(
                full.text.contains(
                    "the room is full: it takes 3 learners; ask the instructor, who can start it with a larger --max-learners"
                ))
        }
        // A name already in the room may still join again (a GitHub Classroom run), and keeps at most 20 tokens.
        var latest = ""
        for _ in 0..<25 {
            let again = try room.send("POST", "/api/join", body: Self.joinBody(room, "Ada", rejoin: true), token: "")
            #expect(again.status == 201)
            latest = try JSONDecoder().decode(RoomWire.JoinResponse.self, from: Data(again.text.utf8)).token
        }
        #expect(try room.send("GET", "/api/me", token: latest).status == 200)
        #expect(try room.send("GET", "/api/me", token: ada.token).status == 401)
        let store = try RoomStore(path: room.instructor.appendingPathComponent(".kata/room/room.sqlite").path)
        #expect(try store.tokens().values.count { $0 == ada.id } == RoomStore.maxTokensPerLearner)
        #expect(try store.learners().count == 3)
        #expect(room.output.components(separatedBy: "the room is full (3 learners)").count - 1 == 1, "\(room.output)")
    }

    @Test func storageIsBudgetedPerLearnerAndPerRoom() async throws {
        let room = try RoomHarness()
        try room.start(["--learner-storage", "1", "--room-storage", "2"])
        let code = String(repeating: "x", count: 60 << 10)
        func send(_ token: String, batches: Int) throws -> (stored: Int, refusals: [String]) {
            var stored = 0
            var refusals: [String] = []
            for _ in 0..<batches {
                let events = (0..<3).map { _ in
                    RoomEvent(
                        kind: .check, exercise: "add",
                        check: .init(verdict: .failed, duration: 0.1, examples: 2, failures: 1), code: code)
                }
                let answer = try room.send("POST", "/api/events", body: RoomHarness.batch(events), token: token)
                #expect(answer.status == 200, "\(answer.text)")
                let ack = try JSONDecoder().decode(RoomWire.EventAck.self, from: Data(answer.text.utf8))
                stored += ack.acknowledged.count
                refusals += ack.rejected.map(\.error)
            }
            return (stored, refusals)
        }
        let ada = try room.join("Ada")
        let first = try send(ada.token, batches: 8)
        #expect((10..<24).contains(first.stored), "\(first.stored)")
        #expect(
            first.refusals.allSatisfy {
                $0 == "storage: the room keeps up to 1 MiB of events for each learner, and yours are there; ask the "
                    + "instructor, who can start the room with a larger kata room serve --learner-storage"
            } && !first.refusals.isEmpty, "\(first.refusals)")
        let bob = try room.join("Bob")
        #expect(try send(bob.token, batches: 8).stored == first.stored)
        let cy = try room.join("Cy")
        let last = try send(cy.token, batches: 2)
        #expect(last.stored < 6)
        #expect(
            last.refusals.contains { $0.hasPrefix("storage: the room's 2 MiB for events are full") }, "\(last.refusals)"
        )

        let store = try RoomStore(path: room.instructor.appendingPathComponent(".kata/room/room.sqlite").path)
        let usage = try store.storedBytes()
        #expect(usage[ada.id, default: 0] <= 1 << 20)
        #expect(usage.values.reduce(0, +) <= 2 << 20)
        #expect(
            room.output.components(separatedBy: "Ada has used the 1 MiB the room keeps for each learner").count == 2)
        #expect(room.output.components(separatedBy: "the room's storage is full (2 MiB)").count == 2)

        // The budget is counted from the database when the room starts again.
        room.stop()
        try room.start(["--learner-storage", "1", "--room-storage", "4"])
        #expect(try send(ada.token, batches: 1).stored == 0)
        #expect(try send(cy.token, batches: 1).stored == 3)
    }

    @Test func theDashboardsSnapshotIsBounded() throws {
        let room = try RoomHarness()
        let empty = room.folder.appendingPathComponent("no-workbook")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        // A room started without a workbook takes up to 500 exercises, each a cell of the learner's row.
        try room.start(["--database", empty.appendingPathComponent("room.sqlite").path], in: empty)
        let ada = try room.join("Ada")
        let tooLong = RoomEvent(
            kind: .check, exercise: "ex",
            check: .init(
                verdict: .failed, duration: 0.1, examples: 1, failures: 1,
                firstFailure: String(repeating: "e\u{301}\u{302}\u{303}", count: 1_000)))
        let refused = try room.send("POST", "/api/events", body: RoomHarness.batch([tooLong]), token: ada.token)
        #expect(refused.text.contains("check.firstFailure: at most 1,000 characters (4,096 bytes)"), "\(refused.text)")
        for start in stride(from: 0, to: 60, by: 20) {
            let events = (start..<start + 20).map { index in
                RoomEvent(
                    kind: .check, exercise: "exercise-\(index)",
                    check: .init(
                        verdict: .failed, duration: 0.1, examples: 1, failures: 1,
                        firstFailure: String(repeating: "\u{E9}", count: 1_000)))
            }
            #expect(
                try room.send("POST", "/api/events", body: RoomHarness.batch(events), token: ada.token).status == 200)
        }
        let snapshot = try room.send("GET", "/api/room")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(snapshot.text.utf8)) as? [String: Any])
        let learners = try #require(object["learners"] as? [[String: Any]])
        let cells = try #require(learners.first?["cells"] as? [String: [String: Any]])
        #expect(cells.count == 60)
        let failures = cells.values.compactMap { $0["failure"] as? String }
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { $0.count == 200 && $0.hasSuffix("…") })
        #expect(failures.map(\.utf8.count).reduce(0, +) <= 8_192)
        #expect(cells["exercise-0"]?["failure"] != nil)
        let exercises = try #require(object["exercises"] as? [[String: Any]])
        for exercise in exercises {
            for failure in exercise["commonFailures"] as? [[String: Any]] ?? [] {
                #expect((failure["text"] as? String)?.count ?? 0 <= 200)
            }
        }
    }

    @Test func exportsOnStandardOutputShowNoControlCharacters() async throws {
        let room = try RoomHarness()
        // A name an older server took, and failures a learner's kata reported.
        let path = room.instructor.appendingPathComponent(".kata/room/room.sqlite").path
        let hostile = "Eve\u{1B}[2J\u{9B}31m"
        let eve = try await RoomStore(path: path).join(
            name: hostile, shareCode: false, tokenHash: RoomSecrets.hash("eve-token"), rejoin: false, now: Date())
        try room.start()
        let events = [
            RoomEvent(
                kind: .check, exercise: "add",
                check: .init(
                    verdict: .failed, duration: 0.1, examples: 1, failures: 1,
                    firstFailure: "\u{1B}]52;c;aGk=\u{7}expected 5")),
            RoomEvent(
                kind: .check, exercise: "counter-spec",
                check: .init(
                    verdict: .failed, duration: 0.1, examples: 1, failures: 1,
                    firstFailure: "\t=HYPERLINK(\"http://x\")")),
        ]
        #expect(try room.send("POST", "/api/events", body: RoomHarness.batch(events), token: "eve-token").status == 200)
        room.stop()

        let csv = try room.command(["export", "--format", "csv"]).stdout
        #expect(!Self.hasRawControls(csv), "\(csv.debugDescription)")
        let rows = try CSVTable.rows(csv)
        #expect(rows.count == 3)
        for cell in rows.joined() { #expect(CSVTable.danger(in: cell) == nil, "\(cell.debugDescription)") }
        #expect(rows[1][0] == "Eve\\u{1B}[2J\\u{9B}31m")
        #expect(rows.contains { $0.last == "\\u{1B}]52;c;aGk=\\u{7}expected 5" })
        #expect(rows.contains { $0.last == "'\t=HYPERLINK(\"http://x\")" })

        let json = try room.command(["export", "--format", "json"]).stdout
        #expect(!Self.hasRawControls(json), "\(json.debugDescription)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.first?["learner"] as? String == hostile, "the JSON keeps the name as it is, escaped as JSON")
        #expect(eve.learner.name == hostile)
    }

}
