import Foundation
import KataBasics
import KataRoomWire

/// The live room: its state, the learners' token hashes, and the dashboards listening for changes.
actor RoomHub {
    private(set) var state: RoomState
    private var tokens: [String: String]
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    /// Bytes each learner's stored events take (``RoomStore/storedBytes()``), and all of them together.
    private(set) var usage: [String: Int]
    private(set) var roomUsage: Int

    init(state: RoomState, tokens: [String: String], usage: [String: Int] = [:]) {
        self.state = state
        self.tokens = tokens
        self.usage = usage
        roomUsage = usage.values.reduce(0) { $0.saturatingAdd($1) }
    }

    /// The learner a token hash belongs to.
    func learner(forTokenHash hash: String) -> String? { tokens[hash] }

    /// Records a join: the learner (new or returning) and their token.
    func joined(_ learner: RoomStore.StoredLearner, tokenHash: String, retired: [String] = []) {
        for hash in retired { tokens.removeValue(forKey: hash) }
        tokens[tokenHash] = learner.id
        state.addLearner(id: learner.id, name: learner.name, joined: learner.joined)
        broadcast(kind: "join", learner: learner.id, exercise: nil)
    }

    /// Why the room will not take each of `events` for its exercise, in order (nil for those it takes), having
    /// made room for the new exercises it takes: decided here, in one step, so that requests arriving together
    /// cannot take the room past its limit of exercises.
    func admit(_ events: [RoomEvent]) -> [String?] {
        events.map { state.admit(exercise: $0.exercise) }
    }

    /// Why each of `costs` (bytes of events, in order) will not be stored for `learner` (nil for those that fit), having
    /// counted those that fit: decided here, in one step, so that requests arriving together cannot take a learner or
    /// the room past its budget. ``refund(_:learner:)`` gives back what turns out not to be stored.
    func reserve(_ costs: [Int], learner: String, budget: StorageBudget) -> [StorageBudget.Refusal?] {
        costs.map { cost in
            let used = usage[learner, default: 0]
            if used.saturatingAdd(cost) > budget.learnerBytes { return .learnerFull }
            if roomUsage.saturatingAdd(cost) > budget.roomBytes { return .roomFull }
            usage[learner] = used.saturatingAdd(cost)
            roomUsage = roomUsage.saturatingAdd(cost)
            return nil
        }
    }

    /// Gives back bytes ``reserve(_:learner:budget:)`` counted for events that were not stored (re-sent ones).
    func refund(_ bytes: Int, learner: String) {
        guard bytes > 0 else { return }
        usage[learner] = max(0, usage[learner, default: 0] - bytes)
        roomUsage = max(0, roomUsage - bytes)
    }

    /// Applies newly stored events and tells the dashboards.
    func apply(_ events: [RoomEvent], learner: String) {
        for event in events {
            state.apply(event, learner: learner)
        }
        if let last = events.last { broadcast(kind: last.kind.rawValue, learner: learner, exercise: last.exercise) }
    }

    /// A stream of Server-Sent Events messages for one dashboard.
    func listen() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        listeners[id] = continuation
        continuation.onTermination = { _ in Task { await self.stopListening(id) } }
        continuation.yield("retry: 1000\nevent: hello\ndata: {}\n\n")
        return stream
    }

    /// Number of dashboards listening.
    var listenerCount: Int { listeners.count }

    private func stopListening(_ id: UUID) {
        listeners.removeValue(forKey: id)
    }

    /// Sends a keep-alive comment, so proxies and browsers keep the stream open.
    func ping() {
        for continuation in listeners.values { continuation.yield(": ping\n\n") }
    }

    private func broadcast(kind: String, learner: String, exercise: String?) {
        guard !listeners.isEmpty else { return }
        var data = "{\"kind\":\"\(kind)\",\"learner\":\"\(learner)\""
        if let exercise { data += ",\"exercise\":\"\(Self.jsonEscape(exercise))\"" }
        data += ",\"sent\":\(Date().timeIntervalSince1970)}"
        let message = "event: change\ndata: \(data)\n\n"
        for continuation in listeners.values { continuation.yield(message) }
    }

    private static func jsonEscape(_ text: String) -> String {
        text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case _ where scalar.value < 0x20: return String(format: "\\u%04x", scalar.value)
            default: return String(scalar)
            }
        }.joined()
    }
}
