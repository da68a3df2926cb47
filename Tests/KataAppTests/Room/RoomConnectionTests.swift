import Foundation
import Testing

@testable import KataApp

@Suite struct RoomConnectionTests {
    @Test func plainAndChunkedBodiesAreRead() throws {
        let plain = try RoomConnection.parse(
            Data("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".utf8), server: "http://x")
        #expect(plain.status == 200)
        #expect(plain.body == Data("{}".utf8))
        let chunked = try RoomConnection.parse(
            Data(
                "HTTP/1.1 409 Conflict\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n".utf8),
            server: "http://x")
        #expect(chunked.status == 409)
        #expect(chunked.body == Data("{\"a\":1}".utf8))
        #expect(throws: RoomConnection.Failure.badAnswer(server: "http://x", reason: "the answer has no HTTP header")) {
            try RoomConnection.parse(Data("garbage".utf8), server: "http://x")
        }
    }

    @Test func aRoomThatIsDownIsReportedQuickly() throws {
        // Port 9 on loopback refuses at once; the error names the room.
        #expect {
            _ = try RoomConnection(server: "http://127.0.0.1:9", timeout: 2).send("GET", "/api/me")
        } throws: { error in
            guard case .unreachable(let server, _)? = error as? RoomConnection.Failure else { return false }
            return server == "http://127.0.0.1:9"
        }
        #expect(throws: RoomConnection.Failure.badServerAddress("ftp://room")) {
            _ = try RoomConnection(server: "ftp://room", timeout: 1).send("GET", "/")
        }
    }

    @Test(
        "an https room goes through curl, which reads the request from kata and says why it got no answer",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
    func httpsThroughCurl() throws {
        // Nothing listens on port 9: curl, told the address on its standard input, cannot connect (its status 7).
        #expect(
            throws: RoomConnection.Failure.unreachable(
                server: "https://127.0.0.1:9", reason: "curl exited with status 7")
        ) {
            _ = try RoomConnection(server: "https://127.0.0.1:9", timeout: 2).send("GET", "/api/me")
        }
    }
}
