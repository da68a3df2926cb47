import Foundation

/// What kata hands the room server (kata-room) when it starts it: the instructor's workbook folder and its
/// exercises, so that the room needs nothing of kata's workbook reader. kata passes it as JSON in
/// ``environmentKey``.
public struct RoomHandover: Codable, Sendable, Equatable {
    /// One exercise, as the dashboard shows it.
    public struct Exercise: Codable, Sendable, Equatable {
        public var id: String
        public var title: String

        public init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }

    /// The workbook's folder (the one holding `chapters/`).
    public var workbook: String
    /// Its exercises, in order.
    public var exercises: [Exercise]

    public init(workbook: String, exercises: [Exercise]) {
        self.workbook = workbook
        self.exercises = exercises
    }

    /// The environment variable kata sets.
    public static let environmentKey = "KATA_ROOM_HANDOVER"

    /// The handover kata passed in `environment`, if it passed one that reads.
    public static func passed(in environment: [String: String]) -> RoomHandover? {
        guard let json = environment[environmentKey], !json.isEmpty else { return nil }
        return try? JSONDecoder().decode(RoomHandover.self, from: Data(json.utf8))
    }

    /// The JSON kata puts in ``environmentKey``.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
