import Foundation

/// The kata commands the room tells people to type. Learners' are written as they type them in their workbook's
/// folder after the README's Quick start (`./kata join …`: a fresh clone has no `kata` on its PATH, and `./kata`
/// works there either way); the instructor's as the instructor typed kata to start the room (kata passes it to
/// the room server in ``environmentKey``).
public enum RoomCommands {
    /// Where kata tells kata-room how the instructor types kata (`./kata`, `kata`).
    public static let environmentKey = KataCommandHandover.environmentKey

    /// What learners type for kata in their workbook's folder.
    public static let learner = "./kata"

    /// The line learners type to join: `./kata join http://… K7QM-4FXT --name "Their Name"`.
    public static func join(address: String, code: String, name: String) -> String {
        "\(learner) join \(address) \(code) --name \"\(name)\""
    }

    /// How the instructor types kata: what kata passed in ``environmentKey``, else `kata`.
    public static func instructor(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        KataCommandHandover.passed(in: environment) ?? "kata"
    }
}
