import Foundation
import Testing

@testable import KataApp
@testable import KataBasics
@testable import KataRoomWire

@Suite("Room problems")
struct RoomProblemTests {
    @Test("a server's refusal reaches the learner's terminal with its escapes shown and its length cut")
    func refusalIsEscaped() throws {
        let hostile = "no\u{1B}]52;c;aGk=\u{07}\u{1B}[2J" + String(repeating: "x", count: 2000)
        let body = try JSONSerialization.data(withJSONObject: ["error": hostile])
        let error = RoomReporter.problem(.init(status: 403, body: body), server: "http://10.0.0.1:8123")
        let text = error.description
        #expect(text.hasPrefix("no\\u{1B}]52;c;aGk=\\u{7}\\u{1B}[2J"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(text.count < RoomReporter.problemLimit + 40)
        #expect(text.hasSuffix("…"))
    }

    @Test("a connection's failure is told the learner as the room's error, with what to do")
    func connectionFailures() {
        let down = RoomError(RoomConnection.Failure.unreachable(server: "http://127.0.0.1:9", reason: "refused"))
        #expect(down.description.contains("cannot reach the room at http://127.0.0.1:9 (refused)"))
        #expect(RoomError(RoomConnection.Failure.badServerAddress("ftp://room")) == .badServerAddress("ftp://room"))
    }
}
