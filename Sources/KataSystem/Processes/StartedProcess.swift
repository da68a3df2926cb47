import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child that ``ProcessLaunch`` started, counted among kata's running children until it is collected.
package struct StartedProcess: Sendable {
    /// How a process ended.
    package enum Ending: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal of this number killed it.
        case signalled(Int32)

        /// What `waitpid` says in `status` of a process that has ended.
        package init(waitStatus status: Int32) {
            let signal = status & 0x7f
            self = signal != 0 && signal != 0x7f ? .signalled(signal) : .exited((status >> 8) & 0xff)
        }

        /// Whether a signal killed it.
        var bySignal: Bool {
            if case .signalled = self { return true }
            return false
        }

        /// The exit status, or the signal's number (what Foundation's `Process.terminationStatus` says).
        package var number: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }
    }

    /// Its process ID; in a group or session of its own, the group's and the session's too.
    package let pid: pid_t
    /// The process group it was started in.
    package let group: ProcessLaunch.Group

    /// Waits until it ends, collects it, and says how it ended.
    package func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        forget()
        return Ending(waitStatus: status)
    }

    /// Collects it when it ends, on a thread of its own, for a child kata does not wait for: it leaves no zombie
    /// behind in a kata that goes on (`kata watch` sending to its room after every check).
    package func collectWhenEnded() {
        Thread.detachNewThread { _ = wait() }
    }

    /// No longer counts it among kata's running children: for a caller that collects it in its own way, once it has.
    package func forget() {
        if group == .own { RunningGroups.shared.remove(pid) } else { RunningGroups.shared.removeTool(pid) }
    }
}
