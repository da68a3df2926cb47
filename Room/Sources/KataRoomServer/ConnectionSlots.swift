import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The room's open connections, at most `capacity` of them. The capacity stays below the process's file-descriptor
/// limit, so the server can always accept a connection; when it is full, the newcomer takes the slot of the oldest
/// connection that is not being answered (one waiting for a request, sending half of one, or sending a body).
/// A flood of slow clients therefore pushes out only itself, and a request that arrives whole is answered.
final class ConnectionSlots: @unchecked Sendable {
    /// One connection's place.
    typealias Slot = UInt64

    private struct Entry {
        let channel: any Channel
        /// Whether the room is answering a request it has read in full (a slot it must not take back).
        var answering = false
    }

    let capacity: Int
    private var entries: [Slot: Entry] = [:]
    private var next: Slot = 0
    private let lock = NSLock()

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many connections are open.
    var count: Int { lock.withLock { entries.count } }

    /// A slot for `channel`, after closing the oldest connection not being answered when the room is full; nil
    /// when every slot is answering a request (the caller closes `channel`).
    func take(_ channel: any Channel) -> Slot? {
        let (slot, evicted) = lock.withLock { () -> (Slot?, (any Channel)?) in
            var evicted: (any Channel)?
            if entries.count >= capacity {
                guard let oldest = entries.filter({ !$0.value.answering }).keys.min() else { return (nil, nil) }
                evicted = entries.removeValue(forKey: oldest)?.channel
            }
            next += 1
            entries[next] = Entry(channel: channel)
            return (next, evicted)
        }
        evicted?.close(promise: nil)
        return slot
    }

    /// Marks whether the room is answering a request it has read in full on `slot`.
    func setAnswering(_ slot: Slot, _ answering: Bool) {
        lock.withLock { entries[slot]?.answering = answering }
    }

    /// Frees `slot` (its connection closed).
    func release(_ slot: Slot) {
        _ = lock.withLock { entries.removeValue(forKey: slot) }
    }

    /// File descriptors the room keeps for itself beyond its connections: standard streams, the listening socket,
    /// SQLite's files for each pooled connection, and each event loop's epoll, event and timer descriptors.
    static var reservedDescriptors: Int { 64 + 4 * ProcessInfo.processInfo.activeProcessorCount }

    /// `wanted` connections, or fewer when the process's file-descriptor limit (`ulimit -n`) leaves less room.
    static func capacity(wanted: Int) -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
            let read = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #else
            let read = getrlimit(RLIMIT_NOFILE, &limit)
        #endif
        // No limit (RLIM_INFINITY) reads as the largest rlim_t, which clamps to Int.max.
        guard read == 0 else { return wanted }
        let available = Int(clamping: limit.rlim_cur) - reservedDescriptors
        return max(1, min(wanted, available))
    }
}
