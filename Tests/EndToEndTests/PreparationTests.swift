import Foundation
import KataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `kata next` prepares what a check needs in a detached process, which a check waits for, and which leaves nothing
/// behind when it is killed. Each test builds KataSpec in a library cache of its own, as on a fresh clone.
@Suite("kata next prepares the first check while the learner reads", .serialized)
struct PreparationTests {
    /// A fixture (`loop` unless said) with a library cache of its own (empty), and the preparation turned on.
    private struct Workbook {
        let kata: KataRunner
        let cache: URL

        init(fixture: String = "loop") throws {
            kata = try KataRunner(fixture: fixture)
            cache = FileManager.default.temporaryDirectory.appendingPathComponent("kata-prepare-\(UUID().uuidString)")
        }

        /// Runs kata with the preparation on, with `swiftc` as the compiler when given.
        @discardableResult
        func run(_ arguments: [String], swiftc: String? = nil) throws -> KataProcess.Result {
            var environment = ["KATA_LIBRARY_CACHE": cache.path, "KATA_PREPARE": "on"]
            if let swiftc { environment["SWIFTC"] = swiftc }
            return try kata.run(arguments, environment: environment)
        }

        var libraries: URL { cache.appendingPathComponent("kataspec") }

        /// The KataSpec builds in the cache, finished or not.
        func entries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: libraries.path)) ?? []).filter {
                $0 != "keys" && $0 != ".lock"
            }.sorted()
        }

        /// Whether a finished KataSpec build is in the cache.
        var libraryBuilt: Bool {
            entries().contains { FileManager.default.fileExists(atPath: libraries.path + "/\($0)/complete") }
        }

        /// The builds of the harness that runs Swift Testing and XCTest exercises, finished or not.
        func harnessEntries() -> [String] {
            let folder = cache.appendingPathComponent("harness").path
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0 != "keys" && $0 != ".lock"
            }.sorted()
        }

        /// Whether a finished build of the harness is in the cache.
        var harnessBuilt: Bool {
            harnessEntries().contains {
                FileManager.default.fileExists(atPath: cache.path + "/harness/\($0)/complete")
            }
        }

        /// The running preparations' process ids, from their records.
        func preparations() -> [pid_t] {
            ((try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("preparing").path))
                ?? []).compactMap { pid_t($0) }
        }

        /// The compiled modules kept in the workbook's unit cache.
        func units() -> [String] {
            let folder = kata.file(".kata/cache/units").path
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                !$0.hasPrefix(".")
            }.sorted()
        }

        /// Makes the learner's file of `add-numbers` correct.
        func solve() throws {
            try kata.write("exercises/basics/add-numbers.swift", try kata.read("solutions/basics/add-numbers.swift"))
        }
    }

    /// Waits until `condition` holds (at most `timeout` seconds: KataSpec takes minutes on a busy machine).
    private func eventually(timeout: TimeInterval = 600, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(100_000)
        }
        return condition()
    }

    /// The processes of the session `session` led that still run (zombies waiting to be reaped are not running).
    private func running(inSession session: pid_t) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard pid_t(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, pid_t(fields[3]) == session, fields[0] != "Z" else { return nil }
            return stat
        }
    }

    /// The `sleep <seconds>` processes that still run.
    private func sleeping(_ seconds: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                data.split(separator: 0).map({ String(decoding: $0, as: UTF8.self) }) == ["sleep", seconds]
            else { return nil }
            return pid
        }
    }

    @Test("kata next returns at once and starts a preparation; the first check then builds nothing")
    func nextStartsPreparation() throws {
        let workbook = try Workbook()
        let next = try workbook.run(["next"])
        #expect(next.status == 0)
        #expect(next.stdout.contains("exercises/basics/add-numbers.swift"))
        #expect(!workbook.libraryBuilt, "kata next does not wait for KataSpec")
        #expect(eventually { workbook.libraryBuilt }, "the preparation builds KataSpec with no check asked")
        #expect(eventually { workbook.preparations().isEmpty }, "and ends")
        #expect(FileManager.default.fileExists(atPath: workbook.kata.file("exercises/compile_commands.json").path))

        let warmed = workbook.units()
        #expect(warmed.count == 2, "the exercise's two modules are compiled, with the starter: \(warmed)")

        try workbook.solve()
        let check = try workbook.run(["check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(!check.stderr.contains("Preparing KataSpec"), "the check found KataSpec built: \(check.stderr)")
        #expect(!check.stderr.contains("Waiting for KataSpec"))
        #expect(workbook.entries().count == 1, "one KataSpec build: \(workbook.entries())")
        let units = workbook.units()
        #expect(
            units.count == 3 && warmed.allSatisfy(units.contains),
            "the check compiled the learner's module only, and used the chapter's specs compiled meanwhile: \(units)")
    }

    @Test("after kata next of a Swift Testing exercise, the first check compiles the learner's module and nothing else")
    func swiftTestingPreparation() throws {
        let workbook = try Workbook(fixture: "frameworks")
        let next = try workbook.run(["next", "price"])
        #expect(next.status == 0, "\(next.stdout)\(next.stderr)")
        #expect(eventually { workbook.harnessBuilt }, "the preparation builds the harness with no check asked")
        #expect(
            eventually { workbook.preparations().isEmpty && workbook.units().count == 2 },
            "the preparation compiles the exercise's two modules, with the starter, and ends: \(workbook.units())")
        let warmed = workbook.units()
        let harness = workbook.harnessEntries()

        try workbook.kata.write(
            "exercises/frameworks/price.swift", try workbook.kata.read("solutions/frameworks/price.swift"))
        let check = try workbook.run(["check", "price"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("✓ age → 64"), "Swift Testing ran: \(check.stdout)")
        #expect(!check.stderr.contains("Preparing"), "the check found everything built: \(check.stderr)")
        #expect(!check.stderr.contains("Waiting"), "\(check.stderr)")
        #expect(workbook.harnessEntries() == harness, "the harness is not built again")
        #expect(workbook.entries().count == 1, "one KataSpec build: \(workbook.entries())")
        let units = workbook.units()
        #expect(
            units.count == 3 && warmed.allSatisfy(units.contains),
            "the check compiled the learner's module only, and used the tests compiled meanwhile: \(units)")
    }

    @Test("a check that comes while the preparation builds KataSpec waits for it instead of building it again")
    func checkWaitsForPreparation() throws {
        let workbook = try Workbook()
        try workbook.run(["next"])
        // The preparation holds KataSpec's lock once its half-built folder is there.
        #expect(eventually { workbook.entries().contains { $0.hasPrefix(".building-") } })
        try #require(!workbook.libraryBuilt, "KataSpec was built before the check could start; nothing to wait for")
        try workbook.solve()
        let check = try workbook.run(["check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("Solved!"))
        #expect(check.stderr.contains("Waiting for KataSpec, which kata has been preparing since kata next"))
        #expect(!check.stderr.contains("Preparing KataSpec"), "the check built KataSpec again: \(check.stderr)")
        #expect(workbook.entries().count == 1, "one KataSpec build: \(workbook.entries())")
    }

    @Test(
        "a preparation killed mid-build leaves nothing behind: its compiler ends with it, the next check builds KataSpec"
    )
    func killedPreparation() throws {
        // A compiler that never finishes KataSpec, and starts a job of its own in a process group of its own, as swiftc
        // starts the frontend: the kernel ends the compiler with the killed preparation, and the job's watchdog what
        // it started. The check itself uses the real compiler.
        let tools = FileManager.default.temporaryDirectory.appendingPathComponent("kata-tools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let swiftc = try #require(
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
                .first { FileManager.default.isExecutableFile(atPath: $0) })
        // A number of seconds no other test's `sleep` has, to find this one by.
        let seconds = "\(100_000 + Int.random(in: 0..<800_000))"
        let script = """
            #!/bin/bash
            case " $* " in *" -module-name KataSpec "*) set -m; sleep \(seconds) & wait ;; esac
            exec '\(swiftc)' "$@"

            """
        try Data(script.utf8).write(to: tools.appendingPathComponent("swiftc"))
        chmod(tools.appendingPathComponent("swiftc").path, 0o755)
        let workbook = try Workbook()

        try workbook.run(["next"], swiftc: tools.appendingPathComponent("swiftc").path)
        #expect(eventually { workbook.entries().contains { $0.hasPrefix(".building-") } })
        let preparation = try #require(workbook.preparations().first, "the preparation records itself")
        // Whatever happens below, nothing of this test keeps running.
        defer {
            for process in running(inSession: preparation) { kill(pid_t(process.prefix { $0 != " " })!, SIGKILL) }
            for pid in sleeping(seconds) { kill(pid, SIGKILL) }
        }
        #expect(eventually { !sleeping(seconds).isEmpty }, "the preparation's compiler started its own job")
        kill(preparation, SIGKILL)
        #expect(
            eventually { !running(inSession: preparation).contains { $0.hasPrefix("\(preparation) ") } },
            "the preparation is gone")
        #expect(
            eventually(timeout: 30) { !running(inSession: preparation).contains { $0.contains("(swiftc)") } },
            "the kernel ended its compiler with it")
        #expect(
            eventually(timeout: 30) { sleeping(seconds).isEmpty },
            "what the compiler started, in a process group of its own, ended with it too")

        try workbook.solve()
        let check = try workbook.run(["check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("Solved!"))
        #expect(check.stderr.contains("Preparing KataSpec"), "the check builds what the preparation did not")

        #expect(running(inSession: preparation).isEmpty, "no compiler of the killed preparation still runs")
        #expect(workbook.preparations().isEmpty, "its record is gone")
        #expect(workbook.entries().count == 1, "one finished KataSpec and no half-built one: \(workbook.entries())")
        let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: workbook.cache.path)) ?? []).filter {
            $0.hasPrefix(".plan-")
        }
        #expect(leftovers.isEmpty, "no half-read compiler plan: \(leftovers)")
        let builds = (try? FileManager.default.contentsOfDirectory(atPath: workbook.kata.file(".kata/build").path))
        #expect(builds?.isEmpty ?? true, "no build folder: \(builds ?? [])")
        #expect(
            FileManager.default.fileExists(atPath: workbook.kata.file("exercises/compile_commands.json").path),
            "the check writes the editor's files the preparation did not")
    }
}
