import Foundation
import KataTestSupport
import Testing

/// The commands kata prints must work when typed, for a learner who ran `make run` and nothing else.
@Suite("The commands kata prints work in the learner's shell")
struct LauncherTests {
    /// A copy of the `loop` fixture laid out like a fresh clone after `make run`: the `./kata` launcher at the
    /// root and a build in `.build/debug`.
    private func clone() throws -> KataRunner {
        let kata = try KataRunner(fixture: "loop")
        let repository = KataRunner.sourceFolder.deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(at: repository.appendingPathComponent("kata"), to: kata.file("kata"))
        try FileManager.default.createDirectory(at: kata.file(".build/debug"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: kata.file(".build/debug/kata"), withDestinationURL: KataProcess.binary)
        return kata
    }

    /// `PATH` without any folder that holds a `kata`: a learner who never installed it.
    private var pathWithoutKata: String {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .filter { !FileManager.default.isExecutableFile(atPath: "\($0)/kata") }.joined(separator: ":")
    }

    /// Runs a command line through `/bin/sh`, as a learner's shell would.
    private func shell(_ command: String, in directory: URL, path: String) throws -> KataProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        for key in ["KATA_WORKBOOK", "KATA_LAUNCHER", "KATA_BIN"] { environment.removeValue(forKey: key) }
        environment["PATH"] = path
        environment["NO_COLOR"] = "1"
        environment["COLUMNS"] = "80"
        environment["KATA_LIBRARY_CACHE"] =
            FileManager.default.temporaryDirectory.appendingPathComponent("kata-e2e-library").path
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .init(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The command after `label` on the screen: `Check  ./kata check add-numbers` gives `./kata check add-numbers`.
    private func command(after label: String, in text: String) throws -> String {
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(label) })
        return String(
            line.dropFirst(label.count).split(separator: " ", omittingEmptySubsequences: true)
                .prefix(3).joined(separator: " "))
    }

    @Test("without kata on PATH, the screen prints ./kata commands, and typing them works")
    func launcherFromTheRoot() throws {
        let kata = try clone()
        let path = pathWithoutKata
        #expect(try shell("kata next", in: kata.root, path: path).status == 127, "kata is not a command here")

        let first = try shell("./kata next", in: kata.root, path: path)
        #expect(first.status == 0, "\(first.stderr)")
        let check = try command(after: "Check  ", in: first.stdout)
        #expect(check == "./kata check add-numbers")
        let hint = try command(after: "Stuck? ", in: first.stdout)
        #expect(hint == "./kata hint add-numbers")

        let checked = try shell(check, in: kata.root, path: path)
        #expect(checked.status == 1, "the starter fails: \(checked.stderr)")
        #expect(checked.stdout.contains("Checking add-numbers"))
        #expect(checked.stdout.contains("run ./kata check add-numbers again"))
        #expect(try shell(hint, in: kata.root, path: path).stdout.contains("Hint 1 of"))
    }

    @Test("from an exercise folder the launcher is ../../kata, and with it on PATH it is plain kata")
    func launcherElsewhere() throws {
        let kata = try clone()
        let path = pathWithoutKata
        _ = try shell("./kata next", in: kata.root, path: path)
        let folder = kata.file("exercises/basics")
        let below = try shell("../../kata next", in: folder, path: path)
        let check = try command(after: "Check  ", in: below.stdout)
        #expect(check == "../../kata check add-numbers")
        let checked = try shell(check, in: folder, path: path)
        #expect(checked.status == 1)
        #expect(checked.stdout.contains("run ../../kata check add-numbers again"))

        let onPath = try shell("kata next", in: folder, path: kata.root.path + ":" + path)
        #expect(try command(after: "Check  ", in: onPath.stdout) == "kata check add-numbers")
    }

    @Test("another program called kata first on PATH is not taken for this one")
    func anotherKataOnPath() throws {
        let kata = try clone()
        let other = kata.file("other-bin")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho an unrelated kata\n".utf8).write(to: other.appendingPathComponent("kata"))
        chmod(other.appendingPathComponent("kata").path, 0o755)
        let shown = try shell("./kata next", in: kata.root, path: other.path + ":" + pathWithoutKata)
        #expect(try command(after: "Check  ", in: shown.stdout) == "./kata check add-numbers")
    }

    @Test("a chapter's `kata check …` and the usage lines say ./kata too, so what a learner reads can be typed")
    func proseAndUsage() throws {
        let kata = try clone()
        let path = pathWithoutKata
        let chapter = kata.file("chapters/01-basics.md")
        try String(contentsOf: chapter, encoding: .utf8).replacingOccurrences(
            of: "Write `add(_:_:)` so that", with: "Run `kata check add-numbers` first. Write `add(_:_:)` so that"
        ).write(to: chapter, atomically: true, encoding: .utf8)
        let shown = try shell("./kata next", in: kata.root, path: path)
        #expect(shown.stdout.contains("Run `./kata check add-numbers` first."), "\(shown.stdout)")
        let below = try shell("../../kata next", in: kata.file("exercises/basics"), path: path)
        #expect(below.stdout.contains("Run `../../kata check add-numbers` first."), "\(below.stdout)")

        let usage = try shell("./kata reset", in: kata.root, path: path)
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("Usage: ./kata reset"), "\(usage.stderr)")
        #expect(usage.stderr.contains("See './kata reset --help'"), "\(usage.stderr)")
        let help = try shell("./kata --help", in: kata.root, path: path)
        #expect(help.stdout.contains("Start with `./kata next`"), "\(help.stdout)")
        #expect(help.stdout.contains("USAGE: ./kata <subcommand>"), "\(help.stdout)")
    }
}
