import Foundation

/// The units being compiled now, by key: a second compile of a unit that is already being compiled waits for the
/// first and then finds it in the cache, instead of compiling it again beside it. (A check compiles a starter's
/// declarations while it compiles the learner's file, which is the same unit when the file is still the starter;
/// `kata verify` runs checks side by side.) Within one kata; two katas at once each compile, as before.
final class UnitFlights: @unchecked Sendable {
    private let lock = NSLock()
    private var gates: [String: NSLock] = [:]
    private var waiting: [String: Int] = [:]

    /// Runs `body` for `key` while no other thread runs one for the same key.
    func exclusively<T, E: Error>(_ key: String, _ body: () throws(E) -> T) throws(E) -> T {
        let gate = lock.withLock {
            waiting[key, default: 0] += 1
            if let gate = gates[key] { return gate }
            let gate = NSLock()
            gates[key] = gate
            return gate
        }
        gate.lock()
        defer {
            gate.unlock()
            lock.withLock {
                waiting[key, default: 1] -= 1
                if waiting[key] == 0 {
                    waiting[key] = nil
                    gates[key] = nil
                }
            }
        }
        return try body()
    }
}
