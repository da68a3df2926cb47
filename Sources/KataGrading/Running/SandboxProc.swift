import Foundation

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

    /// The folder, made once in `cache` (`sandbox-proc/`); nil when it cannot be made.
    static func folder(in cache: URL) -> URL? {
        let folder = cache.appendingPathComponent("sandbox-proc-\(threads)")
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("complete").path) { return folder }
        let staging = cache.appendingPathComponent(".sandbox-proc-\(getpid())")
        try? FileManager.default.removeItem(at: staging)
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            for thread in 1...threads {
                let directory = staging.appendingPathComponent("\(thread)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
                // pid (comm) state ppid …: the fields after the name that readers look at, as the kernel writes them.
                let line = "\(thread) (program) S 1 1 1 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 0 0 0\n"
                try Data(line.utf8).write(to: directory.appendingPathComponent("stat"))
            }
            let host = (try? String(contentsOfFile: "/proc/stat", encoding: .utf8)) ?? "cpu  0 0 0 0\ncpu0 0 0 0 0\n"
            let cpus = host.split(separator: "\n").filter { $0.hasPrefix("cpu") }.joined(separator: "\n") + "\n"
            try Data(cpus.utf8).write(to: staging.appendingPathComponent("stat"))
            try Data().write(to: staging.appendingPathComponent("complete"))
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.moveItem(at: staging, to: folder)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent("complete").path) ? folder : nil
        }
        return folder
    }
}
