import CSpawn
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What ends a compiler's job whole: every process in the job's session, in whatever process group, when kata ends the
/// job and when kata ends, however it ends.
///
/// `swiftc` starts each `swift-frontend` in a process group of its own, and the kernel's end-with-kata signal
/// (PR_SET_PDEATHSIG) reaches only the driver kata started, so neither killing the job's group nor kata's death would
/// end a frontend. The job leads a session of its own instead, which everything it starts stays in (nothing a compile
/// runs calls `setsid`). kata kills what is left of the session itself when it stops a job or a job fails; for kata's
/// own end, one small process per kata, `kata-watchdog` (Sources/CSpawn), keeps the sessions of the jobs running and
/// kills them when its socket to kata ends, which the kernel ends with kata. Linux only: elsewhere there is no `/proc`
/// to find a session's processes in, and a job is one process group, bounded by the kernel's CPU limit.
package enum SessionWatchdog {
    /// Has the watchdog end `session` with kata (starting the watchdog the first time): 0 when it does, or where there
    /// is none (not Linux); otherwise the `errno` of what failed. Called while no sweep runs
    /// (``RunningGroups/spawning(_:)``).
    static func watch(session: pid_t) -> Int32 {
        var watchdog: pid_t = 0
        let code = kata_watch_session(session, &watchdog)
        if code == ENOSYS { return 0 }
        // A child of kata's for as long as kata runs, which no sweep of orphans may take.
        if watchdog > 0 { RunningGroups.shared.insertTool(watchdog) }
        return code
    }

    /// Ends the watch over `session`: `killingWhatIsLeft`, after killing every process of it that still runs (and
    /// waiting until they are gone), which reads `/proc` (milliseconds on a busy computer), so it is left out for a
    /// job that ended in success, whose driver waited for all it started. Called once, after the job's leader has
    /// ended but before it is collected: until then its number, the session's, is not given out again.
    static func end(session: pid_t, killingWhatIsLeft: Bool) {
        kata_end_session(session, killingWhatIsLeft ? 1 : 0)
    }
}
