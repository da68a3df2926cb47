import Foundation
import KataTestSupport
import Testing

/// `kata watch` through the real binary: it checks on start, again on every save, and stops on Ctrl-C.
@Suite("kata watch, end to end")
struct WatchTests {
    @Test("watch checks at once, re-checks when the file is saved, moves on when it passes, and exits on SIGINT")
    func watch() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write("exercises/checks/add.swift", "func add(_ a: Int, _ b: Int) -> Int {\n    return 0\n}\n")
        let (process, collected) = try Self.start(["watch", "add"], in: kata)
        defer { if process.isRunning { process.terminate() } }

        #expect(
            collected.wait(for: "Watching exercises/checks/add.swift", timeout: 120), "the first check runs at once")
        #expect(collected.text.contains("0 passed, 2 failed"))

        try kata.write("exercises/checks/add.swift", try kata.read("solutions/checks/add.swift"))
        #expect(collected.wait(for: "Solved!", timeout: 60), "saving the file checks it again")
        #expect(
            collected.wait(for: "Watching exercises/checks/crashes.swift: save it to check;", timeout: 10),
            "a pass moves on to the next exercise")
        let afterPass = try #require(collected.text.components(separatedBy: "Solved!").last)
        #expect(
            !afterPass.contains("kata next"),
            "watch moves on by itself, so it does not tell the learner to run kata next:\n\(afterPass)")
        #expect(
            afterPass.contains("Crashes  (crashes, exercise 2 of"), "the next exercise is shown as kata next shows it")
        #expect(afterPass.contains("Each example calls one function of the learner's file."), "with its prompt")
        #expect(afterPass.contains("Edit   exercises/checks/crashes.swift  (new: made from the starter)"))
        #expect(FileManager.default.fileExists(atPath: kata.file("exercises/checks/crashes.swift").path))

        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
    }
}

extension WatchTests {
    /// Starts `kata <arguments>` in `kata`'s workbook, its output (standard output and error) gathered as it comes.
    static func start(_ arguments: [String], in kata: KataRunner) throws -> (Process, Collected) {
        let process = Process()
        process.executableURL = KataProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = kata.root
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["PATH"] = KataProcess.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        environment["KATA_LIBRARY_CACHE"] = KataRunner.libraryCache
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let collected = Collected()
        output.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        try process.run()
        return (process, collected)
    }
}

/// Output gathered from a pipe on another thread.
final class Collected: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()

    func append(_ more: Data) { lock.withLock { data.append(more) } }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    /// Waits until the output contains `needle`, or `timeout` seconds pass.
    func wait(for needle: String, timeout: Double) -> Bool {
        waitUntil(seconds: timeout) { text.contains(needle) }
    }

    /// Waits until `condition` holds, or `seconds` pass.
    func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }
}
