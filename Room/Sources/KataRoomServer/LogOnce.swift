import Foundation

/// Keys the server's log has already spoken of, so that a condition a flood repeats (the room full, a learner's
/// storage full) is said once, not once per request.
final class LogOnce: @unchecked Sendable {
    private var said: Set<String> = []
    private let lock = NSLock()

    /// Whether this is the first time `key` is asked about.
    func first(_ key: String) -> Bool {
        lock.withLock { said.insert(key).inserted }
    }
}
