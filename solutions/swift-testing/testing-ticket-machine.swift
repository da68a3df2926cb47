import Synchronization

/// Hands out ticket numbers 1, 2, 3, … Safe to use from many tasks at once.
final class TicketMachine: Sendable {
    /// This machine's own counter, guarded by a lock.
    private let counter = Mutex(0)

    func next() -> Int {
        counter.withLock { count in
            count += 1
            return count
        }
    }
}
