import Foundation
import KataBasics
import KataGrading
import KataMessages
import KataRoomWire
import KataSystem

/// The learner's side of the room: records what the learner does in the outbox and sends it.
///
/// Nothing here can make a command slower for long or fail it: events are appended to the outbox (a local
/// file), the command prints its result first, and only then is the outbox sent, with a short timeout. What
/// is not acknowledged stays in the outbox and goes with a later command. After a send that timed out, the
/// following commands wait ``quietPeriod`` before trying again, so a room that went away costs one timeout.
package struct RoomReporter: Sendable {
    /// The workbook's `.kata` folder.
    package let kataFolder: URL
    /// Seconds a send may take (`KATA_ROOM_TIMEOUT` changes it).
    package var timeout: Double
    /// Seconds without sending after a send timed out.
    var quietPeriod: Double = 30
    /// Most events in one request.
    static let batchSize = 200
    /// When set (the kata binary), sending happens in a detached `kata room-send` process, so that the command
    /// that recorded the events exits at once whatever the room does; when nil, sending happens here.
    package var sender: URL?

    /// A reporter for the workbook of `workspace`.
    package init(workspace: Workspace, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(kataFolder: workspace.store.directory, environment: environment)
    }

    /// A reporter for the `.kata` folder `kataFolder`.
    package init(kataFolder: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.kataFolder = kataFolder
        self.timeout = environment["KATA_ROOM_TIMEOUT"].flatMap(Double.init).map { max(0.1, $0) } ?? 1.5
    }

    /// The room joined, if any.
    package var membership: RoomMembership? { RoomMembership.load(from: kataFolder) }

    var outbox: Outbox { Outbox(kataFolder: kataFolder) }

    // MARK: Recording

    /// Records the checks of one `kata check` (or `--all`), as the check had them, and sends the outbox. Records
    /// nothing outside a room.
    package func reportChecks(_ checks: [CheckOutput.Check]) {
        guard let membership, membership.active else {
            deliver()
            return
        }
        let events = checks.map { check in
            RoomEvent(
                kind: .check, exercise: check.result.id, check: Self.summary(check.result, progress: check.progress),
                code: membership.shareCode ? String(check.contents.prefix(Self.codeLimit)) : nil)
        }
        record(events)
    }

    /// The most of a learner's file a check event carries, in characters.
    static let codeLimit = 60_000

    /// Records which exercise `kata next` showed.
    package func reportNext(workspace: Workspace) {
        guard let membership, membership.active else {
            deliver()
            return
        }
        guard let progress = try? workspace.store.read().0, let current = workspace.current(in: progress) else {
            deliver()
            return
        }
        record([RoomEvent(kind: .next, exercise: current.id)])
    }

    /// Records that `kata hint` showed a new hint of `id` (or of the current exercise); with `shown` false
    /// (`kata hint --all`) it only sends the outbox.
    package func reportHint(workspace: Workspace, id: String?, shown: Bool) {
        guard shown, let membership, membership.active else {
            deliver()
            return
        }
        guard let progress = try? workspace.store.read().0,
            let exercise = id.flatMap({ try? workspace.exercise($0) }) ?? workspace.current(in: progress)
        else {
            deliver()
            return
        }
        record([RoomEvent(kind: .hint, exercise: exercise.id, hints: progress[exercise.id].hintsShown)])
    }

    /// Appends events to the outbox, then sends it.
    package func record(_ events: [RoomEvent]) {
        try? outbox.append(events)
        deliver()
    }

    // MARK: Sending

    /// What one send achieved.
    package struct Delivery: Sendable, Equatable {
        /// Events the room acknowledged.
        package var delivered = 0
        /// Events still waiting.
        package var waiting = 0
        /// Why sending stopped early, if it did.
        package var problem: RoomError?
    }

    /// Sends the outbox: in a detached process when ``sender`` is set, here otherwise.
    package func deliver() {
        guard let sender else {
            flush()
            return
        }
        guard membership != nil, !inQuietPeriod, !outbox.pending().isEmpty else { return }
        DetachedLaunch.start(sender, arguments: ["room-send", "--kata-folder", kataFolder.path])
    }

    private var unreachableMarker: URL { outbox.directory.appendingPathComponent("unreachable") }

    /// Whether a send timed out less than ``quietPeriod`` ago.
    var inQuietPeriod: Bool {
        guard
            let stamp = try? FileManager.default.attributesOfItem(atPath: unreachableMarker.path)[.modificationDate]
                as? Date
        else { return false }
        return Date().timeIntervalSince(stamp) < quietPeriod
    }

    /// Sends what the outbox holds, unless another kata process is sending or a recent send timed out.
    /// `force` ignores the quiet period (for `kata join`, `kata leave` and `kata room send`).
    @discardableResult
    package func flush(force: Bool = false) -> Delivery {
        guard let membership else { return Delivery() }
        let marker = unreachableMarker
        if !force, inQuietPeriod {
            return Delivery(waiting: outbox.pending().count)
        }
        let delivery =
            outbox.whileSending { send(membership: membership) } ?? Delivery(waiting: outbox.pending().count)
        if case .unreachable(_, let reason) = delivery.problem, reason.hasPrefix("no answer") {
            _ = FileManager.default.createFile(atPath: marker.path, contents: nil)
        } else if delivery.problem == nil {
            try? FileManager.default.removeItem(at: marker)
            if !membership.active, delivery.waiting == 0 { RoomMembership.remove(from: kataFolder) }
        }
        return delivery
    }

    private func send(membership: RoomMembership) -> Delivery {
        var delivery = Delivery()
        let connection = RoomConnection(server: membership.server, timeout: timeout)
        var pending = outbox.pending()
        while !pending.isEmpty {
            let batch = Array(pending.prefix(Self.batchSize))
            do {
                let body = try RoomWire.encoder.encode(RoomWire.EventBatch(sent: Date(), events: batch))
                let response = try RoomReporter.sending { () throws(RoomConnection.Failure) in
                    try connection.send("POST", "/api/events", body: body, token: membership.token)
                }
                guard response.status == 200 else { throw Self.problem(response, server: membership.server) }
                guard let ack = try? RoomWire.decoder.decode(RoomWire.EventAck.self, from: response.body) else {
                    throw RoomError.badAnswer(server: membership.server, reason: "the acknowledgement is not readable")
                }
                let done = Set(ack.acknowledged).union(ack.rejected.map(\.id))
                try outbox.remove(acknowledged: done)
                delivery.delivered += ack.acknowledged.count
                guard !done.isEmpty else { break }
                pending = outbox.pending()
            } catch let error as RoomError {
                delivery.problem = error
                break
            } catch {
                delivery.problem = .badAnswer(server: membership.server, reason: "\(error)")
                break
            }
        }
        delivery.waiting = outbox.pending().count
        return delivery
    }

    /// What a request answered, its failure said as the learner is told it.
    static func sending(
        _ request: () throws(RoomConnection.Failure) -> RoomConnection.Response
    ) throws(RoomError) -> RoomConnection.Response {
        do {
            return try request()
        } catch {
            throw RoomError(error)
        }
    }

    /// The server's own message from a 4xx or 5xx answer: shown with its control characters escaped and cut at
    /// ``problemLimit`` characters, since any server at the address the learner typed can answer.
    static func problem(_ response: RoomConnection.Response, server: String) -> RoomError {
        var message =
            (try? JSONDecoder().decode(RoomWire.Problem.self, from: response.body))?.error
            ?? "the room answered with HTTP status \(response.status)"
        if message.count > problemLimit { message = String(message.prefix(problemLimit)) + "…" }
        return .refused(status: response.status, message: message.withVisibleControls)
    }

    /// The most of a server's message a learner is shown.
    static let problemLimit = 500

    // MARK: Joining and leaving

    /// `kata join`: asks the room for a token, stores it in `.kata/room.json`, and records a join event.
    package func join(server: String, code: String, name: String, shareCode: Bool, rejoin: Bool = false)
        throws(RoomError) -> RoomMembership
    {
        let address = Self.normalizedAddress(server)
        let body = try? RoomWire.encoder.encode(
            RoomWire.JoinRequest(code: code, name: name, shareCode: shareCode, rejoin: rejoin ? true : nil))
        let connection = RoomConnection(server: address, timeout: max(timeout, 5))
        let response = try Self.sending { () throws(RoomConnection.Failure) in
            try connection.send("POST", "/api/join", body: body)
        }
        guard response.status == 201 || response.status == 200 else {
            throw Self.problem(response, server: address)
        }
        guard let answer = try? RoomWire.decoder.decode(RoomWire.JoinResponse.self, from: response.body) else {
            throw .badAnswer(server: address, reason: "the join answer is not readable")
        }
        // Events of an earlier room are not this room's business.
        try? FileManager.default.removeItem(at: outbox.fileURL)
        let membership = RoomMembership(
            server: address, learner: answer.learner, name: name, token: answer.token, room: answer.room,
            shareCode: shareCode)
        try membership.save(in: kataFolder)
        try outbox.append([RoomEvent(kind: .join)])
        flush(force: true)
        return membership
    }

    /// `kata join --token`: joins with a token the instructor issued for this learner (`kata room token`, kept as a
    /// GitHub Classroom repository's secret), under the name the room has for it: no join code, no name of one's own.
    package func join(server: String, token: String, shareCode: Bool) throws(RoomError) -> RoomMembership {
        let address = Self.normalizedAddress(server)
        let connection = RoomConnection(server: address, timeout: max(timeout, 5))
        let response = try Self.sending { () throws(RoomConnection.Failure) in
            try connection.send("GET", "/api/me", body: nil, token: token)
        }
        guard response.status == 200 else { throw Self.problem(response, server: address) }
        guard let me = try? RoomWire.decoder.decode(RoomWire.Me.self, from: response.body) else {
            throw .badAnswer(server: address, reason: "the answer about this token is not readable")
        }
        try? FileManager.default.removeItem(at: outbox.fileURL)
        let membership = RoomMembership(
            server: address, learner: me.learner, name: me.name, token: token, room: me.room ?? address,
            shareCode: shareCode)
        try membership.save(in: kataFolder)
        try outbox.append([RoomEvent(kind: .join)])
        flush(force: true)
        return membership
    }

    /// `kata leave`: records a leave event and stops recording. The membership stays until the outbox is
    /// delivered, so nothing recorded before is lost.
    package func leave() throws(RoomError) -> Delivery {
        guard var membership else { throw .notJoined }
        if membership.active {
            try outbox.append([RoomEvent(kind: .leave)])
            membership.active = false
            try membership.save(in: kataFolder)
        }
        return flush(force: true)
    }

    /// `192.168.1.20:8123` → `http://192.168.1.20:8123`.
    static func normalizedAddress(_ address: String) -> String {
        var text = address.trimmingCharacters(in: .whitespaces)
        if !text.contains("://") { text = "http://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    // MARK: What a check event says

    /// A check's summary for the room: counts, the first failure on one line, red before green.
    package static func summary(_ result: CheckResult, progress: ExerciseProgress) -> RoomEvent.Check {
        let verdict: CheckRecord.Verdict
        switch result.status {
        case .passed: verdict = .passed
        case .failed: verdict = .failed
        case .compileError: verdict = .compileError
        case .error: verdict = .error
        }
        let examples = result.run?.examples.filter { $0.status != .pending && $0.status != .skipped } ?? []
        let specify = result.kind == .specify && !result.mutants.isEmpty
        var redBeforeGreen: Bool?
        if progress.solved != nil, let firstPass = progress.checks.firstIndex(where: { $0.verdict == .passed }) {
            redBeforeGreen = firstPass > 0
        }
        return RoomEvent.Check(
            verdict: verdict, duration: (result.duration * 1000).rounded() / 1000, examples: examples.count,
            failures: examples.count { $0.status.isFailure }, firstFailure: FailureLine.first(in: result),
            caught: specify ? result.caughtCount : nil, mutants: specify ? result.mutants.count : nil,
            redBeforeGreen: redBeforeGreen, cached: result.cached)
    }
}
