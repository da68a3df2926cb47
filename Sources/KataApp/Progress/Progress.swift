import Foundation
import KataBasics
import KataRoomWire

/// What a learner has done, per exercise. Stored as `.kata/progress.json`.
package struct Progress: Codable, Sendable, Equatable {
    /// The schema version this build of kata reads and writes.
    static let currentVersion = 1

    /// Schema version of the file.
    package var version: Int
    /// Progress per exercise id.
    package var exercises: [String: ExerciseProgress]
    /// The exercise the learner last chose with `kata next <id>`; the current exercise is the first unsolved
    /// one from there on. Nil until the learner chooses one.
    package var chosen: String?

    /// Empty progress.
    package init() {
        version = Self.currentVersion
        exercises = [:]
    }

    /// The progress of one exercise (empty when it was never touched).
    package subscript(id: String) -> ExerciseProgress {
        get { exercises[id] ?? ExerciseProgress() }
        set { exercises[id] = newValue }
    }
}

/// One exercise's record.
package struct ExerciseProgress: Codable, Sendable, Equatable {
    /// How many times the exercise was checked.
    package var attempts: Int = 0
    /// When it was first checked.
    package var firstAttempt: Date?
    /// When it was last checked.
    var lastAttempt: Date?
    /// When it first passed.
    package var solved: Date?
    /// How many hints `kata hint` has shown.
    package var hintsShown: Int = 0
    /// How many checks there had been when `kata reset` last put the starter back (a count, not a time: a reset
    /// and a check can fall in the same second).
    var resetAfterAttempts: Int?
    /// Set when the progress file was changed outside kata: the recorded pass is not trusted until the next one.
    package var unverified: Bool?
    /// The checks, oldest first: the first ``keptFromStart``, the first pass, and the last ``keptAtEnd`` of them,
    /// so the record shows how the learner got to green without growing with every save in `kata watch`.
    /// ``attempts`` counts them all.
    package var checks: [CheckRecord] = []

    /// How many of the first checks are always kept.
    package static let keptFromStart = 20
    /// How many of the latest checks are kept.
    package static let keptAtEnd = 30

    /// Creates an empty record.
    package init() {}

    /// Solved, attempted, or not started.
    package var state: ExerciseState {
        if solved != nil && unverified != true { return .solved }
        return attempts > 0 ? .attempted : .notStarted
    }

    /// For a solved exercise whose file no longer passes, as far as kata knows: reset to the starter after the
    /// last check, or checked without passing since it was solved.
    package var solvedBefore: SolvedBefore? {
        guard solved != nil else { return nil }
        if resetAfterAttempts == attempts { return .reset }
        if let last = checks.last, last.verdict != .passed { return .lastCheckFailed }
        return nil
    }

    /// Why a solved exercise is only "solved before".
    package enum SolvedBefore: Sendable {
        case reset, lastCheckFailed
    }

    /// Records one check and its verdict.
    package mutating func record(_ check: CheckRecord) {
        attempts += 1
        if firstAttempt == nil { firstAttempt = check.time }
        lastAttempt = check.time
        if check.verdict == .passed {
            if solved == nil { solved = check.time }
            unverified = nil
        }
        checks.append(check)
        if checks.count > Self.keptFromStart + Self.keptAtEnd + (solved == nil ? 0 : 1) {
            // Drop the oldest check of the middle, but never the first pass.
            let firstPass = checks.firstIndex { $0.verdict == .passed }
            checks.remove(at: firstPass == Self.keptFromStart ? Self.keptFromStart + 1 : Self.keptFromStart)
        }
    }
}

/// Where a learner stands with an exercise.
package enum ExerciseState: String, Sendable {
    case solved, attempted
    case notStarted = "not started"
}

/// The outcome of one `kata check`.
package struct CheckRecord: Codable, Sendable, Equatable {
    /// How a check ended (the room is told the same word).
    package typealias Verdict = CheckVerdict

    /// When the check ran.
    package var time: Date
    /// Its verdict.
    package var verdict: Verdict
    /// For specify exercises: mutants caught.
    package var caught: Int?
    /// For specify exercises: mutants in all.
    package var mutants: Int?
    /// Seconds the check took.
    package var duration: Double

    /// Creates a record.
    package init(time: Date, verdict: Verdict, caught: Int? = nil, mutants: Int? = nil, duration: Double) {
        self.time = time
        self.verdict = verdict
        self.caught = caught
        self.mutants = mutants
        self.duration = duration
    }
}
