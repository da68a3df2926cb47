import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Makes sure that nothing a learner's program started outlives the check, when it runs without a sandbox (in
/// the sandbox, its PID namespace does this).
///
/// The program runs in its own process group, which is killed as a whole. A process that left the
/// group (a daemon that called `setsid`) still carries the run's token in its environment, so it is
/// found in `/proc` and killed too. One that also cleared its environment is still kata's descendant: kata is a
/// child subreaper, so such an orphan becomes kata's child, and is killed after the run.
package enum ProcessSweeper {
    /// The environment variable that marks every process of a run.
    package static let tokenVariable = "KATA_RUN_TOKEN"

    /// Kills the process group and every process that carries `token`, then reaps the leader.
    package static func sweep(group: pid_t, token: String) {
        kill(-group, SIGKILL)
        let marker = Array("\(tokenVariable)=\(token)".utf8)
        for _ in 0..<5 {
            let strays = processes(carrying: marker)
            if strays.isEmpty { break }
            for pid in strays {
                kill(pid, SIGKILL)
            }
        }
        var status: Int32 = 0
        _ = waitpid(group, &status, 0)
    }

    /// Makes kata the parent of orphaned descendants (Linux's child subreaper), once per process.
    package static let becomeSubreaper: Void = {
        #if os(Linux)
            // prctl is variadic in C, so Swift does not import it; its integer arguments pass the same way.
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
                _ = unsafeBitCast(symbol, to: Prctl.self)(setChildSubreaper, 1, 0, 0, 0)
            }
        #endif
    }()

    /// Kills kata's children that are not running programs: orphans of finished runs that escaped their group and
    /// token. kata starts no other long-lived children while it checks.
    package static func sweepOrphans() {
        #if os(Linux)
            RunningGroups.shared.spawning {
                sweepOrphansNow()
            }
        #endif
    }

    private static func sweepOrphansNow() {
        #if os(Linux)
            let me = getpid()
            let running = RunningGroups.shared.known()
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return }
            for entry in entries {
                guard let pid = pid_t(entry), !running.contains(pid),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { continue }
                // After "pid (name) ": the state, then the parent's pid.
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                guard fields.count > 1, pid_t(fields[1]) == me else { continue }
                kill(pid, SIGKILL)
                var status: Int32 = 0
                _ = waitpid(pid, &status, 0)
            }
        #endif
    }

    /// Processes whose environment holds `marker` exactly as one entry.
    static func processes(carrying marker: [UInt8]) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        let me = getpid()
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), pid != me,
                let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
            else { return nil }
            return environment.split(separator: 0).contains { $0.elementsEqual(marker) } ? pid : nil
        }
    }
}
