import Foundation
import KataBuilding

/// What a real framework's records have told so far, across the passes of one run (see ``FrameworkRunner``): its
/// tests and suites, which are running, and each test's (or each case's) issues and end.
struct FrameworkRunState {
    /// One test: its record, its issues outside any case, its cases, and how it ended.
    struct TestState {
        var test: FrameworkRecord.Test
        var issues: [FrameworkRecord.Issue] = []
        var cases: [(id: String, arguments: String, issues: [FrameworkRecord.Issue])] = []
        var status: ExampleOutcome.Status?
        var said: CompilerDiagnostic.Said?
        /// Where the program stopped in a crash, when its output says so.
        var stoppedAt: SourcePlace?
        var skipReason: String?
        var output = ""
    }

    /// Test IDs in the order the framework listed them.
    private(set) var tests: [String] = []
    private var states: [String: TestState] = [:]
    private var suites: [String: String] = [:]
    /// Tests started in this pass and not ended.
    private var started: [String] = []
    private(set) var runEnded = false

    /// Every test with a result.
    var finished: Set<String> { Set(states.filter { $0.value.status != nil }.keys) }
    /// Tests without a result, in order.
    var unfinished: [String] { tests.filter { states[$0]?.status == nil } }
    /// Tests running when the pass ended.
    var running: [String] { started }

    func order(_ id: String) -> Int { tests.firstIndex(of: id) ?? Int.max }

    mutating func beginPass() {
        started = []
        runEnded = false
    }

    mutating func take(_ record: FrameworkRecord) {
        switch record {
        case .test(let test):
            if states[test.id] == nil {
                tests.append(test.id)
                states[test.id] = TestState(test: test)
            }
        case .suite(let id, let name):
            suites[id] = name
        case .runStarted:
            break
        case .testStarted(let id):
            guard states[id] != nil, !started.contains(id) else { return }
            started.append(id)
            // A test run again after a crash beside it starts afresh.
            states[id]?.issues = []
            states[id]?.cases = []
        case .caseStarted(let id, let caseID, let arguments):
            guard var state = states[id], !state.cases.contains(where: { $0.id == caseID }) else { return }
            state.cases.append((caseID, arguments, []))
            states[id] = state
        case .caseEnded:
            break
        case .issue(let id, let caseID, let issue):
            guard let id, var state = states[id] else { return }
            if let caseID, let index = state.cases.firstIndex(where: { $0.id == caseID }) {
                state.cases[index].issues.append(issue)
            } else {
                state.issues.append(issue)
            }
            states[id] = state
        case .testEnded(let id):
            guard var state = states[id], started.contains(id) else { return }
            started.removeAll { $0 == id }
            let failed = (state.issues + state.cases.flatMap(\.issues)).contains { $0.isFailure && !$0.isKnown }
            state.status = failed ? .failed : .passed
            states[id] = state
        case .testSkipped(let id, let reason):
            guard var state = states[id] else { return }
            // Swift Testing skips a test before it starts; XCTest once it has (`throw XCTSkip(…)`). Either is pending,
            // as an excluded KataSpec example is (`xit`): the test chose not to run, no focus left it out.
            started.removeAll { $0 == id }
            state.status = .pending
            state.skipReason = reason
            states[id] = state
        case .runEnded:
            runEnded = true
        }
    }

    /// Ends a test that did not end by itself: it crashed, or the time ran out while it ran.
    /// Ends a test that did not end by itself (a crash, the time limit), with kata's sentence for it and, when kata
    /// knows it, the place where the program stopped.
    mutating func end(
        _ id: String, status: ExampleOutcome.Status, said: CompilerDiagnostic.Said, output: String = "",
        stoppedAt place: SourcePlace? = nil
    ) {
        started.removeAll { $0 == id }
        states[id]?.status = status
        states[id]?.said = said
        states[id]?.output = output
        states[id]?.stoppedAt = place
    }

    /// The names of the suites a test is in, outermost first: its ID's leading components that are suites' IDs
    /// (`Module.Outer/Inner/test()/file.swift:3:4`).
    private func suitePath(_ id: String) -> [String] {
        let components = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard components.count > 1 else { return [] }
        return (1..<components.count).compactMap { suites[components[0..<$0].joined(separator: "/")] }
    }

    /// Every test with a result, as examples in the framework's order: one per case of a parameterized test.
    func outcomes(root sourcePaths: [String]) -> [ExampleOutcome] {
        var outcomes: [ExampleOutcome] = []
        for id in tests {
            guard let state = states[id], let status = state.status else { continue }
            let test = state.test
            let path = suitePath(id) + [test.name]
            let example = {
                (
                    name: String, path: [String], status: ExampleOutcome.Status, issues: [FrameworkRecord.Issue],
                    arguments: String?
                )
                in
                let failures = issues.filter { $0.isFailure && !$0.isKnown }.map { issue in
                    ExampleOutcome.Failure(
                        message: issue.text, file: issue.file ?? test.file, line: issue.line ?? test.line,
                        column: issue.column)
                }
                var outcome = ExampleOutcome(
                    index: outcomes.count, name: name, path: path, file: test.file, line: test.line, status: status,
                    failures: failures, duration: 0, output: status == .crashed ? state.output : "",
                    outputTruncated: false, face: nil, arguments: arguments)
                if let said = state.said, status == .crashed || status == .timedOut {
                    outcome.failures.append(ProgramRunner.failure(said, at: outcome, stoppedAt: state.stoppedAt))
                }
                return outcome
            }
            if state.cases.isEmpty || status == .crashed || status == .timedOut || status == .pending {
                outcomes.append(example(test.name, path, status, state.issues + state.cases.flatMap(\.issues), nil))
                continue
            }
            if state.issues.contains(where: { $0.isFailure && !$0.isKnown }) {
                outcomes.append(example(test.name, path, .failed, state.issues, nil))
            }
            // The cases of a parameterized test run side by side, and end in any order: they are shown in one that does
            // not change from run to run (numbers by their value, `age → 4` before `age → 18`).
            for testCase in state.cases.sorted(by: Self.inArgumentOrder) {
                let failed = testCase.issues.contains { $0.isFailure && !$0.isKnown }
                outcomes.append(
                    example(
                        "\(test.name) (\(testCase.arguments))", path + [testCase.arguments], failed ? .failed : .passed,
                        testCase.issues, testCase.arguments))
            }
        }
        return outcomes
    }

    /// Whether a case comes before another: by its arguments as the framework shows them, digits compared as numbers,
    /// then by the framework's ID for the case.
    static func inArgumentOrder(
        _ first: (id: String, arguments: String, issues: [FrameworkRecord.Issue]),
        _ second: (id: String, arguments: String, issues: [FrameworkRecord.Issue])
    ) -> Bool {
        switch first.arguments.localizedStandardCompare(second.arguments) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: first.id < second.id
        }
    }

    /// The tests the time limit left without a result, as examples that did not run.
    func notRunOutcomes(startingAt index: Int) -> [ExampleOutcome] {
        unfinished.enumerated().compactMap { offset, id in
            guard let test = states[id]?.test else { return nil }
            return ExampleOutcome(
                index: index + offset, name: test.name, path: suitePath(id) + [test.name], file: test.file,
                line: test.line, status: .notRun, failures: [], duration: 0, output: "", outputTruncated: false,
                face: nil)
        }
    }
}
