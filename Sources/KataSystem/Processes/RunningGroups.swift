import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process groups running now (learners' programs, compilers' jobs), so that Ctrl-C (SIGINT), SIGTERM or SIGHUP
/// on kata kills them before it exits.
package final class RunningGroups: @unchecked Sendable {
    package static let shared = RunningGroups()
    private static let capacity = 64
    /// A fixed table the signal handler can read without locking or allocating; 0 marks a free slot.
    private let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
    private let lock = NSLock()
    /// Held while kata starts a child and while it sweeps orphans, so a sweep never takes a child kata has just
    /// started (and not yet recorded) for an orphan.
    private let spawnLock = NSLock()
    /// Children kata started outside a group of its own (tools it waits for, a detached kata), which a sweep leaves
    /// alone.
    private var tools: Set<pid_t> = []

    private init() {
        slots.initialize(repeating: 0, count: Self.capacity)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { received in
                RunningGroups.killAll()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Makes sure Ctrl-C reaches kata: a parent may have started it with these signals blocked
    /// (posix_spawn passes on the caller's signal mask), and then `kata watch` could never be stopped.
    package func handleStopSignals() {
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, number) }
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
    }

    /// A pipe whose ends close on exec, made while no child is being started: a child started at the same moment on
    /// another thread cannot inherit it (and hold it open after this one's child has ended).
    package func closeOnExecPipe() -> [Int32]? {
        spawning {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return nil }
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return ends
        }
    }

    /// Runs `body`, which starts a child and records it, so that no sweep runs in between.
    func spawning<T>(_ body: () throws -> T) rethrows -> T {
        spawnLock.lock()
        defer { spawnLock.unlock() }
        return try body()
    }

    /// Records a child that kata started outside a group of its own (inside ``spawning(_:)``).
    func insertTool(_ pid: pid_t) {
        lock.withLock { _ = tools.insert(pid) }
    }

    package func removeTool(_ pid: pid_t) {
        lock.withLock { _ = tools.remove(pid) }
    }

    /// Every child kata started and is still running: program groups and tools.
    package func known() -> Set<pid_t> {
        lock.withLock { tools.union((0..<Self.capacity).map { slots[$0] }.filter { $0 > 0 }) }
    }

    package func insert(_ group: pid_t) {
        lock.withLock {
            if let free = (0..<Self.capacity).first(where: { slots[$0] == 0 }) { slots[free] = group }
        }
    }

    package func remove(_ group: pid_t) {
        lock.withLock {
            for index in 0..<Self.capacity where slots[index] == group { slots[index] = 0 }
        }
    }

    /// Called from the signal handler: only async-signal-safe work.
    private static func killAll() {
        for index in 0..<capacity {
            let group = shared.slots[index]
            if group > 0 { kill(-group, SIGKILL) }
        }
    }
}
