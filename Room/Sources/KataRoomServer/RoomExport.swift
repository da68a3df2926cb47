import Foundation
import KataBasics
import KataRoomWire

/// `kata room export`: one row per learner and exercise they touched, as CSV or JSON.
public struct RoomExport: Sendable {
    /// One learner's record of one exercise.
    public struct Row: Codable, Sendable, Equatable {
        public var learner: String
        public var exercise: String
        /// not-started, red, green or stuck, when exported.
        public var state: String
        public var checks: Int
        /// Failing checks before the first pass (all of them when it never passed).
        public var failingChecks: Int
        public var started: Date?
        public var firstPass: Date?
        public var secondsToGreen: Double?
        public var hints: Int
        public var redBeforeGreen: Bool?
        public var lastVerdict: String?
        public var caught: Int?
        public var mutants: Int?
        public var firstFailure: String?
    }

    public let rows: [Row]

    /// The rows of `state` at `now`.
    public init(state: RoomState, now: Date, thresholds: RoomState.Thresholds) {
        var rows: [Row] = []
        for learner in state.orderedLearners {
            for exercise in state.exercises {
                guard let cell = learner.cells[exercise.id] else { continue }
                rows.append(
                    Row(
                        learner: learner.name, exercise: exercise.id,
                        state: cell.state(now: now, thresholds: thresholds),
                        checks: cell.attempts, failingChecks: cell.failures, started: cell.started,
                        firstPass: cell.firstPass,
                        secondsToGreen: cell.firstPass.flatMap { pass in
                            cell.started.map { (pass.timeIntervalSince($0) * 10).rounded() / 10 }
                        }, hints: cell.hints, redBeforeGreen: cell.redBeforeGreen,
                        lastVerdict: cell.lastVerdict?.rawValue, caught: cell.caught, mutants: cell.mutants,
                        firstFailure: cell.firstFailure))
            }
        }
        self.rows = rows
    }

    /// The rows as CSV with a header line; every cell neutralised and its control characters shown (``CSV``).
    public func csv() -> String {
        var lines = [
            "learner,exercise,state,checks,failing_checks,started,first_pass,seconds_to_green,hints,red_before_green,last_verdict,caught,mutants,first_failure"
        ]
        for row in rows {
            let fields: [String] = [
                row.learner, row.exercise, row.state, String(row.checks), String(row.failingChecks),
                row.started.map(RoomWire.formatDate) ?? "", row.firstPass.map(RoomWire.formatDate) ?? "",
                row.secondsToGreen.map { String($0) } ?? "", String(row.hints),
                row.redBeforeGreen.map { String($0) } ?? "", row.lastVerdict ?? "", row.caught.map(String.init) ?? "",
                row.mutants.map(String.init) ?? "", row.firstFailure ?? "",
            ]
            lines.append(fields.map(CSV.field).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rows as a JSON array, with no control character a terminal would obey (they are JSON escapes instead).
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(rows), as: UTF8.self).jsonWithVisibleControls + "\n"
    }
}
