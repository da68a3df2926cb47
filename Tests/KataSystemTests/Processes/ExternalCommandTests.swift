import Foundation
import Testing

@testable import KataSystem

#if canImport(Glibc)
    import Glibc
#endif

@Suite("A compiler's job within its limits")
struct ExternalCommandTests {
    @Test("a job still running at its deadline is stopped, with what it started")
    func deadline() throws {
        let folder = try Self.folder()
        var limits = CompileLimits(environment: [:])
        limits.seconds = 1
        let command = ExternalCommand(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "sleep 300 & echo $! > child; wait"],
            directory: folder, limits: limits)
        let result = try command.run()
        #expect(result.stopped == .time(seconds: 1))
        let child = try #require(
            pid_t(
                try String(contentsOf: folder.appendingPathComponent("child"), encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.waitUntil(seconds: 10) { !Self.running(child) }, "the job's own child was stopped too")
    }

    @Test("a compiler's job takes its memory in huge pages, whatever else the C library was told")
    func hugePages() throws {
        #expect(ExternalCommand.tunables(nil) == "glibc.malloc.hugetlb=1")
        #expect(ExternalCommand.tunables("") == "glibc.malloc.hugetlb=1")
        #expect(
            ExternalCommand.tunables("glibc.malloc.arena_max=2") == "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1")
        #expect(ExternalCommand.tunables("glibc.malloc.hugetlb=0") == "glibc.malloc.hugetlb=0")
        let printed = { (limits: CompileLimits?) in
            try ExternalCommand(
                executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "echo \"$GLIBC_TUNABLES\""],
                limits: limits
            ).run().output
        }
        #expect(try printed(CompileLimits(environment: [:])) == "glibc.malloc.hugetlb=1\n")
        let own = ProcessInfo.processInfo.environment["GLIBC_TUNABLES"] ?? ""
        #expect(try printed(nil) == own + "\n", "a tool that is not a compiler runs with kata's environment")
    }

    #if os(Linux)
        /// A job that starts `sleep 300` in a process group of its own, as `swiftc` starts each `swift-frontend`, writes
        /// its number to `child` in `folder` and its group's to `group`, then waits for it (or, `waits` false, fails at
        /// once, as a driver whose frontend is still running does when it crashes).
        static func jobWithOwnGroupChild(in folder: URL, waits: Bool, limits: CompileLimits) throws -> (
            ExternalCommand.Result, pid_t
        ) {
            let script =
                "set -m; sleep 300 </dev/null >/dev/null 2>&1 & echo $! > child; read -a stat < /proc/$!/stat; "
                + "echo ${stat[4]} > group" + (waits ? "; wait" : "; exit 1")
            let result = try ExternalCommand(
                executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script], directory: folder,
                limits: limits
            ).run()
            let number = { (name: String) in
                pid_t(
                    (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))?
                        .trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
            }
            let child = try #require(number("child"))
            #expect(number("group") == child, "the child led a process group of its own")
            return (result, child)
        }

        @Test("at its deadline a job is stopped whole: what it started in a process group of its own too")
        func deadlineOtherGroup() throws {
            var limits = CompileLimits(environment: [:])
            limits.seconds = 1
            let (result, child) = try Self.jobWithOwnGroupChild(in: try Self.folder(), waits: true, limits: limits)
            defer { kill(child, SIGKILL) }
            #expect(result.stopped == .time(seconds: 1))
            #expect(!Self.running(child), "the job's child in a group of its own was gone when the job was over")
        }

        @Test("a job that fails leaves nothing it started running, in whatever process group")
        func endedOtherGroup() throws {
            let (result, child) = try Self.jobWithOwnGroupChild(
                in: try Self.folder(), waits: false, limits: CompileLimits(environment: [:]))
            defer { kill(child, SIGKILL) }
            #expect(result.status == 1 && result.stopped == nil)
            #expect(!Self.running(child), "the job's child in a group of its own was gone when the job was over")
        }
    #endif

    @Test("a job that prints without end is ended once its output fills what is kept")
    func flood() throws {
        var limits = CompileLimits(environment: [:])
        limits.seconds = 600
        limits.outputBytes = 1 << 20
        let result = try ExternalCommand(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "yes invalid character"], limits: limits
        ).run()
        #expect(result.outputCut)
        #expect(result.stopped == nil, "not a limit on the code: what it printed is the answer")
        #expect(result.output.utf8.count == 1 << 20)
    }

    @Test("a job that ends is awaited as before, its status and output intact")
    func ordinary() throws {
        let result = try ExternalCommand(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "echo out; echo err >&2; exit 3"],
            limits: CompileLimits(environment: [:])
        ).run()
        #expect(result.status == 3 && !result.signalled && result.stopped == nil && !result.outputCut)
        #expect(result.output == "out\nerr\n")
    }

    /// A fresh temporary folder.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Whether `pid` is a process that has not ended (a zombie has: only its parent has not collected it yet).
    static func running(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    static func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }
}
