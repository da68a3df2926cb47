import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `/proc` a program sees in the sandbox: not the kernel's, which would let it read its own memory (and in it the
/// run's secret) through `/proc/self/mem`, but a folder of plain files that gives the libraries what they read there.
///
/// libdispatch on Linux watches its worker threads through `/proc/<thread>/stat`, and stops the program when it
/// cannot open one (a busy global queue, Swift Testing's parallel run). So every thread number a program is likely
/// to reach in its own PID namespace has a `stat` that says the thread sleeps (dispatch then adds workers rather than
/// wait for one that never frees, as it would for a blocked one). `stat` holds the host's CPU lines, from which the C
/// library counts processors when `/sys` is not there.
enum SandboxProc {
    /// Thread numbers covered: far more than a run can hold at once (``RunLimits/extraProcesses``).
    static let threads = 1024

    /// The folder, made once in `cache` (`sandbox-proc-<threads>/`); nil when it cannot be made.
    ///
    /// Checks run side by side (`kata verify`, a room's grading), in one process or several: each makes the folder
    /// in a staging folder of its own and renames it into place, and a folder already in place is never replaced,
    /// since a running program may have it as its `/proc`.
    static func folder(in cache: URL) -> URL? {
        let folder = cache.appendingPathComponent("sandbox-proc-\(threads)")
        let complete = { FileManager.default.fileExists(atPath: folder.appendingPathComponent("complete").path) }
        if complete() { return folder }
        let staging = cache.appendingPathComponent(".sandbox-proc-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        // Plain system calls: Foundation's take many times as long for a thousand small files.
        let put = { (path: String, text: String) -> Bool in
            let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard file >= 0 else { return false }
            defer { close(file) }
            // Readable by the program's user whatever the umask (as root, kata runs it as nobody).
            guard fchmod(file, 0o644) == 0 else { return false }
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == bytes.count
        }
        let made = { (path: String) in mkdir(path, 0o755) == 0 && chmod(path, 0o755) == 0 }
        try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        guard made(staging.path) else { return complete() ? folder : nil }
        for thread in 1...threads {
            let directory = staging.path + "/\(thread)"
            // pid (comm) state ppid …: the fields after the name that readers look at, as the kernel writes them.
            let line = "\(thread) (program) S 1 1 1 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 0 0 0\n"
            guard made(directory), put(directory + "/stat", line) else {
                return complete() ? folder : nil
            }
        }
        let host = (try? String(contentsOfFile: "/proc/stat", encoding: .utf8)) ?? "cpu  0 0 0 0\ncpu0 0 0 0 0\n"
        let cpus = host.split(separator: "\n").filter { $0.hasPrefix("cpu") }.joined(separator: "\n") + "\n"
        guard put(staging.path + "/stat", cpus), put(staging.path + "/complete", "") else {
            return complete() ? folder : nil
        }
        // rename(2) does not replace a folder that is not empty: when another check put its folder first, that one
        // stays, and this staging folder goes.
        if rename(staging.path, folder.path) != 0, !complete() {
            // A folder left half made by an older kata: put it aside (it is no program's /proc), then this one in.
            let aside = cache.appendingPathComponent(".sandbox-proc-old-\(UUID().uuidString)")
            if rename(folder.path, aside.path) == 0 { try? FileManager.default.removeItem(at: aside) }
            _ = rename(staging.path, folder.path)
        }
        return complete() ? folder : nil
    }
}
