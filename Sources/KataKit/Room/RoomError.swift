import Foundation

/// What can go wrong between a learner (or an instructor's tool) and the room.
public enum RoomError: Error, Equatable, LocalizedError, CustomStringConvertible {
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

    /// The message for the user.
    public var description: String {
        switch self {
        case .badServerAddress(let address):
            "'\(address)' is not a room address; use the one the instructor's `kata room serve` printed, "
                + "such as http://192.168.1.20:8123"
        case .unreachable(let server, let reason):
            "cannot reach the room at \(server) (\(reason)); check the address and that you are on the room's network"
        case .badAnswer(let server, let reason):
            "\(server) does not answer like a kata room (\(reason)); check the address"
        case .refused(_, let message):
            message
        case .notJoined:
            "you have not joined a room; join one with: "
                + KataCommand.line("join <address> <code> --name \"Your Name\"")
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); check that the folder is writable and run the command again"
        case .badHandin(let path, let reason):
            "\(path) is not a kata hand-in (\(reason)); ask for the file `kata handin` wrote"
        case .handinOverLimit(let path, let reason):
            "\(path) was not graded: \(reason); ask the learner for the file `kata handin` writes, which stays within "
                + "these limits"
        case .cannotHandIn(let reason):
            "cannot write the hand-in: \(reason)"
        }
    }

    /// Same as ``description``.
    public var errorDescription: String? { description }
}
