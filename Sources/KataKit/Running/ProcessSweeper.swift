import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Makes sure that nothing a learner's program started outlives the check.
///
/// The program runs in its own process group, which is killed as a whole. A process that left the
/// group (a daemon that called `setsid`) still carries the run's token in its environment, so it is
/// found in `/proc` and killed too.
enum ProcessSweeper {
    /// The environment variable that marks every process of a run.
    static let tokenVariable = "KATA_RUN_TOKEN"

    /// Kills the process group and every process that carries `token`, then reaps the leader.
    static func sweep(group: pid_t, token: String) {
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
