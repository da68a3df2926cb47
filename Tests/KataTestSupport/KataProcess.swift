import Foundation
import Testing

/// Runs the built `kata` binary for the end-to-end and site tests.
public enum KataProcess {
    /// What one run printed and how it exited.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Whether the run was stopped because it took longer than it was given (see `run`'s `timeout`).
        public var timedOut = false

        /// A result, from the `kata` binary or from a shell that ran it.
        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }

        /// Standard output, then standard error under a marker, then the exit status: one text for a golden file.
        public var transcript: String {
            var text = stdout
            // The one-time "Preparing KataSpec" line (or "Waiting for KataSpec", while a `kata next` of another
            // test prepares it) goes to whichever test happens to need the shared library first, so it is left out
            // of golden files.
            let oneTime = ["Preparing KataSpec", "正在为这台电脑准备 KataSpec", "Waiting for KataSpec", "正在等待 KataSpec"]
            let errors = stderr.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in !oneTime.contains { line.hasPrefix($0) } }
                .joined(separator: "\n")
            if !errors.isEmpty { text += "--- stderr\n" + errors }
            return text + "--- exit \(status)\n"
        }
    }

    /// The `kata` binary next to the test bundle, or `KATA_BIN`.
    public static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["KATA_BIN"] { return URL(fileURLWithPath: path) }
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("kata")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "kata")
    }

    /// Runs `kata <arguments>` in `directory`, without colour and with `environment` added; `normalize` makes
    /// what it printed stable (temporary paths, times). `executable` is the kata to run (a copy, say). With a
    /// `timeout`, a kata still running after that many seconds is killed and the result says `timedOut`: a test of
    /// something that used to hang fails rather than waits for ever.
    public static func run(
        _ arguments: [String], in directory: URL, environment extra: [String: String] = [:],
        executable: URL = binary, timeout: Double? = nil, normalize: (String) -> String = { $0 }
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "KATA_WORKBOOK")
        environment.removeValue(forKey: "KATA_LAUNCHER")
        environment.removeValue(forKey: "KATA_LANG")
        // `kata next` prepares in a detached process (KataSpec, the exercise's modules, the editor's files): the
        // tests that are about it turn it on; in the others it would only race with what they look at.
        environment["KATA_PREPARE"] = "off"
        // As for a learner who put kata on their PATH: the commands it prints start with plain `kata`.
        environment["PATH"] =
            executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stopped = Stopped()
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                guard process.isRunning else { return }
                stopped.set()
                kill(process.processIdentifier, SIGKILL)
            }
        }
        // Both pipes at once: a kata that fills one while the test waits on the other would never finish.
        let stdoutData = Collected()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            stdoutData.set(out.fileHandleForReading.readDataToEndOfFile())
        }
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        var result = Result(
            status: process.terminationStatus, stdout: normalize(String(decoding: stdoutData.get(), as: UTF8.self)),
            stderr: normalize(String(decoding: stderr, as: UTF8.self)))
        result.timedOut = stopped.get()
        return result
    }

    /// Whether the run was stopped, set from the timer's thread.
    private final class Stopped: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        func get() -> Bool { lock.withLock { value } }
    }

    /// Standard output, read on another thread.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ new: Data) { lock.withLock { data = new } }
        func get() -> Data { lock.withLock { data } }
    }
}

/// Compares text with the golden file `url` (shown as `name`). With `KATA_RECORD=1` it writes the file and fails,
/// so a person looks.
public func assertGolden(_ text: String, at url: URL, named name: String, sourceLocation: SourceLocation) throws {
    if ProcessInfo.processInfo.environment["KATA_RECORD"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        Issue.record("recorded \(name); check it, then run again without KATA_RECORD", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no golden file \(name); run with KATA_RECORD=1 to record it", sourceLocation: sourceLocation)
        return
    }
    guard text != expected else { return }
    let message: String = "output differs from \(name) (- golden, + actual):\n" + lineDiff(expected, text)
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// The lines that differ between two texts, after their common start and end, for a readable failure.
public func lineDiff(_ old: String, _ new: String) -> String {
    let before = old.split(separator: "\n", omittingEmptySubsequences: false)
    let after = new.split(separator: "\n", omittingEmptySubsequences: false)
    var start = 0
    while start < min(before.count, after.count), before[start] == after[start] { start += 1 }
    var end = 0
    while end < min(before.count, after.count) - start, before[before.count - 1 - end] == after[after.count - 1 - end] {
        end += 1
    }
    let removed = before[start..<(before.count - end)].map { "- " + $0 }
    let added = after[start..<(after.count - end)].map { "+ " + $0 }
    return "@@ line \(start + 1) @@\n" + (removed + added).joined(separator: "\n")
}
