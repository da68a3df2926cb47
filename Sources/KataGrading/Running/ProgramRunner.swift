import Foundation
import KataBasics
import KataBuilding
import KataMessages
import KataWorkbook

#if canImport(Glibc)
    import Glibc

    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif

/// Everything one run of a test program produced.
package struct RunReport: Codable, Sendable, Equatable {
    /// The examples, in run order.
    package var examples: [ExampleOutcome]
    /// Examples the run never reached because its time ran out.
    package var notRun: Int
    /// The wall-clock limit, when it was hit.
    package var timedOutAfter: Double?
    /// Set when the program failed outside any example (while building the spec tree, say).
    package var problem: String?
    /// The same as one of kata's sentences, to be said in the learner's language.
    var problemSaid: CompilerDiagnostic.Said? = nil
    /// What the program printed outside examples (capped).
    package var output: String

    package var passed: Int { examples.count { $0.status == .passed } }
    package var failed: Int { examples.count { $0.status.isFailure } }
    package var pending: Int { examples.count { $0.status == .pending } }
    package var skipped: Int {
        examples.count { $0.status == .skipped } + max(notRun, examples.count { $0.status == .notRun })
    }
    /// Examples left out because others are focused (`fit`, `fdescribe`, `fcontext`).
    package var leftOutByFocus: Int { examples.count { $0.status == .skipped } }
    /// Examples that ran: they passed or failed.
    package var ran: Int { examples.count { $0.status != .pending && $0.status != .skipped && $0.status != .notRun } }
}

/// Runs a compiled test program under ``SandboxedProcess``, reading KataSpec's event stream.
///
/// When an example crashes the program, the crash is reported on that example and the program is
/// started again after it (`KATA_START_AT`), until every example has had its turn or the run's one
/// wall-clock budget is spent.
package struct ProgramRunner: Sendable {
    /// How the program is started.
    package var launch: ProgramLaunch
    /// Run every example, whatever `fit`, `fdescribe`, `xit` and `xdescribe` say (`KATA_RUN_ALL=1`); otherwise
    /// focus and exclusion work as in Quick, Specta and Kiwi.
    package var runAll: Bool

    package init(launch: ProgramLaunch, runAll: Bool = true) {
        self.launch = launch
        self.runAll = runAll
    }

    var limits: RunLimits { launch.limits }
    var sourcePaths: [String] { launch.sourcePaths }

    package func run(_ binary: URL, in folder: URL) throws -> RunReport {
        let prepared = try launch.prepare(binary, in: folder)
        let deadline = Date().addingTimeInterval(limits.timeout)
        var report = RunReport(examples: [], notRun: 0, timedOutAfter: nil, problem: nil, output: "")
        var startAt = 0
        var total: Int?
        var planned: [Int: RunEvent.Planned] = [:]
        while true {
            var pass = Pass(startAt: startAt)
            let secret = Self.randomToken()
            let termination = try prepared.process(
                environment: environment(prepared, startAt: startAt, deadline: deadline)
            )
            .run(secret: secret, deadline: deadline) { line in
                pass.take(RunEvent(line: line, secret: secret), into: &report)
            }
            total = pass.total ?? total
            planned.merge(pass.planned) { _, new in new }
            var printed = Self.read(prepared.outputFile, limit: limits.outputLimit)
            printed.text = Self.namingSourcePaths(printed.text, sourcePaths)
            if !printed.text.isEmpty {
                report.output +=
                    printed.text + (printed.truncated ? "\n[output cut at \(limits.outputLimit) bytes]\n" : "")
            }
            if pass.finished, termination != .timedOut {
                if let lost = pass.running { report.examples.append(Self.lost(lost)) }
                break
            }
            guard var crashed = pass.running else {
                if termination == .timedOut {
                    report.timedOutAfter = limits.timeout
                    report.notRun = max(0, (total ?? startAt) - startAt)
                } else if !pass.finished {
                    report.problemSaid = Self.describeEarlyEnd(termination, output: printed.text)
                    report.problem = report.problemSaid.map(Self.english)
                }
                break
            }
            let captured = Self.read(prepared.capture, limit: limits.outputLimit)
            crashed.output = Self.namingSourcePaths(Self.withoutStackTrace(captured.text), sourcePaths)
            crashed.outputTruncated = captured.truncated
            if termination == .timedOut {
                report.examples.append(timedOut(crashed, stalled: pass.stalled, binary: binary))
                report.timedOutAfter = limits.timeout
                report.notRun = max(0, (total ?? 0) - crashed.index - 1)
                break
            }
            crashed.status = .crashed
            crashed.failures = [
                Self.failure(
                    Self.describeCrash(termination, output: captured.text, cpuSeconds: limits.cpuSeconds),
                    at: crashed, stoppedAt: Self.crashPlace(in: captured.text, sourcePaths: sourcePaths))
            ]
            report.examples.append(crashed)
            startAt = crashed.index + 1
            if let total, startAt >= total { break }
        }
        if report.timedOutAfter != nil { Self.listNotRun(planned, in: &report) }
        if let total, report.problem == nil, report.timedOutAfter == nil, report.examples.count < total {
            report.problemSaid = .init(
                message: .runMissingResults, values: ["reported": "\(report.examples.count)", "total": "\(total)"])
            report.problem = report.problemSaid.map(Self.english)
        }
        return report
    }

    /// What one start of the program reported, read from KataSpec's event stream as it comes.
    private struct Pass {
        /// The first example this start runs (`KATA_START_AT`).
        var startAt: Int
        /// How many examples the whole run has, once the program said.
        var total: Int?
        var planned: [Int: RunEvent.Planned] = [:]
        /// The example that started and has not finished yet.
        var running: ExampleOutcome?
        /// Where the running example was shortly before the time limit (KataSpec's `StallReporter`).
        var stalled: (index: Int, base: UInt64, pc: UInt64, frames: [UInt64])?
        var finished = false

        init(startAt: Int) { self.startAt = startAt }

        /// Takes one event: a finished example goes into `report`.
        mutating func take(_ event: RunEvent?, into report: inout RunReport) {
            switch event {
            case .runStarted(let count)?:
                total = startAt + count  // KataSpec counts the examples from KATA_START_AT on.
            case .planned(let examples)?:
                for example in examples { planned[example.index] = example }
            case .exampleStarted(let index, let name, let path, let file, let line, let face)?:
                if let lost = running { report.examples.append(ProgramRunner.lost(lost)) }
                running = ExampleOutcome(
                    index: index, name: name, path: path, file: file, line: line, status: .passed, failures: [],
                    duration: 0, output: "", outputTruncated: false, face: face)
            case .exampleFinished(let index, let status, let failures, let duration, let output, let truncated)?:
                guard var example = running, example.index == index else { return }
                example.status = status
                example.failures = failures
                example.duration = duration
                example.output = output
                example.outputTruncated = truncated
                report.examples.append(example)
                running = nil
            case .runFinished?:
                finished = true
            case .stalled(let index, let base, let pc, let frames)?:
                stalled = (index, base, pc, frames)
            case nil:
                break  // Not from KataSpec: whatever it says, it counts for nothing.
            }
        }
    }

    /// The environment of the pass that starts at example `startAt`.
    private func environment(_ prepared: ProgramLaunch.Prepared, startAt: Int, deadline: Date) -> [String: String] {
        var environment = prepared.environment
        environment["KATA_RUN_ALL"] = runAll ? "1" : "0"
        environment["KATA_START_AT"] = String(startAt)
        if launch.symbolizer != nil {
            let notice = deadline.addingTimeInterval(-Self.stallNotice(timeout: limits.timeout))
            environment["KATA_STALL_AT"] = String(format: "%.3f", notice.timeIntervalSince1970)
        }
        return environment
    }

    /// The example that was running when the time ran out: where it was shortly before, if that was this example
    /// (not one that finished just before), is its failure's place.
    private func timedOut(
        _ example: ExampleOutcome, stalled: (index: Int, base: UInt64, pc: UInt64, frames: [UInt64])?, binary: URL
    ) -> ExampleOutcome {
        var example = example
        example.status = .timedOut
        let stop = stalled.flatMap { stalled in
            stalled.index == example.index
                ? stallPlace(binary, base: stalled.base, pc: stalled.pc, frames: stalled.frames) : nil
        }
        let seconds = Self.seconds(limits.timeout)
        let said: CompilerDiagnostic.Said =
            stop.map { .init(message: .runTimedOutIn, values: ["seconds": seconds, "function": $0.function]) }
            ?? .init(message: .runTimedOut, values: ["seconds": seconds])
        example.failures = [Self.failure(said, at: example, stoppedAt: stop?.place)]
        return example
    }

    /// Names the examples the time limit left out, so that every report can list them.
    private static func listNotRun(_ planned: [Int: RunEvent.Planned], in report: inout RunReport) {
        let last = report.examples.map(\.index).max() ?? -1
        for example in planned.values.sorted(by: { $0.index < $1.index }) where example.index > last {
            report.examples.append(
                ExampleOutcome(
                    index: example.index, name: example.name, path: example.path ?? [example.name],
                    file: example.file ?? "", line: example.line ?? 0, status: .notRun, failures: [], duration: 0,
                    output: "", outputTruncated: false, face: nil))
        }
    }

    /// An example that started and never finished although the run went on: its result was lost.
    static func lost(_ example: ExampleOutcome) -> ExampleOutcome {
        var example = example
        example.status = .failed
        example.failures = [lostResult(example)]
        return example
    }

    /// An example whose result never arrived, because something wrote over the result channel.
    static func lostResult(_ example: ExampleOutcome) -> ExampleOutcome.Failure {
        failure(.init(message: .runLostResult, values: [:]), at: example)
    }

    /// One of kata's sentences as an example's failure: at the line where the program stopped when kata knows it,
    /// else at the example's line. When the program stopped in another file than the example's (the learner's
    /// function that a chapter's example called), the sentence names the example's line too.
    static func failure(
        _ said: CompilerDiagnostic.Said, at example: ExampleOutcome, stoppedAt place: SourcePlace? = nil
    ) -> ExampleOutcome.Failure {
        guard let place else {
            return .init(message: english(said), file: example.file, line: example.line, column: nil, said: said)
        }
        var said = said
        if place.file != example.file {
            said.values["example"] = "\(example.file):\(example.line)"
            switch said.message {
            case .runCrashed: said.message = .runCrashedCalledFrom
            case .runTimedOutIn: said.message = .runTimedOutInCalledFrom
            default: break
            }
        }
        return .init(message: english(said), file: place.file, line: place.line, column: nil, said: said)
    }

    /// The English of one of kata's sentences (what JSON and JUnit show).
    static func english(_ said: CompilerDiagnostic.Said) -> String {
        Messages(.source)(said.message, said.values)
    }

    /// Why the program ended while an example was running, in a learner's words; where, is ``crashPlace(in:sourcePaths:)``.
    static func describeCrash(
        _ termination: SandboxedProcess.Termination, output: String, cpuSeconds: UInt64
    ) -> CompilerDiagnostic.Said {
        let fatal = output.split(separator: "\n").last { $0.contains("Fatal error") }.map { line -> String in
            guard let marker = line.range(of: "Fatal error: ") else { return String(line) }
            let text = String(line[marker.upperBound...])
            return text.isEmpty ? "Fatal error" : text
        }
        let crashed = { (reason: String) in CompilerDiagnostic.Said(message: .runCrashed, values: ["reason": reason]) }
        switch termination {
        case .exited(let status):
            return .init(message: .runExited, values: ["status": "\(status)"])
        case .signalled(let signal):
            switch signal {
            case SIGILL, SIGTRAP:
                return fatal.map(crashed) ?? .init(message: .runTrapped, values: [:])
            case SIGSEGV, SIGBUS:
                return fatal.map(crashed) ?? .init(message: .runStackOverflow, values: ["signal": signalName(signal)])
            case SIGXCPU, SIGKILL:
                return .init(message: .runCPUTime, values: ["seconds": "\(cpuSeconds)"])
            case SIGFPE:
                return .init(message: .runArithmetic, values: [:])
            case SIGABRT:
                return fatal.map(crashed) ?? .init(message: .runAborted, values: [:])
            default:
                return .init(message: .runSignal, values: ["signal": signalName(signal)])
            }
        case .timedOut:
            return .init(message: .runTimedOut, values: ["seconds": "?"])
        }
    }

    /// Why the program ended outside any example.
    /// Why the program ended outside any example: while KataSpec built the spec tree, or (`framework`) before a
    /// real framework's first test.
    static func describeEarlyEnd(
        _ termination: SandboxedProcess.Termination, output: String, framework: Bool = false
    ) -> CompilerDiagnostic.Said {
        let fatal = output.split(separator: "\n").last { $0.contains("Fatal error") }.map { " (\($0))" } ?? ""
        switch termination {
        case .exited(let status):
            return .init(
                message: framework ? .runEarlyExitTests : .runEarlyExit,
                values: ["status": "\(status)", "fatal": fatal])
        case .signalled(let signal):
            return .init(
                message: framework ? .runEarlySignalTests : .runEarlySignal,
                values: ["signal": signalName(signal), "fatal": fatal])
        case .timedOut:
            return .init(message: framework ? .runEarlyTimeoutTests : .runEarlyTimeout, values: ["fatal": fatal])
        }
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU",
            SIGXFSZ: "SIGXFSZ",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    /// Seconds as a message shows them (`10`, `2.5`); the message adds the unit.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value)
    }

    /// Drops the runtime's "Current stack trace:" and its frames: addresses mean nothing to a learner.
    static func withoutStackTrace(_ text: String) -> String {
        var kept: [Substring] = []
        var inTrace = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Current stack trace:") {
                inTrace = true
                continue
            }
            if inTrace, line.first?.isNumber == true { continue }
            inTrace = false
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }

    /// Reads at most `limit` bytes of a file that a learner's program wrote, never following a link, never waiting:
    /// anything but a regular file reads as nothing.
    static func read(_ url: URL, limit: Int) -> (text: String, truncated: Bool) {
        let file = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return ("", false) }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return ("", false) }
        var data = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < data.count {
            let read = data.withUnsafeMutableBytes { systemRead(file, $0.baseAddress! + count, $0.count - count) }
            if read <= 0 { break }
            count += read
        }
        let truncated = count > limit
        return (String(decoding: data.prefix(min(count, limit)), as: UTF8.self), truncated)
    }

    /// Processes and threads a user runs now (RLIMIT_NPROC counts both).
    static func processCount(of uid: uid_t) -> UInt64 {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var count: UInt64 = 0
        for entry in entries where Int32(entry) != nil {
            var info = stat()
            if stat("/proc/\(entry)", &info) == 0, info.st_uid == uid {
                count += UInt64(
                    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(entry)/task").count) ?? 1)
            }
        }
        return count
    }

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
    }
}
