import Foundation
import GRDB
import KataBasics
import KataRoomWire

/// The room on disk: `.kata/room/room.sqlite`, SQLite in WAL mode through GRDB. An event is acknowledged only
/// after the transaction that stored it has committed, so a crash of the server (even `kill -9`) loses no
/// acknowledged event; `synchronous = NORMAL` leaves only a power cut of the whole laptop able to drop the
/// last few commits.
public final class RoomStore: Sendable {
    let pool: DatabasePool
    /// The database file.
    public let path: String

    /// Opens (creating when needed) the room database at `path`.
    public init(path: String) throws {
        self.path = path
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        configuration.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("room-1") { db in
            try db.create(table: "settings") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
            try db.create(table: "learners") { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull().unique()
                table.column("joined", .datetime).notNull()
                table.column("shareCode", .boolean).notNull()
            }
            try db.create(table: "tokens") { table in
                table.primaryKey("hash", .text)
                table.column("learner", .text).notNull().references("learners")
                table.column("created", .datetime).notNull()
            }
            try db.create(table: "events") { table in
                table.autoIncrementedPrimaryKey("seq")
                table.column("learner", .text).notNull().references("learners")
                table.column("id", .text).notNull()
                table.column("kind", .text).notNull()
                table.column("exercise", .text)
                table.column("time", .datetime).notNull()
                table.column("received", .datetime).notNull()
                table.column("body", .text).notNull()
                table.uniqueKey(["learner", "id"])
            }
        }
        // An event the server cannot apply when it rebuilds the room (its body no longer reads as an event, or
        // breaks the event rules) is set aside: kept in its row, with the reason, and left out of the room.
        migrator.registerMigration("room-2") { db in
            try db.alter(table: "events") { table in table.add(column: "setAside", .text) }
        }
        try migrator.migrate(pool)
    }

    // MARK: Settings

    /// A stored setting (the join code, whether joining is open, the instructor token's hash).
    public func setting(_ key: String) throws -> String? {
        try pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM settings WHERE key = ?", arguments: [key])
        }
    }

    /// Stores a setting.
    public func setSetting(_ key: String, _ value: String) throws {
        try pool.write { db in
            try db.execute(
                sql:
                    "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [key, value])
        }
    }

    // MARK: Learners

    /// A learner as stored.
    public struct StoredLearner: Sendable, Equatable {
        public var id: String
        public var name: String
        public var joined: Date
    }

    /// Why a join was refused by the store.
    public enum JoinRefusal: Error, Equatable {
        case nameTaken
        /// The room already holds `maxLearners` learners, and this name is not one of them.
        case roomFull
    }

    /// What a join did: the learner, and the token hashes it retired (a learner keeps at most
    /// ``maxTokensPerLearner``; rejoining past that retires the oldest).
    public struct Joined: Sendable, Equatable {
        public var learner: StoredLearner
        public var retired: [String]
    }

    /// The most tokens one learner holds at once: a GitHub Classroom repository joins again on every push, and each
    /// join would otherwise add a row for good.
    public static let maxTokensPerLearner = 20

    /// Adds a learner and a token for them; with `rejoin`, a learner of the same name gets a new token instead. A new
    /// name is refused when the room already holds `maxLearners`.
    public func join(
        name: String, shareCode: Bool, tokenHash: String, rejoin: Bool, maxLearners: Int = .max, now: Date
    ) async throws -> Joined {
        try await pool.write { db in
            if let row = try Row.fetchOne(db, sql: "SELECT id, joined FROM learners WHERE name = ?", arguments: [name])
            {
                guard rejoin else { throw JoinRefusal.nameTaken }
                let id: String = row["id"]
                try db.execute(
                    sql: "INSERT INTO tokens (hash, learner, created) VALUES (?, ?, ?)",
                    arguments: [tokenHash, id, now])
                let retired = try Self.retireTokens(db, of: id)
                return Joined(learner: StoredLearner(id: id, name: name, joined: row["joined"]), retired: retired)
            }
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM learners") ?? 0 < maxLearners else {
                throw JoinRefusal.roomFull
            }
            let id = String(UUID().uuidString.lowercased().prefix(8))
            try db.execute(
                sql: "INSERT INTO learners (id, name, joined, shareCode) VALUES (?, ?, ?, ?)",
                arguments: [id, name, now, shareCode])
            try db.execute(
                sql: "INSERT INTO tokens (hash, learner, created) VALUES (?, ?, ?)", arguments: [tokenHash, id, now])
            return Joined(learner: StoredLearner(id: id, name: name, joined: now), retired: [])
        }
    }

    /// A token for `name` that the instructor hands out (`kata room token`): the learner is made when the room does
    /// not have them yet, with no join code and whatever the room's joining and rejoining settings. A GitHub
    /// Classroom repository keeps it as its own secret, so it reports as itself and as no other.
    public func issue(name: String, tokenHash: String, now: Date) async throws -> Joined {
        try await pool.write { db in
            let id: String
            let joined: Date
            if let row = try Row.fetchOne(db, sql: "SELECT id, joined FROM learners WHERE name = ?", arguments: [name])
            {
                id = row["id"]
                joined = row["joined"]
            } else {
                id = String(UUID().uuidString.lowercased().prefix(8))
                joined = now
                try db.execute(
                    sql: "INSERT INTO learners (id, name, joined, shareCode) VALUES (?, ?, ?, ?)",
                    arguments: [id, name, now, false])
            }
            try db.execute(
                sql: "INSERT INTO tokens (hash, learner, created) VALUES (?, ?, ?)", arguments: [tokenHash, id, now])
            let retired = try Self.retireTokens(db, of: id)
            return Joined(learner: StoredLearner(id: id, name: name, joined: joined), retired: retired)
        }
    }

    /// The learner a token hash belongs to, read from the database: for a token issued while the server runs.
    public func learner(forTokenHash hash: String) throws -> StoredLearner? {
        try pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT learners.id, learners.name, learners.joined FROM tokens
                    JOIN learners ON learners.id = tokens.learner WHERE tokens.hash = ?
                    """, arguments: [hash]
            ).map { StoredLearner(id: $0["id"], name: $0["name"], joined: $0["joined"]) }
        }
    }

    /// Deletes the learner's tokens past the newest ``maxTokensPerLearner``; returns their hashes.
    private static func retireTokens(_ db: Database, of learner: String) throws -> [String] {
        let retired = try String.fetchAll(
            db,
            sql: "SELECT hash FROM tokens WHERE learner = ? ORDER BY created DESC, rowid DESC LIMIT -1 OFFSET ?",
            arguments: [learner, maxTokensPerLearner])
        for hash in retired { try db.execute(sql: "DELETE FROM tokens WHERE hash = ?", arguments: [hash]) }
        return retired
    }

    /// What each learner's stored events take, in bytes as the room counts them against its budgets
    /// (``RoomServer/Settings/learnerStorage``): each event's JSON and ``rowBytes`` for its row.
    public func storedBytes() throws -> [String: Int] {
        try pool.read { db in
            var usage: [String: Int] = [:]
            for row in try Row.fetchAll(
                db,
                sql:
                    "SELECT learner, SUM(LENGTH(CAST(body AS BLOB))) + COUNT(*) * ? AS bytes FROM events GROUP BY learner",
                arguments: [Self.rowBytes])
            {
                usage[row["learner"]] = row["bytes"]
            }
            return usage
        }
    }

    /// What a stored event costs beyond its JSON: its row's other columns and its index entries, roughly.
    public static let rowBytes = 256

    /// Every learner, in the order they joined.
    public func learners() throws -> [StoredLearner] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, joined FROM learners ORDER BY joined, id").map {
                StoredLearner(id: $0["id"], name: $0["name"], joined: $0["joined"])
            }
        }
    }

    /// Token hash → learner id, for every token.
    public func tokens() throws -> [String: String] {
        try pool.read { db in
            var tokens: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT hash, learner FROM tokens") {
                tokens[row["hash"]] = row["learner"]
            }
            return tokens
        }
    }

    // MARK: Events

    /// Stores a learner's events in one transaction; returns, for each, whether it was new (false: a re-send).
    public func insert(_ events: [RoomEvent], learner: String, received: Date) async throws -> [Bool] {
        let rows = events.map { event in
            (event, String(decoding: (try? RoomWire.encoder.encode(event)) ?? Data("{}".utf8), as: UTF8.self))
        }
        return try await pool.write { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT OR IGNORE INTO events (learner, id, kind, exercise, time, received, body)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """)
            var inserted: [Bool] = []
            for (event, body) in rows {
                try statement.execute(arguments: [
                    learner, event.id, event.kind.rawValue, event.exercise, event.time, received, body,
                ])
                inserted.append(db.changesCount > 0)
            }
            return inserted
        }
    }

    /// One learner's events, oldest first.
    public func events(of learner: String) throws -> [RoomEvent] {
        try pool.read { db in
            try String.fetchAll(
                db, sql: "SELECT body FROM events WHERE learner = ? AND setAside IS NULL ORDER BY time, seq",
                arguments: [learner]
            ).compactMap { try? RoomWire.decoder.decode(RoomEvent.self, from: Data($0.utf8)) }
        }
    }

    /// How many events are stored.
    public func eventCount() throws -> Int {
        try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events") ?? 0 }
    }

    /// Rebuilds the room's state from the database. A stored event that cannot be applied (its body is not an
    /// event, or breaks ``EventRules``) is set aside: its row is kept, marked with the reason, and `log` says so.
    /// An event for an exercise the room does not take (``RoomState/admit(exercise:)``) is left out and counted.
    public func state(exercises: [(id: String, title: String)], log: (String) -> Void = { _ in }) throws -> RoomState {
        var state = RoomState(exercises: exercises)
        for learner in try learners() { state.addLearner(id: learner.id, name: learner.name, joined: learner.joined) }
        var setAside: [(seq: Int64, reason: String)] = []
        var leftOut = 0
        try pool.read { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT seq, learner, body FROM events WHERE setAside IS NULL ORDER BY seq")
            while let row = try rows.next() {
                switch StoredEvent(row) {
                case .event(let learner, let event):
                    guard state.admit(exercise: event.exercise) == nil else {
                        leftOut += 1
                        continue
                    }
                    state.apply(event, learner: learner)
                case .unusable(let seq, let reason):
                    setAside.append((seq, reason))
                    log(
                        "stored event \(seq) was set aside (\(reason)); its row is kept in the events table, marked setAside"
                    )
                }
            }
        }
        // Which exercises a room takes depends on the workbook it was started with, so these stay as they are,
        // for a start with another workbook.
        if leftOut > 0 {
            log(
                "\(leftOut) stored event\(leftOut == 1 ? " names an exercise" : "s name exercises") that "
                    + (state.hasWorkbook
                        ? "this workbook does not have" : "go past the most a room without a workbook shows")
                    + "; left out of the room (kept in the database)")
        }
        if !setAside.isEmpty {
            try pool.write { db in
                for (seq, reason) in setAside {
                    try db.execute(sql: "UPDATE events SET setAside = ? WHERE seq = ?", arguments: [reason, seq])
                }
            }
        }
        return state
    }

    /// How many stored events have been set aside.
    public func setAsideCount() throws -> Int {
        try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM events WHERE setAside IS NOT NULL") ?? 0 }
    }
}
