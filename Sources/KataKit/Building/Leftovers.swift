import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes what a kata that was killed (`kill -9`, a power cut) left in `.kata`: build folders and half-built
/// libraries named after a process that no longer runs.
enum Leftovers {
    /// Removes `<folder>/<name>-<pid>` entries whose process is gone; `prefix` and the separator select them.
    static func sweep(_ folder: URL, separator: Character = "-", only prefix: String = "") {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let last = name.split(separator: separator).last, let pid = pid_t(last), pid > 0, pid != getpid()
            else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }
}
