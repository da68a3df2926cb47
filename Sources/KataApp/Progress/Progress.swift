import Foundation
import KataBasics
import KataRoomWire

/// What a learner has done, per exercise. Stored as `.kata/progress.json`.
public struct Progress: Codable, Sendable, Equatable {
    /// The schema version this build of kata reads and writes.
    public static let currentVersion = 1

    /// Schema version of the file.
    public var version: Int
    /// Progress per exercise id.
    public var exercises: [String: ExerciseProgress]
    /// The exercise the learner last chose with `kata next <id>`; the current exercise is the first unsolved
    /// one from there on. Nil until the learner chooses one.
    public var chosen: String?

    /// Empty progress.
    public init() {
        version = Self.currentVersion
        exercises = [:]
    }

    /// The progress of one exercise (empty when it was never touched).
    public subscript(id: String) -> ExerciseProgress {
        get { exercises[id] ?? ExerciseProgress() }
        set { exercises[id] = newValue }
    }
}

/// One exercise's record.
public struct ExerciseProgress: Codable, Sendable, Equatable {
    /// How many times the exercise was checked.
    public var attempts: Int = 0
    /// When it was first checked.
    public var firstAttempt: Date?
    /// When it was last checked.
    public var lastAttempt: Date?
    /// When it first passed.
    public var solved: Date?
    /// How many hints `kata hint` has shown.
    public var hintsShown: Int = 0
    /// How many checks there had been when `kata reset` last put the starter back (a count, not a time: a reset
    /// and a check can fall in the same second).
    public var resetAfterAttempts: Int?
    /// Set when the progress file was changed outside kata: the recorded pass is not trusted until the next one.
    public var unverified: Bool?
    /// The checks, oldest first: the first ``keptFromStart``, the first pass, and the last ``keptAtEnd`` of them,
    /// so the record shows how the learner got to green without growing with every save in `kata watch`.
    /// ``attempts`` counts them all.
    public var checks: [CheckRecord] = []

    /// How many of the first checks are always kept.
    public static let keptFromStart = 20
    /// How many of the latest checks are kept.
    public static let keptAtEnd = 30

    /// Creates an empty record.
    public init() {}

    /// Solved, attempted, or not started.
    public var state: ExerciseState {
        if solved != nil && unverified != true { return .solved }
        return attempts > 0 ? .attempted : .notStarted
    }

    /// For a solved exercise whose file no longer passes, as far as kata knows: reset to the starter after the
    /// last check, or checked without passing since it was solved.
    public var solvedBefore: SolvedBefore? {
        guard solved != nil else { return nil }
        if resetAfterAttempts == attempts { return .reset }
        if let last = checks.last, last.verdict != .passed { return .lastCheckFailed }
        return nil
    }

    /// Why a solved exercise is only "solved before".
    public enum SolvedBefore: Sendable {
        case reset, lastCheckFailed
    }

    /// Records one check and its verdict.
    public mutating func record(_ check: CheckRecord) {
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
public enum ExerciseState: String, Sendable {
    case solved, attempted
    case notStarted = "not started"
}

/// The outcome of one `kata check`.
public struct CheckRecord: Codable, Sendable, Equatable {
    /// How a check ended (the room is told the same word).
    public typealias Verdict = CheckVerdict

    /// When the check ran.
    public var time: Date
    /// Its verdict.
    public var verdict: Verdict
    /// For specify exercises: mutants caught.
    public var caught: Int?
    /// For specify exercises: mutants in all.
    public var mutants: Int?
    /// Seconds the check took.
    public var duration: Double

    /// Creates a record.
    public init(time: Date, verdict: Verdict, caught: Int? = nil, mutants: Int? = nil, duration: Double) {
        self.time = time
        self.verdict = verdict
        self.caught = caught
        self.mutants = mutants
        self.duration = duration
    }
}
