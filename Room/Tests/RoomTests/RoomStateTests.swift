import Foundation
import KataBasics
import KataRoomWire
import Testing

@testable import KataRoomServer

/// How the dashboard's states and figures follow from the events.
@Suite struct RoomStateTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func check(_ verdict: CheckVerdict, at seconds: Double, failure: String? = nil) -> RoomEvent {
        RoomEvent(
            kind: .check, time: start.addingTimeInterval(seconds), exercise: "add",
            check: .init(
                verdict: verdict, duration: 0.5, examples: 2, failures: verdict == .passed ? 0 : 1,
                firstFailure: failure))
    }

    func room() -> RoomState {
        var state = RoomState(exercises: [("add", "Add two numbers")])
        state.addLearner(id: "a", name: "Ada", joined: start)
        state.addLearner(id: "b", name: "Bob", joined: start)
        return state
    }

    @Test func cellsGoFromNotStartedThroughRedToGreen() {
        var state = room()
        let thresholds = RoomState.Thresholds(checks: 3, minutes: 10)
        #expect(state.learners["a"]!.cells["add"] == nil)
        state.apply(RoomEvent(kind: .next, time: start, exercise: "add"), learner: "a")
        #expect(state.learners["a"]!.cells["add"]!.state(now: start, thresholds: thresholds) == "not-started")
        state.apply(check(.failed, at: 30, failure: "expected 5, got 0"), learner: "a")
        #expect(
            state.learners["a"]!.cells["add"]!.state(now: start.addingTimeInterval(31), thresholds: thresholds) == "red"
        )
        state.apply(check(.passed, at: 90), learner: "a")
        let cell = state.learners["a"]!.cells["add"]!
        #expect(cell.state(now: start.addingTimeInterval(3_600), thresholds: thresholds) == "green")
        #expect(cell.redBeforeGreen == true)
    }

    @Test func aLearnerIsStuckAfterSeveralFailingChecksOrSeveralMinutes() {
        var state = room()
        let thresholds = RoomState.Thresholds(checks: 3, minutes: 10)
        for second in [10.0, 20, 30] { state.apply(check(.compileError, at: second), learner: "a") }
        #expect(
            state.learners["a"]!.cells["add"]!.state(now: start.addingTimeInterval(40), thresholds: thresholds)
                == "stuck")
        state.apply(RoomEvent(kind: .next, time: start, exercise: "add"), learner: "b")
        state.apply(check(.failed, at: 60), learner: "b")
        let bob = state.learners["b"]!.cells["add"]!
        #expect(bob.state(now: start.addingTimeInterval(9 * 60), thresholds: thresholds) == "red")
        #expect(bob.state(now: start.addingTimeInterval(10 * 60), thresholds: thresholds) == "stuck")
    }

    @Test func theExerciseFiguresCountLearnersNotChecks() throws {
        var state = room()
        for second in [10.0, 20, 30] {
            state.apply(check(.failed, at: second, failure: "expected 5, got 0"), learner: "a")
        }
        state.apply(check(.passed, at: 70), learner: "a")
        state.apply(check(.failed, at: 15, failure: "expected 5, got 0"), learner: "b")
        state.apply(check(.failed, at: 25, failure: "cannot find 'add' in scope"), learner: "b")
        state.apply(check(.passed, at: 45), learner: "b")
        state.apply(RoomEvent(kind: .hint, time: start, exercise: "add", hints: 1), learner: "b")
        let snapshot = RoomSnapshot(
            state: state, room: "Test", joining: true, joinCommand: nil, now: start.addingTimeInterval(100),
            thresholds: .init())
        let add = try #require(snapshot.exercises.first)
        #expect(add.solved == 2)
        #expect(add.medianAttempts == 3.5)
        #expect(add.medianSecondsToGreen == 45)
        #expect(add.hints == 1)
        #expect(add.commonFailures.map(\.text) == ["expected 5, got 0", "cannot find 'add' in scope"])
        #expect(add.commonFailures.map(\.learners) == [2, 1])
    }

    @Test func countsAsLargeAsAnIntegerHoldsDoNotOverflow() throws {
        var state = room()
        // Two hints claiming Int.max hints shown once stopped the server (hints + 1 overflowed).
        for learner in ["a", "b"] {
            for _ in 0..<2 {
                state.apply(RoomEvent(kind: .hint, time: start, exercise: "add", hints: .max), learner: learner)
            }
        }
        #expect(state.learners["a"]!.cells["add"]!.hints == .max)
        let snapshot = RoomSnapshot(
            state: state, room: "Test", joining: true, joinCommand: nil, now: start, thresholds: .init())
        #expect(try #require(snapshot.exercises.first).hints == .max)
        var cell = RoomState.Cell()
        cell.attempts = .max
        cell.failures = .max
        state.learners["a"]!.cells["add"] = cell
        state.learners["a"]!.events = .max
        state.apply(check(.failed, at: 10), learner: "a")
        #expect(state.learners["a"]!.cells["add"]!.attempts == .max)
        #expect(state.learners["a"]!.cells["add"]!.failures == .max)
        #expect(state.learners["a"]!.events == .max)
        state.apply(check(.passed, at: 20), learner: "a")
        let passed = RoomSnapshot(
            state: state, room: "Test", joining: true, joinCommand: nil, now: start, thresholds: .init())
        #expect(try #require(passed.exercises.first).medianAttempts == Double(Int.max))
    }

    @Test func theExportHasOneRowPerLearnerAndExerciseAndQuotesFormulas() {
        var state = room()
        state.apply(check(.failed, at: 10, failure: "=cmd|' /C calc'!A0, or \"quoted\""), learner: "a")
        let csv = RoomExport(state: state, now: start.addingTimeInterval(20), thresholds: .init()).csv()
        let lines = csv.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].hasPrefix("Ada,add,red,1,1,"))
        #expect(lines[1].hasSuffix(",failed,,,\"'=cmd|' /C calc'!A0, or \"\"quoted\"\"\""))
    }
}
