import Foundation
import KataBasics
import KataMessages

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a test program built on a real test framework (Swift Testing, XCTest) through kata's harness, under
/// ``SandboxedProcess``, reading the framework's own records (see ``FrameworkRecord``).
///
/// Tests run as the framework runs them: Swift Testing's in parallel, unless a suite is `.serialized`. When the
/// program crashes, the stream says which tests were running: one alone is the one that crashed; several are run
/// again one at a time, to find it. The program is then started again without the tests that have a result, until
/// every test has one or the run's one wall-clock budget is spent. A parameterized test's cases are reported one by
/// one, each with its arguments as the framework shows them.
struct FrameworkRunner: Sendable {
    var launch: ProgramLaunch
    /// Where each generated file's lines come from (``GeneratedProgram/origins``), to place tests in the chapter or
    /// the learner's file.
    var origins: [String: (path: String, offset: Int)] = [:]

    func run(_ binary: URL, in folder: URL) throws -> RunReport {
        let prepared = try launch.prepare(binary, in: folder)
        let deadline = Date().addingTimeInterval(launch.limits.timeout)
        var state = FrameworkRunState()
        var report = RunReport(examples: [], notRun: 0, timedOutAfter: nil, problem: nil, output: "")
        var serialQueue: [String] = []
        while true {
            let secret = ProgramRunner.randomToken()
            var environment = prepared.environment
            if serialQueue.isEmpty {
                environment["KATA_SKIP_TESTS"] = state.finished.sorted().joined(separator: "\n")
            } else {
                environment["KATA_ONLY_TESTS"] = serialQueue.joined(separator: "\n")
                environment["KATA_SERIAL"] = "1"
            }
            state.beginPass()
            // Each pass's output alone: the harness appends to the file, and a crash is told with what its pass printed.
            truncate(prepared.capture.path, 0)
            let termination = try prepared.process(environment: environment).run(secret: secret, deadline: deadline) {
                line in
                if let record = FrameworkRecord(line: line, secret: secret) { state.take(record.placed(by: origins)) }
            }
            let printed = launch.printed(in: prepared)
            report.output += printed.text
            if state.runEnded, termination != .timedOut {
                if serialQueue.isEmpty { break }
                // The tests that ran side by side with a crash have their results now; the rest run as before.
                serialQueue = []
                if state.unfinished.isEmpty { break }
                continue
            }
            let running = state.running
            if termination == .timedOut {
                for id in running {
                    state.end(
                        id, status: .timedOut,
                        said: .init(
                            message: .runTimedOut, values: ["seconds": ProgramRunner.seconds(launch.limits.timeout)]))
                }
                report.timedOutAfter = launch.limits.timeout
                break
            }
            if running.isEmpty {
                // Nothing was running: the program ended before its tests, or between them.
                if !state.unfinished.isEmpty || state.tests.isEmpty {
                    report.problemSaid = ProgramRunner.describeEarlyEnd(
                        termination, output: printed.captured, framework: true)
                    report.problem = report.problemSaid.map(ProgramRunner.english)
                }
                break
            }
            if running.count > 1 {
                serialQueue = running.sorted { state.order($0) < state.order($1) }
                continue
            }
            let said = ProgramRunner.describeCrash(
                termination, output: printed.captured, cpuSeconds: launch.limits.cpuSeconds)
            state.end(
                running[0], status: .crashed, said: said, output: printed.captured,
                stoppedAt: ProgramRunner.crashPlace(in: printed.captured, sourcePaths: launch.sourcePaths))
            serialQueue.removeAll { state.finished.contains($0) }
            if state.unfinished.isEmpty && serialQueue.isEmpty { break }
        }
        report.examples = state.outcomes(root: launch.sourcePaths)
        let reached = report.examples.count
        if report.timedOutAfter != nil {
            report.notRun = state.unfinished.count
            report.examples += state.notRunOutcomes(startingAt: reached)
        } else if report.problem == nil, state.runEnded, !state.unfinished.isEmpty {
            report.problemSaid = .init(
                message: .runMissingResults,
                values: ["reported": "\(state.tests.count - state.unfinished.count)", "total": "\(state.tests.count)"])
            report.problem = report.problemSaid.map(ProgramRunner.english)
        }
        return report
    }
}
