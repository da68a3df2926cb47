import Foundation
import KataBasics

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
                Failure(text: Self.clipped($0.key), learners: $0.value)
            }
            return Exercise(
                id: exercise.id, title: exercise.title, solved: passed.count, started: cells.count,
                medianAttempts: Self.median(passed.map { Double($0.failures.saturatingAdd(1)) }),
                medianSecondsToGreen: Self.median(
                    passed.compactMap { cell in cell.started.map { cell.firstPass!.timeIntervalSince($0) } }),
                hints: cells.map(\.hints).reduce(0) { $0.saturatingAdd($1) }, commonFailures: Array(common))
        }
        let order = Dictionary(state.exercises.enumerated().map { ($1.id, $0) }) { first, _ in first }
        self.learners = learners.map { learner in
            // Failures in the workbook's order, until the learner's share of failure text is spent: the rest of
            // their row keeps its colours and counts (and the timeline keeps every failure).
            var failureBytes = 0
            var cells: [String: Cell] = [:]
            for (exercise, cell) in learner.cells.sorted(by: {
                (order[$0.key] ?? .max, $0.key) < (order[$1.key] ?? .max, $1.key)
            }) {
                var failure = cell.firstPass == nil ? cell.lastFailure.map(Self.clipped) : nil
                if let text = failure {
                    failureBytes += text.utf8.count
                    if failureBytes > Self.failureBytesPerLearner { failure = nil }
                }
                cells[exercise] = Cell(
                    state: cell.state(now: now, thresholds: thresholds), attempts: cell.attempts, hints: cell.hints,
                    verdict: cell.lastVerdict?.rawValue, failure: failure, caught: cell.caught, mutants: cell.mutants)
            }
            return Learner(
                id: learner.id, name: learner.name, current: learner.current, lastSeen: learner.lastSeen,
                left: learner.left, solved: learner.cells.values.count { $0.firstPass != nil }, cells: cells)
        }
    }

    /// The longest failure the snapshot carries, in characters: what a learner's kata sends (200) and the mark that
    /// says more was cut. The dashboard refetches the snapshot on every change, so each text in it is bounded.
    static let failureCharacters = 200
    /// The most failure text one learner's row carries, in bytes.
    static let failureBytesPerLearner = 8_192

    /// `text` cut to ``failureCharacters``.
    static func clipped(_ text: String) -> String {
        text.count <= failureCharacters ? text : text.prefix(failureCharacters - 1) + "…"
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
