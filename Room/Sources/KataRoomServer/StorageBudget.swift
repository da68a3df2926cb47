import Foundation

/// How much the room stores, for one learner and for the whole room, in bytes as ``RoomStore/storedBytes()``
/// counts them. A learner who joined with `--share-code` sends a file with each check; past the budget their events
/// are refused, one by one, with a message that says so, and the server's log says it once.
public struct StorageBudget: Sendable, Equatable {
    /// Bytes for each learner's events.
    public var learnerBytes: Int
    /// Bytes for the events of the whole room.
    public var roomBytes: Int

    /// The defaults: 16 MiB a learner (several thousand checks, each with a file of a few KiB), 1 GiB a room.
    public init(learnerBytes: Int = 16 << 20, roomBytes: Int = 1 << 30) {
        self.learnerBytes = learnerBytes
        self.roomBytes = roomBytes
    }

    /// Why an event was not stored.
    enum Refusal: Equatable {
        case learnerFull, roomFull
    }

    /// The learner's message for `refusal`, with the field and what to do.
    func message(_ refusal: Refusal, kata: String) -> String {
        switch refusal {
        case .learnerFull:
            "storage: the room keeps up to \(Self.mebibytes(learnerBytes)) of events for each learner, and yours are "
                + "there; ask the instructor, who can start the room with a larger \(kata) room serve --learner-storage"
        case .roomFull:
            "storage: the room's \(Self.mebibytes(roomBytes)) for events are full; ask the instructor, who can start "
                + "the room with a larger \(kata) room serve --room-storage"
        }
    }

    static func mebibytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
