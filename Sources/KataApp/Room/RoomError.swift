import Foundation
import KataBasics
import KataMessages
import KataRoomWire

/// What can go wrong between a learner (or an instructor's tool) and the room.
package enum RoomError: Error, Equatable, LocalizedError, CustomStringConvertible, Translatable {
    /// The server address is not `http://host:port`.
    case badServerAddress(String)
    /// No answer from the server in time (it is down, or the network is).
    case unreachable(server: String, reason: String)
    /// The server answered something that is not the room's protocol.
    case badAnswer(server: String, reason: String)
    /// The server refused the request and said why.
    case refused(status: Int, message: String)
    /// A room command that needs `kata join` first.
    case notJoined
    /// A room file could not be written.
    case cannotWrite(path: String, reason: String)
    /// A hand-in file that cannot be read.
    case badHandin(path: String, reason: String)
    /// A hand-in past a limit of ``HandinLimits``.
    case handinOverLimit(path: String, reason: String)
    /// `kata handin` cannot write a hand-in within ``HandinLimits``.
    case cannotHandIn(reason: String)

    /// The message for the user, in English. Every value in it (an address, a file name, a server's answer) is
    /// shown on one line with its control characters escaped: it came from the command line, a file or the network.
    package var description: String { description(in: Messages(.source)) }

    /// The message for the user; what to type starts as they type kata (its words are English in every language).
    package func description(in t: Messages) -> String {
        switch self {
        case .badServerAddress(let address):
            "'\(address.withVisibleControlsOnOneLine)' is not a room address; use the one the instructor's "
                + "`kata room serve` printed, such as http://192.168.1.20:8123"
        case .unreachable(let server, let reason):
            "cannot reach the room at \(server.withVisibleControlsOnOneLine) (\(reason.withVisibleControlsOnOneLine)); "
                + "check the address and that you are on the room's network"
        case .badAnswer(let server, let reason):
            "\(server.withVisibleControlsOnOneLine) does not answer like a kata room "
                + "(\(reason.withVisibleControlsOnOneLine)); check the address"
        case .refused(_, let message):
            message.withVisibleControlsOnOneLine
        case .notJoined:
            "you have not joined a room; join one with: "
                + t.kata("join <address> <code> --name \"Your Name\"")
        case .cannotWrite(let path, let reason):
            "cannot write \(path.withVisibleControlsOnOneLine): \(reason); check that the folder is writable and run "
                + "the command again"
        case .badHandin(let path, let reason):
            "\(path.withVisibleControlsOnOneLine) is not a kata hand-in (\(reason.withVisibleControlsOnOneLine)); "
                + "ask for the file `kata handin` wrote"
        case .handinOverLimit(let path, let reason):
            "\(path.withVisibleControlsOnOneLine) was not graded: \(reason.withVisibleControlsOnOneLine); ask the "
                + "learner for the file `kata handin` writes, which stays within these limits"
        case .cannotHandIn(let reason):
            "cannot write the hand-in: \(reason)"
        }
    }

    /// Same as ``description``.
    package var errorDescription: String? { description }
}

extension RoomError {
    /// A connection's failure, as the learner is told it.
    init(_ failure: RoomConnection.Failure) {
        switch failure {
        case .badServerAddress(let address): self = .badServerAddress(address)
        case .unreachable(let server, let reason): self = .unreachable(server: server, reason: reason)
        case .badAnswer(let server, let reason): self = .badAnswer(server: server, reason: reason)
        }
    }
}
