import Foundation
import KataBasics
import KataRoomWire

/// Everything the dashboard shows, kept in memory and updated by each event the room stores. Built again from
/// the database when the server starts, so it never holds anything the database does not.
public struct RoomState: Sendable {
    /// When a learner counts as stuck on an exercise.
    public struct Thresholds: Codable, Sendable, Equatable {
        /// Failing checks without a pass.
        public var checks: Int
        /// Minutes on the exercise (from opening it or its first check) without a pass.
        public var minutes: Double

        public init(checks: Int = 5, minutes: Double = 10) {
            self.checks = checks
            self.minutes = minutes
        }
    }

    /// One learner's record of one exercise.
    public struct Cell: Sendable, Equatable {
        public var opened: Date?
        public var attempts = 0
        public var failures = 0
        public var firstCheck: Date?
        public var lastCheck: Date?
        public var firstPass: Date?
        public var lastVerdict: CheckVerdict?
        public var hints = 0
        public var redBeforeGreen: Bool?
        /// The first failure of the first failing check, and of the latest check.
        public var firstFailure: String?
        public var lastFailure: String?
        public var caught: Int?
        public var mutants: Int?
        /// The distinct first failures of its failing checks (at most ten), for the room's common failures.
        public var failuresSeen: [String] = []

        /// When work on the exercise started: opened, or first checked.
        public var started: Date? { [opened, firstCheck].compactMap { $0 }.min() }

        /// Not started, red, green or stuck, at `now`.
        public func state(now: Date, thresholds: Thresholds) -> String {
            if firstPass != nil { return "green" }
            if attempts == 0 && opened == nil { return "not-started" }
            if failures >= thresholds.checks { return "stuck" }
            if let started, now.timeIntervalSince(started) >= thresholds.minutes * 60 { return "stuck" }
            return attempts == 0 ? "not-started" : "red"
        }
    }

    /// One learner.
    public struct Learner: Sendable {
        public var id: String
        public var name: String
        public var joined: Date
        public var lastSeen: Date
        public var current: String?
        public var left = false
        public var cells: [String: Cell] = [:]
        public var events = 0
    }

    public var learners: [String: Learner] = [:]
    /// Exercise ids in order: the instructor's workbook's, or, in a room started without a workbook, those the
    /// learners reported, in the order they first did.
    public var exercises: [(id: String, title: String)]
    private var known: Set<String>
    /// Whether the room knows its exercises from the instructor's workbook: then it takes no event for another.
    public let hasWorkbook: Bool

    /// The most exercise ids a room without a workbook takes: each one is a column of the dashboard and of every
    /// learner's record, so a learner reporting made-up ids must not grow them without end. The bundled workbook
    /// has under 100 exercises.
    public static let maxExercisesWithoutWorkbook = 500

    /// A room for the exercises of the instructor's workbook (or none, when it was started without one).
    public init(exercises: [(id: String, title: String)]) {
        self.exercises = exercises
        known = Set(exercises.map(\.id))
        hasWorkbook = !exercises.isEmpty
    }

    /// Why the room will not take an event for `exercise` (the field and what to do), or nil, having made room
    /// for it: an exercise the instructor's workbook does not have, or, without a workbook, one more exercise
    /// than ``maxExercisesWithoutWorkbook``.
    public mutating func admit(exercise: String?) -> String? {
        guard let exercise, !known.contains(exercise) else { return nil }
        if hasWorkbook {
            return "exercise: '\(exercise)' is not an exercise of this room's workbook; "
                + "update your workbook to the instructor's, or ask the instructor which one to use"
        }
        guard exercises.count < Self.maxExercisesWithoutWorkbook else {
            return "exercise: this room already shows \(Self.maxExercisesWithoutWorkbook) exercises, the most it takes "
                + "without a workbook; the instructor can start it in the workbook's folder (or with --workbook)"
        }
        known.insert(exercise)
        exercises.append((exercise, exercise))
        return nil
    }

    /// Adds a learner (at join, or when rebuilding from the database).
    public mutating func addLearner(id: String, name: String, joined: Date) {
        if learners[id] == nil {
            learners[id] = Learner(id: id, name: name, joined: joined, lastSeen: joined)
        }
    }

    /// Applies one stored event (its time already corrected to the server's clock), unless the room does not take
    /// its exercise (``admit(exercise:)``).
    public mutating func apply(_ event: RoomEvent, learner id: String) {
        guard var learner = learners[id], admit(exercise: event.exercise) == nil else { return }
        learner.events = learner.events.saturatingAdd(1)
        learner.lastSeen = max(learner.lastSeen, event.time)
        switch event.kind {
        case .join:
            learner.left = false
        case .leave:
            learner.left = true
        case .next:
            if let exercise = event.exercise {
                learner.current = exercise
                var cell = learner.cells[exercise] ?? Cell()
                if cell.opened == nil || event.time < cell.opened! { cell.opened = event.time }
                learner.cells[exercise] = cell
            }
        case .hint:
            if let exercise = event.exercise {
                var cell = learner.cells[exercise] ?? Cell()
                cell.hints = max(cell.hints.saturatingAdd(1), event.hints ?? 0)
                learner.cells[exercise] = cell
            }
        case .check:
            if let exercise = event.exercise, let check = event.check {
                learner.current = exercise
                var cell = learner.cells[exercise] ?? Cell()
                cell.attempts = cell.attempts.saturatingAdd(1)
                if cell.firstCheck == nil || event.time < cell.firstCheck! { cell.firstCheck = event.time }
                if cell.lastCheck == nil || event.time >= cell.lastCheck! {
                    cell.lastCheck = event.time
                    cell.lastVerdict = check.verdict
                    cell.lastFailure = check.firstFailure
                }
                if check.verdict == .passed {
                    if cell.firstPass == nil || event.time < cell.firstPass! { cell.firstPass = event.time }
                    cell.redBeforeGreen = check.redBeforeGreen ?? (cell.failures > 0)
                } else {
                    if cell.firstPass == nil { cell.failures = cell.failures.saturatingAdd(1) }
                    if cell.firstFailure == nil { cell.firstFailure = check.firstFailure }
                    if let line = check.firstFailure, cell.failuresSeen.count < 10, !cell.failuresSeen.contains(line) {
                        cell.failuresSeen.append(line)
                    }
                }
                if let caught = check.caught { cell.caught = max(cell.caught ?? 0, caught) }
                if let mutants = check.mutants { cell.mutants = mutants }
                learner.cells[exercise] = cell
            }
        }
        learners[id] = learner
    }

    /// Learners in the order they joined.
    public var orderedLearners: [Learner] {
        learners.values.sorted { ($0.joined, $0.id) < ($1.joined, $1.id) }
    }
}

extension Int {
    /// `self + other`, held at `Int.max` (or `Int.min`) instead of trapping: a count in the room never stops the
    /// server, whatever a stored event says.
    func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }
}
