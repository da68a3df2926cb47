import Foundation
import Testing

/// Code that would keep the compiler busy for minutes ends at kata's limits with a message that says what to do, and
/// no compiler kata started outlives it, however kata ends.
@Suite("The compiler's limits, end to end")
struct CompilerLimitsTests {
    /// Four-tuples nested seven deep in a stored property: 16,384 fields, which the compiler lowers for minutes (287 s
    /// on the project's busy machine, unbounded) and with ever more memory.
    static let nestedTuples = """
        typealias A = (Int, Int, Int, Int)
        typealias B = (A, A, A, A)
        typealias C = (B, B, B, B)
        typealias D = (C, C, C, C)
        typealias E = (D, D, D, D)
        typealias F = (E, E, E, E)
        typealias G = (F, F, F, F)
        struct Grid { var cells: G }

        """

    /// An expression of mixed literals and operators whose types the compiler searches for exponentially long.
    static let slowExpression = """
        func slow() -> Double {
            let a = 1, b = 2.0, c = 3
            return -(1 + a) * 2 + b - c / 3 + (a - 2) * 3.5 + -(b * 2) + c - 1 + (a + b) * (c - a) / 2 + 1 - a
        }

        """

    @Test("a file the compiler would work on for minutes ends at the time limit: exit 2, nothing recorded or cached")
    func timeLimit() throws {
        let kata = try KataRunner(fixture: "hardening")
        defer { Self.endCompilers(in: kata) }
        try kata.write("exercises/hardening/basket.swift", HardeningTests.wrongBasket + Self.nestedTuples)
        let result = try kata.run(["check", "basket"], environment: ["KATA_COMPILE_SECONDS": "10"], timeout: 180)
        #expect(!result.timedOut, "kata ended by itself")
        #expect(result.status == 2, "\(result.stderr)")
        try assertSnapshot(result.transcript, named: "compiler-time-limit")
        let progress = (try? kata.read(".kata/progress.json")) ?? ""
        #expect(!progress.contains("\"basket\""), "no attempt was recorded")
        let verdicts =
            (try? FileManager.default.contentsOfDirectory(atPath: kata.file(".kata/cache/verdicts").path)) ?? []
        #expect(verdicts.isEmpty, "nothing was cached")
        #expect(Self.compilers(in: kata).isEmpty, "the stopped compiler is gone")
    }

    @Test("where the compiler says it was, the message names the line of the learner's file")
    func line() throws {
        let kata = try KataRunner(fixture: "hardening")
        defer { Self.endCompilers(in: kata) }
        let code = HardeningTests.wrongBasket + Self.slowExpression
        try kata.write("exercises/hardening/basket.swift", code)
        let line = try #require(code.split(separator: "\n").firstIndex { $0.contains("return -(1 + a)") }) + 1
        // The type checker gives up on this expression by itself after about 7 s of work on a quiet machine: the limit
        // must come first, while it is still inside the expression.
        let result = try kata.run(["check", "basket"], environment: ["KATA_COMPILE_SECONDS": "4"], timeout: 180)
        #expect(!result.timedOut, "kata ended by itself")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "the compiler was still working on exercises/hardening/basket.swift after 4 s, so kata stopped it."),
            "\(result.stderr)")
        #expect(result.stderr.contains("Spell out the types at line \(line), where the compiler was"))
    }

    @Test("a file that makes the compiler take more memory than its limit ends there, while real code fits")
    func memoryLimit() throws {
        let kata = try KataRunner(fixture: "hardening")
        defer { Self.endCompilers(in: kata) }
        // KataSpec and the compiler's plan first, as a learner's first check makes them (KataSpec's build needs more).
        try kata.write("exercises/hardening/basket.swift", try kata.read("solutions/hardening/basket.swift"))
        #expect(try kata.run(["check", "basket"]).status == 0)
        let small = ["KATA_COMPILE_MEMORY": "192", "KATA_COMPILE_SECONDS": "600"]
        #expect(try kata.run(["check", "basket", "--no-cache"], environment: small).status == 0, "real code fits")

        try kata.write("exercises/hardening/basket.swift", HardeningTests.wrongBasket + Self.nestedTuples)
        let result = try kata.run(["check", "basket"], environment: small, timeout: 300)
        #expect(!result.timedOut, "kata ended by itself")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "the compiler needed more than 192 MiB of memory for exercises/hardening/basket.swift, so kata stopped it."
            ), "\(result.stderr)")
    }

    @Test(
        "every compiler kata started ends when kata ends: Ctrl-C, SIGTERM, a closed terminal's SIGHUP, kill -9",
        arguments: [SIGINT, SIGTERM, SIGHUP, SIGKILL])
    func killed(signal: Int32) throws {
        try Self.killKata(with: signal, environment: [:])
    }

    @Test("through swiftc too (each frontend in a group of its own): stopped at the deadline with all it started")
    func driverTimeLimit() throws {
        let kata = try KataRunner(fixture: "hardening")
        defer { Self.endCompilers(in: kata) }
        try kata.write("exercises/hardening/basket.swift", HardeningTests.wrongBasket + Self.nestedTuples)
        let result = try kata.run(
            ["check", "basket"], environment: ["KATA_COMPILE_SECONDS": "10", "KATA_COMPILER": "driver"], timeout: 300)
        #expect(!result.timedOut, "kata ended by itself")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "the compiler was still working on exercises/hardening/basket.swift after 10 s, so kata stopped it."),
            "\(result.stderr)")
        #expect(Self.compilers(in: kata).isEmpty, "no swift-frontend of the check is left: \(Self.compilers(in: kata))")
    }

    @Test("through swiftc too, every compiler ends when kata ends: Ctrl-C, kill -9", arguments: [SIGINT, SIGKILL])
    func driverKilled(signal: Int32) throws {
        try Self.killKata(with: signal, environment: ["KATA_COMPILER": "driver"])
    }

    /// Starts `kata check` on the nested tuples with `environment`, sends it `signal` once the compiler is busy on
    /// them, and expects kata to end by that signal and no compiler of the check to be left.
    static func killKata(with signal: Int32, environment: [String: String]) throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write("exercises/hardening/basket.swift", HardeningTests.wrongBasket + Self.nestedTuples)
        let process = Process()
        process.executableURL = KataRunnerBinary.url
        process.arguments = ["check", "basket"]
        process.currentDirectoryURL = kata.root
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["KATA_LIBRARY_CACHE": KataRunner.libraryCache, "KATA_PREPARE": "off"].merging(environment) { $1 }
        ) { $1 }
        process.standardOutput = FileHandle.nullDevice
        let errors = kata.file("stderr.txt")
        try Data().write(to: errors)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The nested tuples' compile, not a short one that would end by itself (the starter's, kata's name probe).
        let started = HardeningTests.waitUntil(seconds: 120) { !Self.compilers(in: kata, busyFor: 3).isEmpty }
        #expect(started, "the compiler started on the nested tuples")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
            "kata ended: \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus) \((try? kata.read("stderr.txt")) ?? "")"
        )
        let ended = HardeningTests.waitUntil(seconds: 30) { Self.compilers(in: kata).isEmpty }
        #expect(ended, "no compiler is left: \(Self.compilers(in: kata))")
        // A compiler left behind by a kata that did not stop it would run for minutes.
        endCompilers(in: kata)
    }

    @Test("kata verify stops a block the compiler would work on for ever, and a flood of errors, at the block's line")
    func verify() throws {
        let kata = try KataRunner(fixture: "hardening")
        defer { Self.endCompilers(in: kata) }
        try kata.write(
            "chapters/02-stall.md",
            "# Stall\n\n```swift\nlet x = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n```\n\nControl characters:\n\n```swift\nlet y = 1 "
                + String(repeating: "\u{01}", count: 40_000) + "\n```\n")
        let result = try kata.run(["verify", "stall"], environment: ["KATA_COMPILE_SECONDS": "10"], timeout: 180)
        #expect(!result.timedOut, "kata ended by itself")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "chapters/02-stall.md:4:1: error: the compiler was still working on this example block after 10 s, "
                    + "so kata stopped it."), "\(result.stdout)")
        #expect(result.stdout.contains("or mark the block `swift ignore` and say why in the text"))
        #expect(
            result.stdout.contains(
                "chapters/02-stall.md:10:11: error: this example block does not compile: invalid character in source "
                    + "file (and more on this line)"), "\(result.stdout)")
        #expect(result.stdout.contains("verify: 2 problems found"))
    }

    /// Ends what a kata that did not stop its compilers left running on this workbook (one that stops them leaves none).
    static func endCompilers(in kata: KataRunner) {
        for pid in compilers(in: kata) { kill(pid, SIGKILL) }
    }

    /// The compilers running on this workbook's files (their command lines name its folder) that have used at least
    /// `seconds` of CPU time.
    static func compilers(in kata: KataRunner, busyFor seconds: Int = 0) -> [pid_t] {
        let root = kata.root.path
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            // A process that has ended (a zombie) has an empty command line.
            guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let program = words.first, program.hasSuffix("swift-frontend") || program.hasSuffix("swiftc"),
                words.contains(where: { $0.contains(root) }), cpuSeconds(pid) >= seconds
            else { return nil }
            return pid
        }
    }

    /// The CPU time `pid` has used, in whole seconds (`/proc/<pid>/stat`: user and system time, in ticks).
    static func cpuSeconds(_ pid: pid_t) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return 0 }
        return (user + system) / max(1, sysconf(Int32(_SC_CLK_TCK)))
    }
}
