import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which detached kata processes (a preparation that `kata next` starts) are running, so that what a killed one left
/// behind can be ended.
///
/// A detached process leads a session and a process group of its own, and the compilers it starts are in that
/// session (each job in a process group of its own, see ``ExternalCommand``). It records itself as
/// `<cache>/preparing/<pid>` (holding its start time on Linux, so a later process that happens to get the same number
/// is not taken for it) and removes the record when it ends. Killed with SIGKILL, it cannot; the kernel ends its jobs
/// with it, but not what a job started (the frontend `swiftc` runs for KataSpec), which goes on, orphaned, writing into
/// a staging folder that the next build would remove under them. Before anything sweeps a dead kata's leftovers,
/// ``endOrphans(in:)`` kills what is left of each dead process's session.
package enum DetachedGroupRecord {
    /// The folder of records in the library cache `cache`.
    package static func folder(_ cache: URL) -> URL { cache.appendingPathComponent("preparing") }

    /// Records this process as a running preparation; nil when it does not lead its own process group (run by hand
    /// from a shell, its group is the shell's job, which is not kata's to kill).
    package static func write(in cache: URL) -> URL? {
        let pid = getpid()
        guard getpgrp() == pid else { return nil }
        let record = folder(cache).appendingPathComponent("\(pid)")
        try? FileManager.default.createDirectory(at: folder(cache), withIntermediateDirectories: true)
        guard (try? Data((startTime(of: pid) ?? "").utf8).write(to: record, options: .atomic)) != nil else {
            return nil
        }
        return record
    }

    /// Kills the processes that preparations which died left in their groups, waits until they are gone, and
    /// removes those preparations' records. A running preparation's record is left alone.
    package static func endOrphans(in cache: URL) {
        let folder = folder(cache)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            guard let pid = pid_t(name), pid > 1, pid != getpid() else { continue }
            let record = folder.appendingPathComponent(name)
            let started = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
            if Leftovers.isRunning(pid) {
                // Still running, unless the number now belongs to another process (then the group it led is gone:
                // a number is not given out again while a group uses it).
                if let now = startTime(of: pid), !started.isEmpty, now != started {
                    try? FileManager.default.removeItem(at: record)
                }
                continue
            }
            killSession(pid)
            waitUntilGone(session: pid)
            try? FileManager.default.removeItem(at: record)
        }
    }

    /// Kills every process of the session `session` led: its process group, and the groups of its compilers' jobs.
    private static func killSession(_ session: pid_t) {
        kill(-session, SIGKILL)
        #if os(Linux)
            for pid in liveMembers(session) { kill(pid, SIGKILL) }
        #endif
    }

    /// Waits (at most two seconds) until no process of `session` runs any more. Killed processes stop at once, but
    /// their files are closed a moment later.
    private static func waitUntilGone(session: pid_t) {
        for _ in 0..<200 {
            if !hasLiveMembers(session) { return }
            usleep(10_000)
        }
    }

    /// Whether a process of the session `session` led still runs (an ended one waiting to be reaped does not count).
    static func hasLiveMembers(_ session: pid_t) -> Bool {
        #if os(Linux)
            return !liveMembers(session).isEmpty
        #else
            return kill(-session, 0) == 0
        #endif
    }

    /// The processes of `session` that still run.
    private static func liveMembers(_ session: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let fields = statFields(entry) else { return nil }
            // After "pid (name) ": the state, the parent, the process group, the session.
            guard fields.count > 3, pid_t(fields[3]) == session, fields[0] != "Z", fields[0] != "X" else { return nil }
            return pid
        }
    }

    /// When the process started (in clock ticks since the computer started), on Linux.
    static func startTime(of pid: pid_t) -> String? {
        #if os(Linux)
            guard let fields = statFields("\(pid)"), fields.count > 19 else { return nil }
            return String(fields[19])
        #else
            return nil
        #endif
    }

    /// The fields of `/proc/<entry>/stat` after the process's name.
    private static func statFields(_ entry: String) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }
}
