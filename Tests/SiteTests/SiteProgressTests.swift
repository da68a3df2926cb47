import Foundation
import KataTestSupport
import Testing

@testable import KataApp
@testable import KataBasics
@testable import KataTools

/// The learner's progress on the site: marks, counts, what is next, and keeping the site up to date.
@Suite("The learner's progress on the site")
struct SiteProgressTests {
    /// Records checks through the progress store, as `kata check` does.
    private func record(_ runner: SiteRunner, _ checks: [(String, CheckRecord.Verdict)]) throws {
        let store = ProgressStore(directory: runner.workbook.appendingPathComponent(".kata"))
        try store.update { progress in
            for (id, verdict) in checks {
                progress[id].record(
                    CheckRecord(time: Date(timeIntervalSince1970: 1_700_000_000), verdict: verdict, duration: 1))
            }
        }
    }

    @Test("started exercises and the next one are marked on the index, in the sidebar and on their headings")
    func marks() throws {
        let runner = try SiteRunner()
        try record(runner, [("even-spec", .failed), ("even-spec", .compileError)])
        try #require(try runner.build().status == 0)
        try assertSnapshot(try runner.page("index.html"), named: "progress-index.html")
        let basics = try runner.page("01-basics.html")
        #expect(basics.contains(#"<li class="mark-next"><a href="01-basics.html#exercise-add-numbers">"#))
        #expect(basics.contains(#"Adding numbers <span class="mark mark-next">Next up</span>"#))
        #expect(basics.contains(#"title="0 of 1 solved""#))
        let pairs = try runner.page("02-pairs.html")
        #expect(pairs.contains(#"Catch the mutants <span class="mark mark-attempted">Started</span>"#))
    }

    @Test("solved exercises are marked, and the index links to the one kata next would show")
    func nextUp() throws {
        let runner = try SiteRunner()
        try record(runner, [("add-numbers", .failed), ("add-numbers", .passed)])
        try #require(try runner.build().status == 0)
        let index = try runner.page("index.html")
        #expect(
            index.contains(
                #"You have solved 1 of 2 exercises. Next: <a href="02-pairs.html#exercise-even-spec">Catch the mutants</a>, with <code>kata next</code>."#
            ))
        #expect(index.contains(#"<span class="chapter-solved">1 of 1 solved</span>"#))
        let basics = try runner.page("01-basics.html")
        #expect(basics.contains(#"<li class="mark-solved"><a href="01-basics.html#exercise-add-numbers">"#))
        #expect(basics.contains(#"Adding numbers <span class="mark mark-solved">Solved</span>"#))
        #expect(try runner.page("02-pairs.html").contains(#"<span class="mark mark-next">Next up</span>"#))
    }

    @Test("without a progress file, or with --no-progress, the site shows no progress")
    func noProgress() throws {
        let runner = try SiteRunner()
        try #require(try runner.build().status == 0)
        #expect(!(try runner.page("index.html").contains("index-progress")))
        #expect(!FileManager.default.fileExists(atPath: runner.workbook.appendingPathComponent(".kata").path))

        try record(runner, [("add-numbers", .passed)])
        try #require(try runner.build(["--no-progress"]).status == 0)
        for page in ["index.html", "01-basics.html"] {
            let html = try runner.page(page)
            #expect(!html.contains("mark-solved") && !html.contains("index-progress"), "\(page) shows progress")
        }
    }

    @Test("a progress file that cannot be read is moved aside with a warning, and the site is still built")
    func corruptProgress() throws {
        let runner = try SiteRunner()
        let folder = runner.workbook.appendingPathComponent(".kata")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: folder.appendingPathComponent("progress.json"))
        let result = try runner.build()
        #expect(result.status == 0)
        #expect(result.stderr.contains("progress.json could not be read (it is not valid JSON)"))
        #expect(try runner.page("index.html").contains("You have solved 0 of 2 exercises."))
    }

    @Test("after a passing kata check, a site in the workbook's site/ is rebuilt as it was built")
    func rebuiltAfterCheck() throws {
        let runner = try SiteRunner()
        let site = runner.workbook.appendingPathComponent("site")
        try #require(try runner.run(["build-site", "--workbook", "workbook", "--with-solutions"]).status == 0)
        #expect(
            !(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)).contains(
                "mark-solved"))

        let exercise = runner.workbook.appendingPathComponent("exercises/basics/add-numbers.swift")
        try FileManager.default.createDirectory(
            at: exercise.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: runner.workbook.appendingPathComponent("solutions/basics/add-numbers.swift"), to: exercise)
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("kata-e2e-library").path
        let check = try runner.run(
            ["check", "add-numbers", "--workbook", "workbook"], environment: ["KATA_LIBRARY_CACHE": library])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("The site shows your progress: workbook/site/index.html"))
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains(#"<li class="mark-solved"><a href="01-basics.html#exercise-add-numbers">"#))
        let basics = try String(contentsOf: site.appendingPathComponent("01-basics.html"), encoding: .utf8)
        #expect(basics.contains("class=\"solution\""), "the rebuild keeps --with-solutions")
    }

    @Test("kata build-site --watch builds again when the progress or a chapter changes")
    func watch() throws {
        let runner = try SiteRunner()
        let process = try WatchedProcess(
            ["build-site", "--workbook", "workbook", "--out", "site", "--watch"], in: runner.folder)
        defer { process.stop() }
        let first = try #require(process.nextLine(containing: "Built "), "no first build: \(process.output)")
        #expect(first.contains("Watching for changes; Ctrl-C stops."))

        try record(runner, [("add-numbers", .passed)])
        let second = try #require(process.nextLine(containing: "Built "), "no rebuild: \(process.output)")
        // The first check creates .kata/ with the progress file in it: either is the change.
        #expect(second.contains("after a change to workbook/.kata"))
        #expect(try runner.page("index.html").contains("You have solved 1 of 2 exercises."))

        let chapter = runner.workbook.appendingPathComponent("chapters/02-pairs.md")
        let text = try String(contentsOf: chapter, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "# Pairs and mutants", with: "# Pairs, renamed").utf8).write(to: chapter)
        // A change made while the site was building is not lost either: its build may come first.
        let third = try #require(
            process.nextLine(containing: "after a change to workbook/chapters/02-pairs.md"),
            "no rebuild: \(process.output)")
        #expect(third.hasPrefix("Built "))
        #expect(try runner.page("index.html").contains("Pairs, renamed"))
    }
}

/// A `kata` process that runs until stopped (`--watch`), whose output is read line by line.
final class WatchedProcess: @unchecked Sendable {
    private let process = Process()
    private let pipe = Pipe()
    private let lock = NSLock()
    private var buffer = ""
    private var consumed = 0

    init(_ arguments: [String], in directory: URL) throws {
        process.executableURL = KataProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.buffer += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    /// Everything printed so far.
    var output: String { lock.withLock { buffer } }

    /// Waits (up to 60 s) for the next line that contains `text`.
    func nextLine(containing text: String, seconds: Double = 60) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let found: String? = lock.withLock {
                let lines = buffer.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                for (index, line) in lines.enumerated() where index >= consumed {
                    consumed = index + 1
                    if line.contains(text) { return String(line) }
                }
                return nil
            }
            if let found { return found }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Stops the process (SIGTERM: a test runner may pass SIGINT on ignored) and waits for it.
    func stop() {
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        pipe.fileHandleForReading.readabilityHandler = nil
    }
}
