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
