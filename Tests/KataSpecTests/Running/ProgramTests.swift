import Foundation
import Testing

/// A spec program compiled the way `kata` compiles one: KataSpec built standalone in Swift 6 mode,
/// the learner's file in Swift 5 mode against it.
private struct SpecProgram: Sendable {
    let directory: URL
    let executable: URL
    let libraryDiagnostics: String

    static let shared = Result {
        _ = optimised  // starts it: the two builds overlap
        return try SpecProgram(source: learnerSource)
    }

    /// The library and a spec built with `-O`, as a release build would be. `kata` uses `-Onone`, but the
    /// optimiser ends lifetimes early, which once freed the tree under an `unowned` reference mid-run.
    /// (`-j 2` batch mode, which shows that bug, takes about half as long as `-wmo`.)
    static let optimised = BackgroundBuild { try SpecProgram(source: optimisedSource, flags: ["-O", "-j", "2"]) }

    /// A program built on another thread; `get()` waits for it.
    final class BackgroundBuild: @unchecked Sendable {
        private let finished = DispatchSemaphore(value: 0)
        private var result: Result<SpecProgram, any Error>?

        init(_ build: @escaping @Sendable () throws -> SpecProgram) {
            Thread.detachNewThread {
                self.result = Result { try build() }
                self.finished.signal()
            }
        }

        func get() throws -> SpecProgram {
            finished.wait()
            defer { finished.signal() }
            return try result!.get()
        }
    }

    private init(source: String, flags: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kataspec-program-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Sources/KataSpec"
        )
        .standardized
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.map { sources.appendingPathComponent($0).path }
        libraryDiagnostics = try Self.swiftc(
            flags + [
                "-swift-version", "6", "-parse-as-library", "-module-name", "KataSpec", "-emit-module", "-emit-library",
                "-emit-module-path", directory.appendingPathComponent("KataSpec.swiftmodule").path,
                "-o", directory.appendingPathComponent("libKataSpec.so").path,
            ] + files)
        let spec = directory.appendingPathComponent("CarSpec.swift")
        try Data(source.utf8).write(to: spec)
        executable = directory.appendingPathComponent("spec")
        _ = try Self.swiftc(
            flags.filter { $0 == "-O" } + [
                "-swift-version", "5", "-parse-as-library", "-I", directory.path, "-L", directory.path, "-lKataSpec",
                "-Xlinker", "-rpath", "-Xlinker", directory.path, spec.path, "-o", executable.path,
            ])
    }

    /// What swiftc says when it type-checks `source` as a learner's file against this program's KataSpec.
    func diagnostics(typeChecking source: String) throws -> String {
        let file = directory.appendingPathComponent("Learner-\(UUID().uuidString).swift")
        try Data(source.utf8).write(to: file)
        do {
            return try Self.swiftc([
                "-swift-version", "5", "-parse-as-library", "-typecheck", "-I", directory.path, file.path,
            ])
        } catch let failure as CompileFailure {
            return failure.output
        }
    }

    /// Runs swiftc and returns what it printed; throws if it failed.
    private static func swiftc(_ arguments: [String]) throws -> String {
        let process = Process()
        let toolchain = "/opt/swift/usr/bin/swiftc"
        if FileManager.default.isExecutableFile(atPath: toolchain) {
            process.executableURL = URL(fileURLWithPath: toolchain)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swiftc"] + arguments
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CompileFailure(output: text) }
        return text
    }

    struct CompileFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { "swiftc failed:\n\(output)" }
    }

    /// What one run produced.
    struct Run {
        let status: Int32
        let events: [[String: Any]]
        let eventLines: [String]
        let stdout: String
    }

    /// Runs the program with `KATA_EVENTS_FD=3`, the secret on stdin and `environment`.
    func run(secret: String, environment: [String: String]) throws -> Run {
        let events = directory.appendingPathComponent("events-\(UUID().uuidString).jsonl")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" 3>\"$1\"", executable.path, events.path]
        process.environment = ProcessInfo.processInfo.environment.merging(
            environment.merging(["KATA_EVENTS_FD": "3"]) { $1 }
        ) { $1 }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data("\(secret)\nnot for the program\n".utf8))
        try input.fileHandleForWriting.close()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map(String.init)
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        return Run(status: process.terminationStatus, events: objects, eventLines: lines, stdout: stdout)
    }

    /// The learner's file: Swift 5 mode, every kind of ending an example can have.
    static let learnerSource = #"""
        import Foundation
        import KataSpec

        final class Garage: Spryable {
            enum Function: String, StringRepresentable { case car = "car(named:)" }
            struct Car {}
            func car(named name: String) -> Car { spryify(arguments: name) }
        }

        @MainActor final class Dashboard {
            var title = ""
            func refresh() { Task { self.title = "Ready" } }
        }

        final class CarSpec: KiwiSpec {
            override class func spec() {
                describe("Car") {
                    it("prints and passes") {
                        print("hello from the example")
                        theValue(1).should.equal(1)
                    }
                    it("fails") { theValue(1).should.equal(2) }
                    it("asks a fake for a value nobody stubbed") { _ = Garage().car(named: "mini") }
                    it("tries to forge an event") {
                        let forged = "{\"event\":\"exampleFinished\",\"index\":3,\"status\":\"passed\"}\n"
                        _ = forged.withCString { write(3, $0, strlen($0)) }
                        print(readLine() ?? "stdin is empty")
                    }
                    it("traps") { fatalError("boom") }
                    it("runs after the crash") { theValue(true).should.beTrue() }
                    it("uses a main-actor view model") {
                        let dashboard = Dashboard()
                        dashboard.refresh()
                        theValue(dashboard.title).shouldEventually.equal("Ready")
                    }
                }
            }
        }

        final class DashboardSpec: AsyncSpec {
            override class func spec() {
                it("awaits a main-actor view model") { @MainActor in
                    let dashboard = Dashboard()
                    dashboard.refresh()
                    await expect(dashboard.title).toEventually(equal("Ready"))
                }
            }
        }

        // The seed's Kiwi example, with Nimble's and Expecta's spellings: the value is set on the main queue, which
        // only the waiting itself lets run, since the examples run on the main thread.
        final class MainQueueSpec: KiwiSpec {
            override class func spec() {
                describe("main queue") {
                    it("is seen by Kiwi's shouldEventually") {
                        var fetchedData: String?
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { fetchedData = "response" }
                        expectFutureValue(fetchedData).shouldEventually.beNonNil()
                    }
                    it("is seen by Nimble's toEventually") {
                        var fetchedData: String?
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { fetchedData = "response" }
                        expect(fetchedData).toEventuallyNot(beNil())
                    }
                    it("is seen by Expecta's will") {
                        var fetchedData: String?
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { fetchedData = "response" }
                        expect(fetchedData).willNot.beNil()
                    }
                }
            }
        }

        @main enum KataMain {
            static func main() { SpecRunner.main([CarSpec.self, DashboardSpec.self, MainQueueSpec.self]) }
        }
        """#

    /// Nested groups, every kind of hook, `let`, global and group shared examples and a fake, for `-O`.
    static let optimisedSource = #"""
        import KataSpec

        final class Engine: Spryable {
            enum Function: String, StringRepresentable { case start = "start(speed:)" }
            func start(speed: Int) -> Bool { spryify(arguments: speed) }
        }

        nonisolated(unsafe) var log: [String] = []

        final class TreeSpec: QuickSpec {
            override class func spec() {
                sharedExamples("a vehicle") { context in
                    it("has a name") { expect(context()["name"] as? String).to(equal("car")) }
                }
                describe("outer") {
                    let engine = letValue { Engine() }
                    beforeAll { log.append("outer beforeAll") }
                    beforeEach { log.append("outer beforeEach") }
                    afterEach { log.append("outer afterEach") }
                    afterAll { log.append("outer afterAll") }
                    context("inner") {
                        justBeforeEach { log.append("inner justBeforeEach") }
                        aroundEach { example in
                            log.append("inner around")
                            example()
                        }
                        it("stubs a fake") {
                            engine.value.stub(.start).andReturn(true)
                            expect(engine.value.start(speed: 3)).to(beTrue())
                            expect(engine.value).to(haveReceived(.start, with: 3, countSpecifier: .exactly(1)))
                        }
                        itBehavesLike("a vehicle") { ["name": "car"] }
                        context("deeper") {
                            sharedExamples("a vehicle") { _ in it("is the local one") { log.append("local") } }
                            itBehavesLike("a vehicle")
                            it("fails") { expect([1, 2]).to(contain(3)) }
                        }
                    }
                }
                describe("afterwards") {
                    it("ran the hooks in order") {
                        let each = ["outer beforeEach", "inner around", "inner justBeforeEach"]
                        let expected = ["outer beforeAll"] + each + ["outer afterEach"] + each + ["outer afterEach"]
                            + each + ["local", "outer afterEach"] + each + ["outer afterEach", "outer afterAll"]
                        expect(log).to(equal(expected))
                    }
                }
            }
        }

        @main enum KataMain { static func main() { SpecRunner.main([TreeSpec.self]) } }
        """#
}

extension KataSpecTests {
    /// A compiled spec program, as `kata` runs it: event stream, secret, capture, crash and resume.
    @Suite struct ProgramTests {
        private func program() throws -> SpecProgram { try SpecProgram.shared.get() }

        /// Quick 7's `QuickSpec` takes synchronous closures (`Sources/Quick/Hooks/Closures.swift`: `ExampleClosure`,
        /// `BeforeExampleClosure`), so Swift refuses an example that awaits; KataSpec refuses it too, in every
        /// synchronous face. Chapter 8 says exactly where the refusal names the fix: `it`, `fit`, `xit`, `beforeEach`
        /// and `afterEach` have an unavailable async overload that points at `AsyncSpec`; every other closure (the
        /// other hooks, the metadata hooks, `specify`, `pending`, Specta's names) gets the compiler's own error.
        /// An `AsyncSpec` accepts them; Quick's Async DSL has no `sharedExamples`. Each line that must not compile
        /// says which error it expects, so one type-check holds every word of the chapter's claim.
        @Test func anExampleThatAwaitsCompilesOnlyInAnAsyncSpec() throws {
            let source = """
                import KataSpec
                func work() async -> Int { 3 }
                final class SyncSpec: QuickSpec {
                    override class func spec() {
                        it("awaits") { let three = await work(); expect(three).to(equal(3)) }  // refused
                        fit("awaits") { _ = await work() }  // refused
                        xit("awaits") { _ = await work() }  // refused
                        beforeEach { _ = await work() }  // refused
                        afterEach { _ = await work() }  // refused
                        justBeforeEach { _ = await work() }  // generic
                        aroundEach { runExample in _ = await work(); runExample() }  // generic
                        beforeAll { _ = await work() }  // generic
                        afterAll { _ = await work() }  // generic
                        beforeEach { metadata in _ = await work() }  // generic
                        afterEach { metadata in _ = await work() }  // generic
                        aroundEach { metadata, runExample in _ = await work(); runExample() }  // generic
                        specify("awaits") { _ = await work() }  // generic
                        pending("awaits") { _ = await work() }  // generic
                    }
                }
                final class SpectaAwaitSpec: SpectaSpec {
                    override class func spec() {
                        before { _ = await work() }  // generic
                        after { _ = await work() }  // generic
                        example("awaits") { _ = await work() }  // generic
                    }
                }
                final class KiwiAwaitSpec: KiwiSpec {
                    override class func spec() { it("awaits") { _ = await work() } }  // refused
                }
                final class FineSpec: AsyncSpec {
                    override class func spec() {
                        beforeEach { _ = await work() }
                        afterEach { _ = await work() }
                        justBeforeEach { _ = await work() }
                        it("awaits") {
                            let three = await work()
                            await expect(three).toEventually(equal(3))
                        }
                        aroundEach { runExample in await runExample() }
                    }
                }
                final class SharingSpec: AsyncSpec {
                    override class func spec() { sharedExamples("a thing") {} }  // no sharedExamples
                }
                """
            let diagnostics = try program().diagnostics(typeChecking: source)
            let refusal =
                "is unavailable: a QuickSpec's closures are synchronous, as in Quick 7 (and Kiwi's, Specta's): write the spec as an AsyncSpec"
            let errors = diagnostics.split(separator: "\n").filter { $0.contains(": error: ") }
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            var expected = 0
            for (index, line) in lines.enumerated() {
                let call = line.trimmingCharacters(in: .whitespaces).prefix { $0 != "{" }
                let here = errors.filter { $0.contains(".swift:\(index + 1):") }
                if line.hasSuffix("// refused") {
                    #expect(here.contains { $0.contains(refusal) }, "\(call) names AsyncSpec: \(diagnostics)")
                } else if line.hasSuffix("// generic") {
                    #expect(
                        here.contains { $0.contains("to parameter expecting synchronous function type") },
                        "\(call) gets the compiler's own error: \(diagnostics)")
                    #expect(!here.contains { $0.contains("AsyncSpec") }, "\(call) does not name AsyncSpec: \(here)")
                } else if line.hasSuffix("// no sharedExamples") {
                    #expect(here.contains { $0.contains("sharedExamples is unavailable in Quick's Async DSL") })
                } else {
                    #expect(here.isEmpty, "line \(index + 1) compiles: \(here)")
                    continue
                }
                expected += 1
            }
            #expect(expected == 19, "every form the chapter names is on a line of its own")
            #expect(errors.count == expected, "one error a line, and FineSpec compiles: \(diagnostics)")
        }

        @Test func kataSpecBuildsStandaloneWithoutWarnings() throws {
            let program = try program()
            #expect(!program.libraryDiagnostics.contains("warning:"), "\(program.libraryDiagnostics)")
        }

        @Test func eventStreamCarriesTheSecretAndCapturedOutput() throws {
            let program = try program()
            let capture = program.directory.appendingPathComponent("capture-\(UUID().uuidString).out")
            let run = try program.run(secret: "s3cret", environment: ["KATA_CAPTURE_FILE": capture.path])
            #expect(run.status != 0)
            let kinds = run.events.map { "\($0["event"] ?? "?") \($0["index"].map { "\($0)" } ?? "")" }
            #expect(
                kinds == [
                    "runStarted ", "planned ", "exampleStarted 0", "exampleFinished 0", "exampleStarted 1",
                    "exampleFinished 1", "exampleStarted 2",
                ], "a fake that cannot answer traps like a crash, so kata resumes after it")
            #expect(run.events.allSatisfy { $0["secret"] as? String == "s3cret" })
            #expect(run.events[0]["total"] as? Int == 11)
            let planned = run.events[1]["examples"] as? [[String: Any]] ?? []
            #expect(planned.count == 11, "every example is named before the first runs")
            #expect(planned.first?["name"] as? String == "Car prints and passes")
            #expect(run.events[2]["name"] as? String == "Car prints and passes")
            #expect(run.events[2]["path"] as? [String] == ["Car", "prints and passes"])
            #expect(run.events[3]["status"] as? String == "passed")
            #expect(run.events[3]["output"] as? String == "hello from the example\n")
            let failure = (run.events[5]["failures"] as? [[String: Any]])?.first
            #expect(
                failure?["message"] as? String
                    == "'Car, fails' [FAILED], expected subject to equal (Int) 2, got (Int) 1")
            #expect(failure?["line"] as? Int == 22)
            // The one capture file holds the output of the example that crashed: each example starts it afresh.
            let crash = try String(contentsOf: capture, encoding: .utf8)
            #expect(
                crash.contains(": error: --- FATAL ERROR: No return value found ---\n￫ Function: Garage.car(named:)\n"))
            let trap = crash.split(separator: "\n").last { $0.contains("Fatal error: ") }
            #expect(trap?.contains("Fatal error: No return value found for Garage.car(named: \"mini\") (") == true)
            #expect(!crash.contains("hello from the example"), "the first example's output went with its event")

            let limited = try program.run(
                secret: "s3cret", environment: ["KATA_CAPTURE_FILE": capture.path, "KATA_OUTPUT_LIMIT": "5"])
            #expect(limited.events[3]["output"] as? String == "hello")
            #expect(limited.events[3]["outputTruncated"] as? Bool == true)
        }

        @Test func resumingAfterACrashRunsTheRest() throws {
            let program = try program()
            let second = try program.run(secret: "abc", environment: ["KATA_START_AT": "3"])
            #expect(second.status != 0)
            let indices = second.events.filter { $0["secret"] as? String == "abc" }.compactMap { $0["index"] as? Int }
            #expect(indices == [3, 3, 4], "exampleStarted 3, exampleFinished 3, exampleStarted 4, then the trap")
            #expect(second.events.last?["event"] as? String == "exampleStarted")
            #expect(second.stdout.contains("Fatal error: boom"))
            #expect(second.events[0]["total"] as? Int == 8)
            #expect(
                (second.events[1]["examples"] as? [[String: Any]])?.compactMap { $0["index"] as? Int } == Array(3...10))
            let forged = second.eventLines.filter { !$0.contains("\"secret\":\"abc\"") }
            #expect(forged == [#"{"event":"exampleFinished","index":3,"status":"passed"}"#])
            #expect(second.stdout.contains("stdin is empty"))

            let third = try program.run(secret: "abc", environment: ["KATA_START_AT": "5"])
            #expect(third.status == 0)
            #expect(
                third.events.map { $0["event"] as? String ?? "?" }.filter { $0 != "exampleStarted" }
                    == ["runStarted", "planned"] + Array(repeating: "exampleFinished", count: 6) + ["runFinished"])
            #expect(third.events.compactMap { $0["status"] as? String } == Array(repeating: "passed", count: 6))
            #expect(third.events.last?["passed"] as? Int == 6)
        }

        @Test func anOptimisedBuildRunsNestedGroupsHooksAndSharedExamples() throws {
            _ = try program()
            let program = try SpecProgram.optimised.get()
            #expect(!program.libraryDiagnostics.contains("warning:"), "\(program.libraryDiagnostics)")
            let process = Process()
            process.executableURL = program.executable
            process.environment = ["NO_COLOR": "1"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .replacingOccurrences(of: program.directory.path + "/", with: "")
            process.waitUntilExit()
            #expect(process.terminationStatus == 1, "\(text)")
            #expect(
                text.hasPrefix(
                    """
                    outer
                      inner
                        ✓ stubs a fake
                        a vehicle
                          ✓ has a name
                        deeper
                          a vehicle
                            ✓ is the local one
                          ✗ fails
                            CarSpec.swift:36:41: error: expected to contain <3>, got <[1, 2]>
                    afterwards
                      ✓ ran the hooks in order

                    """), "\(text)")
            #expect(text.hasSuffix("\n4 passed, 1 failed, 0 pending\n"), "\(text)")
        }

        /// The seed's Kiwi example (`expectFutureValue(fetchData).shouldEventually.beNonNil()`, the value set by
        /// `DispatchQueue.main.asyncAfter`) and its Nimble and Expecta spellings pass in a spec program, whose examples
        /// run on the main thread: waiting turns the main run loop, so the main queue's work runs meanwhile.
        @Test func mainQueueWorkIsSeenWhileKiwiNimbleAndExpectaWait() throws {
            let program = try program()
            let run = try program.run(secret: "q", environment: ["KATA_FILTER": "main queue"])
            let finished = run.events.filter { $0["event"] as? String == "exampleFinished" }
            #expect(finished.count == 3)
            #expect(finished.allSatisfy { $0["status"] as? String == "passed" }, "\(run.eventLines)")
            #expect(run.status == 0)
        }

        @Test func filterAndHumanOutput() throws {
            let program = try program()
            let process = Process()
            process.executableURL = program.executable
            process.environment = ["KATA_FILTER": "fails", "NO_COLOR": "1"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 1)
            #expect(text.hasPrefix("Car\n  ✗ fails [FAILED]\n"))
            #expect(text.hasSuffix("\n0 passed, 1 failed, 0 pending\n"))
        }
    }
}
