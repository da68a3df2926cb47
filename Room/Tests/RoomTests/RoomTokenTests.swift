import Foundation
import KataTestSupport
import Testing

@testable import KataRoomServer

/// A token per GitHub Classroom repository (`kata room token`, the secret KATA_ROOM_TOKEN): each repository's runs
/// report as that repository and no other, with no join code kept where every learner's workflow can read it.
@Suite struct RoomTokenTests {
    @Test func aTokenIssuedForOneRepositoryReportsAsItAndNoOther() throws {
        let room = try RoomHarness()
        try room.start()
        // Joining is closed, and the room does not let a name join again: the token needs neither.
        #expect(try room.send("POST", "/api/joining", body: #"{"open":false}"#).status == 200)
        let issued = try room.command(["token", "org/assignment-ada"])
        #expect(issued.status == 0, "\(issued.stderr)")
        let token = issued.stdout.trimmingCharacters(in: .newlines)
        #expect(token.count >= 40 && !token.contains(" "), "the token alone, for gh secret set: \(issued.stdout)")
        #expect(issued.stderr.contains("A token for 'org/assignment-ada' (keep it secret: it reports as this name)"))
        #expect(issued.stderr.contains("./kata join <address> --token <token>"))

        let ada = try room.learner("Ada")
        let joined = try ada.run(["join", room.url, "--token", token])
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.stdout.contains("Joined 'Test room' at \(room.url) as org/assignment-ada."), "\(joined.stdout)")
        try ada.run(["next", "add"])
        try ada.write("exercises/checks/add.swift", try ada.read("solutions/checks/add.swift"))
        #expect(try ada.run(["check", "add"]).status == 0)
        #expect(ada.outboxDrains())
        let export = try room.send("GET", "/api/export?format=csv")
        #expect(export.text.contains("org/assignment-ada,add,green,1,0,"), "\(export.text)")

        // Whoever has the join code cannot take the repository's name, the room being open or not.
        #expect(try room.send("POST", "/api/joining", body: #"{"open":true}"#).status == 200)
        let taken = try room.send(
            "POST", "/api/join",
            body: #"{"code":"\#(room.code)","name":"org/assignment-ada","shareCode":false,"rejoin":true}"#,
            token: "")
        #expect(taken.status == 409, "\(taken.text)")

        // The token survives a restart of the server (it is stored hashed, like a join's).
        room.stop()
        try room.start()
        let me = try room.send("GET", "/api/me", token: token)
        #expect(me.status == 200)
        #expect(me.text.contains("\"name\":\"org/assignment-ada\""))
    }

    @Test func aTokenIsRefusedForANameTheRoomWouldRefuseAndAnUnknownOneCannotJoin() throws {
        let room = try RoomHarness()
        try room.start()
        let bad = try room.command(["token", "Eve\u{1B}[2J"])
        #expect(bad.status == 1)
        #expect(
            bad.stderr.contains("kata room: error: name: a name cannot hold control characters"), "\(bad.stderr)")
        #expect(bad.stderr.contains("as the argument"))
        #expect(bad.stdout.isEmpty)

        let eve = try room.learner("Eve")
        let unknown = try eve.run(["join", room.url, "--token", "not-a-token"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("a learner token is missing or unknown"), "\(unknown.stderr)")
        let neither = try eve.run(["join", room.url])
        #expect(neither.status == 64 || neither.status == 2)
        #expect(neither.stderr.contains("give the room's join code after its address, or --token"), "\(neither.stderr)")
        let both = try eve.run(["join", room.url, room.code, "--token", "x"])
        #expect(both.stderr.contains("give the join code or --token, not both"))
    }
}
