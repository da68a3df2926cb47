import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes what a kata that was killed (`kill -9`, a power cut) left in `.kata`: build folders and half-built
/// libraries named after a process that no longer runs.
package enum Leftovers {
    /// Removes `<folder>/<name>-<pid>` entries whose process is gone; `prefix` and the separator select them.
    package static func sweep(_ folder: URL, separator: Character = "-", only prefix: String = "") {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let last = name.split(separator: separator).last, let pid = pid_t(last), pid > 0, pid != getpid()
            else { continue }
            if !isRunning(pid) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    /// Whether process `pid` runs. One that ended and waits to be reaped does not: where the computer's first
    /// process never reaps orphans (some containers), a killed kata stays a zombie for good.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        #if os(Linux)
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"),
                let state = stat[stat.index(after: close)...].split(separator: " ").first
            {
                return state != "Z" && state != "X"
            }
        #endif
        return true
    }
}
