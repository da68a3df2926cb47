import Foundation
import Hummingbird
import KataBasics
import KataRoomWire
import Logging
import NIOCore

/// The classroom room server: learners post events, the instructor's dashboard shows the room live.
public struct RoomServer: Sendable {
    /// How the server runs.
    public struct Settings: Sendable {
        public var host = "0.0.0.0"
        public var port = 8123
        public var roomName = "kata room"
        public var thresholds = RoomState.Thresholds()
        /// Let a name join again and get a new token (GitHub Classroom runs join on every push).
        public var allowRejoin = false
        /// Largest request body, in bytes.
        public var maxBody = 262_144
        /// Requests a second per learner token, on average; bursts up to three times as many.
        public var rate = 20.0
        /// Most events in one request.
        public var maxBatch = 500
        /// Most connections open at once (fewer when the file-descriptor limit leaves less room).
        public var maxConnections = 1_000
        /// Seconds a connection may wait before its request's head has arrived (from opening, or from the answer
        /// to its previous request), or between two parts of a body; then it is closed (Hummingbird's idle timeout).
        public var idleTimeout: Int64 = 15
        /// Seconds a request's body may take to arrive after its head; then the answer is 408. Shorter than the idle
        /// timeout, so a stalled body is answered before the connection is dropped.
        public var bodyTimeout: Int64 = 10
        /// How the instructor types kata (`./kata`, `kata`), for the commands the dashboard and the errors name.
        public var kataCommand = "kata"
        /// Most learners in the room: a new name past it is refused (rejoining under a name in the room is not).
        public var maxLearners = 200
        /// Joins with the right code a second, for the whole room, on average; bursts of ``joinBurst``.
        public var joinRate = 2.0
        /// How many joins with the right code may arrive at once: a class typing the line from the projector.
        public var joinBurst: Double { max(10, joinRate * 30) }
        /// Bytes the room stores, per learner and for the room.
        public var storage = StorageBudget()

        public init() {}
    }

    public let settings: Settings
    public let store: RoomStore
    let hub: RoomHub
    let instructorHash: String
    let joinCode: String
    /// Joins with a wrong code, for the whole room: one a second on average, ten at once.
    let joinLimiter = RateLimiter(rate: 1, burst: 10)
    static let wrongCodes = "wrong-code"
    /// Joins with the right code, for the whole room (``Settings/joinRate``).
    let rightCodeLimiter: RateLimiter
    static let rightCodes = "right-code"
    /// What the log has said once already (the room full, a learner's storage full), so a flood cannot fill it.
    let saidOnce = LogOnce()
    let requestLimiter: RateLimiter
    let eventLimiter: RateLimiter
    /// Where the server says what happens (joins, refusals); never a token or a code.
    let log: @Sendable (String) -> Void

    /// A server over `store`, for the exercises of the instructor's workbook.
    public init(
        settings: Settings, store: RoomStore, exercises: [(id: String, title: String)], instructorToken: String,
        joinCode: String, log: @escaping @Sendable (String) -> Void
    ) throws {
        // Every line shows its control characters as escapes, whatever it quotes (a name, a stored event's fault):
        // the log is the instructor's terminal, which a learner's text must not drive.
        let visibleLog: @Sendable (String) -> Void = { line in log(Self.visible(line)) }
        self.settings = settings
        self.store = store
        self.hub = RoomHub(
            state: try store.state(exercises: exercises, log: visibleLog), tokens: try store.tokens(),
            usage: try store.storedBytes())
        self.rightCodeLimiter = RateLimiter(rate: settings.joinRate, burst: settings.joinBurst)
        self.instructorHash = RoomSecrets.hash(instructorToken)
        self.joinCode = joinCode
        self.requestLimiter = RateLimiter(rate: settings.rate, burst: settings.rate * 3)
        self.eventLimiter = RateLimiter(rate: settings.rate * 10, burst: Double(settings.maxBatch) * 2)
        self.log = visibleLog
    }

    /// Runs until the process ends; `onRunning` gets the port actually bound (for `--port 0`).
    public func run(onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        let router = Router(context: BasicRequestContext.self)
        routes(router)
        let slots = ConnectionSlots(capacity: ConnectionSlots.capacity(wanted: settings.maxConnections))
        if slots.capacity < settings.maxConnections {
            log("at most \(slots.capacity) connections at once: the file-descriptor limit (ulimit -n) allows no more")
        }
        let limits = ConnectionGuard.Limits(maxBody: settings.maxBody, bodyTimeout: .seconds(settings.bodyTimeout))
        let app = Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ConnectionGuard(slots: slots, limits: limits)],
                    idleTimeout: .seconds(settings.idleTimeout))),
            configuration: .init(address: .hostname(settings.host, port: settings.port)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? settings.port) },
            logger: Self.quietLogger())
        let hub = self.hub
        let pinger = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(15))
                await hub.ping()
            }
        }
        defer { pinger.cancel() }
        do {
            try await app.run()
        } catch let error as IOError {
            throw StartError(error, host: settings.host, port: settings.port) ?? error
        }
    }

    // MARK: Routes

    func routes(_ router: Router<BasicRequestContext>) {
        let page = DashboardPage.html(kata: settings.kataCommand)
        router.get("/") { _, _ in Self.html(page) }
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        router.post("/api/join") { request, context in try await self.join(request, context) }
        router.post("/api/events") { request, context in try await self.ingest(request, context) }
        router.get("/api/me") { request, _ in try await self.me(request) }
        router.get("/api/room") { request, _ in try await self.room(request) }
        router.get("/api/learners/{id}") { request, context in try await self.timeline(request, context) }
        router.get("/api/stream") { request, _ in try await self.stream(request) }
        router.post("/api/joining") { request, context in try await self.joining(request, context) }
        router.get("/api/export") { request, _ in try await self.export(request) }
    }

    private func join(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        guard let body = try await collect(request) else { return tooLarge() }
        let join: RoomWire.JoinRequest
        do {
            join = try RoomWire.decoder.decode(RoomWire.JoinRequest.self, from: body)
        } catch {
            return Self.problem(.badRequest, "the join request is malformed: \(Self.describe(error, body: body))")
        }
        guard try store.setting("joining") != "closed" else {
            return Self.problem(.forbidden, "joining is closed; ask the instructor to open the room")
        }
        // Every join takes from the room's allowance of wrong codes before its code is looked at, and only the right
        // code gives it back: over the limit, the right code gets 429 like any other, so a storm of guesses learns
        // nothing, and the guesses cannot outrun the allowance (about one a second for the whole room).
        guard joinLimiter.allow(Self.wrongCodes) else {
            return Self.problem(
                .tooManyRequests, "too many joins with a wrong code; wait a few seconds and try again",
                headers: [.retryAfter: "2"])
        }
        guard RoomSecrets.constantTimeEqual(RoomSecrets.normalizedCode(join.code), RoomSecrets.normalizedCode(joinCode))
        else {
            log("a join with a wrong code was refused")
            return Self.problem(.unauthorized, "that is not this room's join code; check the code the instructor shows")
        }
        joinLimiter.refund(Self.wrongCodes)
        guard rightCodeLimiter.allow(Self.rightCodes) else {
            return Self.problem(
                .tooManyRequests,
                "too many joins at once (this room takes \(Self.number(settings.joinRate)) a second); wait a few "
                    + "seconds and join again",
                headers: [.retryAfter: "5"])
        }
        let name: String
        switch LearnerName.normalized(join.name) {
        case .success(let normalized): name = normalized
        case .failure(let refusal):
            let reason = refusal.message.prefix { $0 != ";" && $0 != "(" }.trimmingCharacters(in: .whitespaces)
            let shown = String(String.UnicodeScalarView(join.name.unicodeScalars.prefix(100)))
            log("a join was refused (\(reason)): \(shown)")
            return Self.problem(.badRequest, refusal.message)
        }
        let token = RoomSecrets.token()
        let hash = RoomSecrets.hash(token)
        let joined: RoomStore.Joined
        do {
            joined = try await store.join(
                name: name, shareCode: join.shareCode, tokenHash: hash,
                rejoin: settings.allowRejoin && join.rejoin == true, maxLearners: settings.maxLearners, now: Date())
        } catch RoomStore.JoinRefusal.nameTaken {
            return Self.problem(.conflict, "name: '\(name)' is already in this room; join with another --name")
        } catch RoomStore.JoinRefusal.roomFull {
            if saidOnce.first("room-full") {
                log(
                    "the room is full (\(settings.maxLearners) learners): new names are refused; "
                        + "\(settings.kataCommand) room serve --max-learners takes more")
            }
            return Self.problem(
                .forbidden,
                "the room is full: it takes \(settings.maxLearners) learners; ask the instructor, who can start it "
                    + "with a larger --max-learners")
        }
        await hub.joined(joined.learner, tokenHash: hash, retired: joined.retired)
        log("\(name) joined")
        return try Self.json(
            RoomWire.JoinResponse(learner: joined.learner.id, token: token, room: settings.roomName), status: .created)
    }

    private func ingest(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        guard let learner = await learnerID(request) else {
            return Self.problem(.unauthorized, Self.unknownLearner)
        }
        guard requestLimiter.allow(learner) else {
            return Self.problem(
                .tooManyRequests, "too many requests from this learner; at most \(Int(settings.rate)) a second",
                headers: [.retryAfter: "1"])
        }
        guard let body = try await collect(request) else { return tooLarge() }
        let batch: RoomWire.EventBatch
        do {
            batch = try RoomWire.decoder.decode(RoomWire.EventBatch.self, from: body)
        } catch {
            return Self.problem(.badRequest, "the events are malformed: \(Self.describe(error, body: body))")
        }
        guard batch.events.count <= settings.maxBatch else {
            return Self.problem(.contentTooLarge, "events: at most \(settings.maxBatch) events in one request")
        }
        guard eventLimiter.allow(learner, cost: Double(batch.events.count)) else {
            return Self.problem(
                .tooManyRequests, "too many events from this learner; slow down", headers: [.retryAfter: "1"])
        }
        let received = Date()
        // Correct for the learner's clock, within a day.
        let offset = max(-86_400, min(86_400, received.timeIntervalSince(batch.sent)))
        var accepted: [RoomEvent] = []
        var rejected: [RoomWire.EventAck.Rejection] = []
        var seen = Set<String>()
        let wellFormed = batch.events.filter { event in
            guard let problem = EventRules.problem(in: event) else { return true }
            rejected.append(.init(id: event.id, error: problem))
            return false
        }
        for (index, problem) in await hub.admit(wellFormed).enumerated() {
            var event = wellFormed[index]
            if let problem {
                rejected.append(.init(id: event.id, error: problem))
                continue
            }
            guard seen.insert(event.id).inserted else { continue }
            event.time = event.time.addingTimeInterval(offset)
            accepted.append(event)
        }
        let costs = accepted.map { Self.storedBytes(of: $0) }
        var stored: [(event: RoomEvent, cost: Int)] = []
        for (index, refusal) in await hub.reserve(costs, learner: learner, budget: settings.storage).enumerated() {
            guard let refusal else {
                stored.append((accepted[index], costs[index]))
                continue
            }
            rejected.append(
                .init(id: accepted[index].id, error: settings.storage.message(refusal, kata: settings.kataCommand)))
            if saidOnce.first(refusal == .roomFull ? "room-storage" : "storage-\(learner)") {
                let whose = await hub.state.learners[learner]?.name ?? learner
                log(
                    refusal == .roomFull
                        ? "the room's storage is full (\(StorageBudget.mebibytes(settings.storage.roomBytes))): events "
                            + "are refused; \(settings.kataCommand) room serve --room-storage takes more"
                        : "\(whose) has used the \(StorageBudget.mebibytes(settings.storage.learnerBytes)) the room keeps "
                            + "for each learner: their events are refused; \(settings.kataCommand) room serve "
                            + "--learner-storage takes more")
            }
        }
        accepted = stored.map(\.event)
        let inserted = try await store.insert(accepted, learner: learner, received: received)
        await hub.refund(zip(stored, inserted).filter { !$0.1 }.map(\.0.cost).reduce(0, +), learner: learner)
        let fresh = zip(accepted, inserted).filter(\.1).map(\.0)
        await hub.apply(fresh, learner: learner)
        return try Self.json(
            RoomWire.EventAck(
                acknowledged: accepted.map(\.id), duplicates: accepted.count - fresh.count, rejected: rejected))
    }

    private func me(_ request: Request) async throws -> Response {
        guard let learner = await learnerID(request) else {
            return Self.problem(.unauthorized, Self.unknownLearner)
        }
        let state = await hub.state
        guard let record = state.learners[learner] else { return Self.problem(.notFound, "no such learner") }
        return try Self.json(
            RoomWire.Me(
                learner: learner, name: record.name, events: record.events,
                solved: record.cells.values.count { $0.firstPass != nil }, room: settings.roomName))
    }

    private func room(_ request: Request) async throws -> Response {
        if let refusal = instructorRefusal(request) { return refusal }
        let state = await hub.state
        let open = try store.setting("joining") != "closed"
        return try Self.json(
            RoomSnapshot(
                state: state, room: settings.roomName, joining: open, joinCommand: try store.setting("joinCommand"),
                now: Date(),
                thresholds: settings.thresholds))
    }

    private func timeline(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        if let refusal = instructorRefusal(request) { return refusal }
        let id = context.parameters.get("id") ?? ""
        guard let learner = await hub.state.learners[id] else {
            return Self.problem(.notFound, "no learner '\(id)' in this room")
        }
        struct Timeline: Codable {
            var learner: String
            var name: String
            var events: [RoomEvent]
        }
        return try Self.json(Timeline(learner: id, name: learner.name, events: try store.events(of: id)))
    }

    private func stream(_ request: Request) async throws -> Response {
        if let refusal = instructorRefusal(request) { return refusal }
        let messages = await hub.listen()
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                for await message in messages {
                    try await writer.write(ByteBuffer(string: message))
                }
                try await writer.finish(nil)
            })
    }

    private func joining(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        if let refusal = instructorRefusal(request) { return refusal }
        struct Joining: Codable { var open: Bool }
        guard let body = try await collect(request) else { return tooLarge() }
        guard let change = try? JSONDecoder().decode(Joining.self, from: body) else {
            return Self.problem(.badRequest, "open: send {\"open\": true} or {\"open\": false}")
        }
        try store.setSetting("joining", change.open ? "open" : "closed")
        log(change.open ? "joining is open" : "joining is closed")
        return try Self.json(change)
    }

    private func export(_ request: Request) async throws -> Response {
        if let refusal = instructorRefusal(request) { return refusal }
        let format = request.uri.queryParameters.get("format") ?? "json"
        let export = RoomExport(state: await hub.state, now: Date(), thresholds: settings.thresholds)
        switch format {
        case "csv":
            var headers = HTTPFields()
            headers[.contentType] = "text/csv; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: export.csv())))
        case "json":
            return try Self.json(export.rows)
        default:
            return Self.problem(.badRequest, "format: '\(format)' is not csv or json")
        }
    }

    // MARK: Helpers

    /// The request body, or nil past the size limit (the rest is not read).
    private func collect(_ request: Request) async throws -> Data? {
        var data = Data()
        for try await buffer in request.body {
            data.append(contentsOf: buffer.readableBytesView)
            if data.count > settings.maxBody { return nil }
        }
        return data
    }

    private func tooLarge() -> Response {
        Self.problem(
            .contentTooLarge, "the request is larger than \(settings.maxBody) bytes; send fewer events at once")
    }

    private func bearer(_ request: Request) -> String? {
        if let header = request.headers[.authorization], header.hasPrefix("Bearer ") {
            return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        return request.uri.queryParameters.get("token").map { String($0) }
    }

    private func learnerID(_ request: Request) async -> String? {
        guard let token = bearer(request), !token.isEmpty else { return nil }
        let hash = RoomSecrets.hash(token)
        if let learner = await hub.learner(forTokenHash: hash) { return learner }
        // A token `kata room token` issued while the server runs is in the database only, until first used.
        guard let learner = try? store.learner(forTokenHash: hash) else { return nil }
        await hub.joined(learner, tokenHash: hash)
        return learner.id
    }

    private func instructorRefusal(_ request: Request) -> Response? {
        guard let token = bearer(request), !token.isEmpty else {
            return Self.problem(
                .unauthorized,
                "this needs the instructor's token; open the dashboard link \(settings.kataCommand) room serve printed")
        }
        guard RoomSecrets.constantTimeEqual(RoomSecrets.hash(token), instructorHash) else {
            return Self.problem(.forbidden, "this needs the instructor's token; a learner's token cannot read the room")
        }
        return nil
    }

    /// `line` with its control characters, line breaks and tabs shown as escapes: one line of the log.
    public static func visible(_ line: String) -> String {
        line.withVisibleControls.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
    }

    /// What `event` takes in the database, as ``RoomStore/storedBytes()`` counts it.
    static func storedBytes(of event: RoomEvent) -> Int {
        ((try? RoomWire.encoder.encode(event))?.count ?? 0) + RoomStore.rowBytes
    }

    /// `2`, or `2.5`: a setting as the instructor typed it.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The answer to a learner token the room does not know (the room was made again, say).
    static let unknownLearner =
        "a learner token is missing or unknown; join the room again with the \(RoomCommands.learner) join line "
        + "the instructor shows"

    /// What is wrong with `body`, which failed to decode with `error`: the field and what to send.
    static func describe(_ error: any Error, body: Data) -> String {
        guard let error = error as? DecodingError else { return "it is not JSON" }
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .dataCorrupted(let context):
            guard let last = context.codingPath.last else {
                // The decoder names no field when a number does not fit its type: find it.
                guard let (field, number, whole) = JSONNumbers.unreadable(in: body) else { return "it is not JSON" }
                guard whole else { return "\(field): \(number) is not a number the room can read" }
                return "\(field): \(number) is not a count the room takes; give a whole number from 0 to "
                    + String(EventRules.maxCount)
            }
            switch last.stringValue {
            case "kind":
                return "\(path(context.codingPath)): use one of "
                    + RoomEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            case "verdict":
                return "\(path(context.codingPath)): use one of passed, failed, compile-error, error"
            default:
                return "\(path(context.codingPath)): \(context.debugDescription)"
            }
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return "\(field) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)) has the wrong type"
        @unknown default:
            return "it does not match the room's format"
        }
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(
            status: status, headers: headers,
            body: .init(byteBuffer: ByteBuffer(bytes: try RoomWire.encoder.encode(value))))
    }

    static func problem(_ status: HTTPResponse.Status, _ message: String, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = "application/json"
        let body = (try? RoomWire.encoder.encode(RoomWire.Problem(error: message))) ?? Data()
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func html(_ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentSecurityPolicy] = "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func quietLogger() -> Logger {
        var logger = Logger(label: "kata-room")
        logger.logLevel = .error
        return logger
    }
}
