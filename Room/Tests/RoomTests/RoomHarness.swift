import Foundation
import KataBasics
import KataRoomWire
import KataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `kata-room serve` on 127.0.0.1 in a copy of the end-to-end fixture workbook, and learners' copies
/// driven by the real `kata` binary.
final class RoomHarness: @unchecked Sendable {
    let folder: URL
    let instructor: URL
    private(set) var process: Process?
    private(set) var url = ""
    private(set) var code = ""
    private(set) var token = ""
    private(set) var port = 0

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Tests/EndToEndTests/Fixtures/check").standardizedFileURL

    /// `kata-room`: `KATA_ROOM_BIN`, or the one this package built beside the tests.
    static var roomBinary: URL {
        if let path = ProcessInfo.processInfo.environment["KATA_ROOM_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("kata-room")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "kata-room")
    }

    /// What an instructor's shell gives kata: kata on the PATH (so the room is told to say `kata room …`), and the
    /// room server kata runs.
    static var throughKata: [String: String] {
        let kataFolder = KataProcess.binary.deletingLastPathComponent().path
        return [
            "KATA_ROOM_BIN": roomBinary.path,
            "PATH": kataFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ]
    }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-room-\(UUID().uuidString)")
        instructor = folder.appendingPathComponent("instructor")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture, to: instructor)
    }

    deinit { stop() }

    /// Starts the server (again on the same port once it has one) and reads its address, code and token; in the
    /// instructor's workbook, or in `directory`, with `environment` added to this process's.
    func start(_ extra: [String] = [], environment: [String: String] = [:], in directory: URL? = nil) throws {
        // Through kata, as an instructor starts it: kata hands the room the workbook and its exercises.
        let process = Process()
        process.executableURL = KataProcess.binary
        process.arguments =
            ["room", "serve", "--host", "127.0.0.1", "--port", String(port), "--name", "Test room"] + extra
        process.currentDirectoryURL = directory ?? instructor
        process.environment = ProcessInfo.processInfo.environment.merging(
            Self.throughKata.merging(environment) { $1 }
        ) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        var banner = ""
        let handle = out.fileHandleForReading
        let deadline = Date().addingTimeInterval(60)
        while !banner.contains("Ctrl-C stops"), Date() < deadline {
            let data = handle.availableData
            if data.isEmpty { break }
            banner += String(decoding: data, as: UTF8.self)
        }
        guard let address = banner.firstMatch(of: /open at (http:\/\/\S+)/),
            let join = banner.firstMatch(of: /kata join \S+ (\S+)/), let secret = banner.firstMatch(of: /token=(\S+)/)
        else {
            throw HarnessError("kata-room did not start:\n\(banner)")
        }
        url = String(address.output.1)
        code = String(join.output.1)
        token = String(secret.output.1)
        port = Int(url.split(separator: ":").last!)!
        // Keep reading what the server prints, so a full pipe never blocks it, and keep it for the tests to read.
        let printed = self.printed
        printed.add(banner)
        Thread.detachNewThread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                printed.add(String(decoding: data, as: UTF8.self))
            }
        }
    }

    /// Everything the servers started by this harness printed so far.
    var output: String { printed.lines.joined() }
    private let printed = LogLines()

    /// Whether the server process is alive.
    var isRunning: Bool { process?.isRunning ?? false }

    /// SIGKILL: a crash, with no chance to flush anything.
    func kill9() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// A request to the room; `token` defaults to the instructor's. Sent through Foundation's URLSession: kata's own
    /// client (``RoomConnection``, in KataApp) is not the room's to build, and the tests can afford libcurl.
    func send(_ method: String, _ path: String, body: String? = nil, token: String? = nil) throws
        -> (status: Int, text: String)
    {
        guard let address = URL(string: url + path) else { throw HarnessError("not an address: \(url + path)") }
        var request = URLRequest(url: address, timeoutInterval: 10)
        request.httpMethod = method
        request.setValue("Bearer \(token ?? self.token)", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        Self.session.dataTask(with: request) { data, response, error in
            answer.result =
                if let error {
                    .failure(error)
                } else {
                    .success(((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data()))
                }
            done.signal()
        }.resume()
        done.wait()
        let (status, data) = try answer.result!.get()
        return (status, String(decoding: data, as: UTF8.self))
    }

    /// A session that keeps nothing between requests.
    private static let session = URLSession(configuration: .ephemeral)

    /// What a request's completion handler hands back, read once it has signalled.
    private final class Answer: @unchecked Sendable {
        var result: Result<(Int, Data), any Error>?
    }

    /// Joins through the API and returns the learner's id and token.
    func join(_ name: String, code: String? = nil) throws -> (id: String, token: String) {
        let body = #"{"code":"\#(code ?? self.code)","name":"\#(name)","shareCode":false}"#
        let (status, text) = try send("POST", "/api/join", body: body, token: "")
        guard status == 201, let answer = try? JSONDecoder().decode(RoomWire.JoinResponse.self, from: Data(text.utf8))
        else {
            throw HarnessError("join failed: \(status) \(text)")
        }
        return (answer.learner, answer.token)
    }

    /// A batch of events as JSON.
    static func batch(_ events: [RoomEvent]) -> String {
        String(
            decoding: try! RoomWire.encoder.encode(RoomWire.EventBatch(sent: Date(), events: events)), as: UTF8.self)
    }

    /// Runs `kata room <arguments>` in the instructor's workbook (a command such as `export` or `token`), which kata
    /// passes on to kata-room.
    func command(_ arguments: [String]) throws -> KataProcess.Result {
        let process = Process()
        process.executableURL = KataProcess.binary
        process.arguments = ["room"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(Self.throughKata) { $1 }
        process.currentDirectoryURL = instructor
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error is read on another thread, so that neither pipe fills while the other is read.
        let errors = LogLines()
        let reader = Thread {
            errors.add(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        reader.start()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        while reader.isExecuting || !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        return KataProcess.Result(status: process.terminationStatus, stdout: output, stderr: errors.lines.joined())
    }

    /// A learner's copy of the workbook.
    func learner(_ name: String) throws -> LearnerCopy {
        let root = folder.appendingPathComponent(
            "learner-\(name.lowercased().replacingOccurrences(of: " ", with: "-"))")
        try FileManager.default.copyItem(at: Self.fixture, to: root)
        return LearnerCopy(root: root)
    }
}

/// A learner's workbook, driven with the real kata binary.
struct LearnerCopy {
    let root: URL

    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> KataProcess.Result {
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("kata-e2e-library").path
        return try KataProcess.run(
            arguments, in: root, environment: ["KATA_LIBRARY_CACHE": library].merging(environment) { $1 })
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The events waiting in the outbox.
    var outbox: [RoomEvent] {
        let file = root.appendingPathComponent(".kata/room/outbox.jsonl")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? RoomWire.decoder.decode(RoomEvent.self, from: Data($0.utf8))
        }
    }

    /// Waits (up to `seconds`) for the detached `kata room-send` to deliver the outbox; whether it is empty.
    func outboxDrains(within seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if outbox.isEmpty { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return outbox.isEmpty
    }
}

/// Lines (or pieces of text) collected from several threads.
final class LogLines: @unchecked Sendable {
    private var stored: [String] = []
    private let lock = NSLock()

    func add(_ line: String) { lock.withLock { stored.append(line) } }

    var lines: [String] { lock.withLock { stored } }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
