import Foundation

/// One thing a learner did that the room hears about: joining, opening an exercise, a check, a hint.
/// Sent as JSON; the server ingests each ``id`` once, however often the outbox re-sends it.
public struct RoomEvent: Codable, Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case join, next, check, hint, leave
    }

    /// A check's outcome, without the learner's code.
    public struct Check: Codable, Sendable, Equatable {
        /// `passed`, `failed`, `compile-error` or `error`, as in the progress file.
        public var verdict: CheckVerdict
        /// Seconds the check took.
        public var duration: Double
        /// Examples that ran.
        public var examples: Int
        /// Examples that failed (or crashed, or timed out).
        public var failures: Int
        /// The first failure or compile error, on one line, with paths and positions taken out.
        public var firstFailure: String?
        /// Specify exercises: mutants caught and mutants in all.
        public var caught: Int?
        public var mutants: Int?
        /// Whether this exercise had a failing check before its first pass (red before green).
        public var redBeforeGreen: Bool?
        /// Whether the verdict came from the cache (the file had not changed).
        public var cached: Bool

        /// Creates a check summary.
        public init(
            verdict: CheckVerdict, duration: Double, examples: Int, failures: Int, firstFailure: String? = nil,
            caught: Int? = nil, mutants: Int? = nil, redBeforeGreen: Bool? = nil, cached: Bool = false
        ) {
            self.verdict = verdict
            self.duration = duration
            self.examples = examples
            self.failures = failures
            self.firstFailure = firstFailure
            self.caught = caught
            self.mutants = mutants
            self.redBeforeGreen = redBeforeGreen
            self.cached = cached
        }
    }

    /// Unique per event (a UUID), so a re-sent event is stored once.
    public var id: String
    public var kind: Kind
    /// When it happened, on the learner's clock (the server corrects for the clock's offset).
    public var time: Date
    /// The exercise, for next, check and hint.
    public var exercise: String?
    /// For a check.
    public var check: Check?
    /// For a hint: how many of the exercise's hints the learner has now seen.
    public var hints: Int?
    /// The learner's file, only when they joined with `--share-code`.
    public var code: String?

    /// Creates an event with a fresh id.
    public init(
        kind: Kind, time: Date = Date(), exercise: String? = nil, check: Check? = nil, hints: Int? = nil,
        code: String? = nil, id: String = UUID().uuidString.lowercased()
    ) {
        self.id = id
        self.kind = kind
        self.time = time
        self.exercise = exercise
        self.check = check
        self.hints = hints
        self.code = code
    }
}

/// The JSON the learner side and the room server exchange.
public enum RoomWire {
    /// `POST /api/join`.
    public struct JoinRequest: Codable, Sendable {
        public var code: String
        public var name: String
        public var shareCode: Bool
        /// Join again under a name already in the room (a GitHub Classroom run; the server must allow it).
        public var rejoin: Bool?

        public init(code: String, name: String, shareCode: Bool, rejoin: Bool? = nil) {
            self.code = code
            self.name = name
            self.shareCode = shareCode
            self.rejoin = rejoin
        }
    }

    /// The answer to a join: the learner's id and secret token.
    public struct JoinResponse: Codable, Sendable {
        public var learner: String
        public var token: String
        public var room: String

        public init(learner: String, token: String, room: String) {
            self.learner = learner
            self.token = token
            self.room = room
        }
    }

    /// `POST /api/events`: events from the outbox, oldest first.
    public struct EventBatch: Codable, Sendable {
        /// The learner's clock when the batch was sent, so the server can correct event times.
        public var sent: Date
        public var events: [RoomEvent]

        public init(sent: Date, events: [RoomEvent]) {
            self.sent = sent
            self.events = events
        }
    }

    /// The answer to a batch: the ids now stored (new or already there); the outbox drops them, and the
    /// rejected ones too, which no re-send could fix.
    public struct EventAck: Codable, Sendable {
        /// An event the server will never take, and why.
        public struct Rejection: Codable, Sendable, Equatable {
            public var id: String
            public var error: String

            public init(id: String, error: String) {
                self.id = id
                self.error = error
            }
        }

        public var acknowledged: [String]
        /// How many of them the server had already (a re-send).
        public var duplicates: Int
        public var rejected: [Rejection]

        public init(acknowledged: [String], duplicates: Int, rejected: [Rejection] = []) {
            self.acknowledged = acknowledged
            self.duplicates = duplicates
            self.rejected = rejected
        }
    }

    /// `GET /api/me`: the learner a token belongs to, and the room's name (for `kata join --token`).
    public struct Me: Codable, Sendable {
        public var learner: String
        public var name: String
        public var events: Int
        public var solved: Int
        /// The room's name; absent from an older server's answer.
        public var room: String?

        public init(learner: String, name: String, events: Int, solved: Int, room: String?) {
            self.learner = learner
            self.name = name
            self.events = events
            self.solved = solved
            self.room = room
        }
    }

    /// Every 4xx and 5xx answer: what was wrong and what to do.
    public struct Problem: Codable, Sendable {
        public var error: String

        public init(error: String) { self.error = error }
    }

    /// Dates as ISO 8601 with fractional seconds, both ways.
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Decodes what ``encoder`` writes (and plain ISO 8601 without fractions).
    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date such as 2026-11-23T09:30:00Z")
            }
            return date
        }
        return decoder
    }()

    /// `2026-11-23T09:30:00.123Z`.
    public static func formatDate(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }

    /// Reads an ISO 8601 date with or without fractional seconds.
    public static func parseDate(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }
}
