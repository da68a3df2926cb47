import Foundation
import KataKit

/// What the dashboard draws, as JSON: the grid of learners by exercises and each exercise's figures.
struct RoomSnapshot: Codable, Sendable {
    struct Exercise: Codable, Sendable {
        var id: String
        var title: String
        /// Learners who passed it.
        var solved: Int
        /// Learners who opened or checked it.
        var started: Int
        /// Median checks to the first pass, over those who passed.
        var medianAttempts: Double?
        /// Median seconds from starting to the first pass.
        var medianSecondsToGreen: Double?
        /// Hints shown, all learners together.
        var hints: Int
        /// The most common failures and compile errors, with how many learners met each.
        var commonFailures: [Failure]
    }

    struct Failure: Codable, Sendable {
        var text: String
        var learners: Int
    }

    struct Cell: Codable, Sendable {
        var state: String
        var attempts: Int
        var hints: Int
        var verdict: String?
        var failure: String?
        var caught: Int?
        var mutants: Int?
    }

    struct Learner: Codable, Sendable {
        var id: String
        var name: String
        var current: String?
        var lastSeen: Date
        var left: Bool
        var solved: Int
        var cells: [String: Cell]
    }

    var room: String
    var joining: Bool
    var joinCommand: String?
    var now: Date
    var thresholds: RoomState.Thresholds
    var exercises: [Exercise]
    var learners: [Learner]

    init(
        state: RoomState, room: String, joining: Bool, joinCommand: String?, now: Date,
        thresholds: RoomState.Thresholds
    ) {
        self.room = room
        self.joining = joining
        self.joinCommand = joinCommand
        self.now = now
        self.thresholds = thresholds
        let learners = state.orderedLearners
        exercises = state.exercises.map { exercise in
            let cells = learners.compactMap { $0.cells[exercise.id] }
            let passed = cells.filter { $0.firstPass != nil }
            var counts: [String: Int] = [:]
            for cell in cells { for line in cell.failuresSeen { counts[line, default: 0] += 1 } }
            let common = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5).map {
                Failure(text: $0.key, learners: $0.value)
            }
            return Exercise(
                id: exercise.id, title: exercise.title, solved: passed.count, started: cells.count,
                medianAttempts: Self.median(passed.map { Double($0.failures.saturatingAdd(1)) }),
                medianSecondsToGreen: Self.median(
                    passed.compactMap { cell in cell.started.map { cell.firstPass!.timeIntervalSince($0) } }),
                hints: cells.map(\.hints).reduce(0) { $0.saturatingAdd($1) }, commonFailures: Array(common))
        }
        self.learners = learners.map { learner in
            Learner(
                id: learner.id, name: learner.name, current: learner.current, lastSeen: learner.lastSeen,
                left: learner.left, solved: learner.cells.values.count { $0.firstPass != nil },
                cells: learner.cells.mapValues { cell in
                    Cell(
                        state: cell.state(now: now, thresholds: thresholds), attempts: cell.attempts, hints: cell.hints,
                        verdict: cell.lastVerdict?.rawValue, failure: cell.firstPass == nil ? cell.lastFailure : nil,
                        caught: cell.caught, mutants: cell.mutants)
                })
        }
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
