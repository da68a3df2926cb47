import Foundation

/// A small client of sourcekit-lsp, the language server that editors run for Swift (VS Code, Neovim, Emacs, Zed):
/// JSON-RPC messages with `Content-Length` headers over the server's standard input and output, as an editor sends
/// them. Diagnostics are pulled (`textDocument/diagnostic`), so a test does not wait for a notification that may
/// never come.
final class LanguageServer: @unchecked Sendable {
    /// `sourcekit-lsp` from the toolchain: beside `swiftc` on `PATH`, or `SOURCEKIT_LSP`; nil when there is none.
    static let executable: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SOURCEKIT_LSP"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            for name in ["sourcekit-lsp", "swiftc"] {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
                let server = candidate.resolvingSymlinksInPath().deletingLastPathComponent()
                    .appendingPathComponent("sourcekit-lsp")
                if FileManager.default.isExecutableFile(atPath: server.path) { return server }
            }
        }
        return nil
    }()

    /// A diagnostic as the editor shows it: the line (from 0) and the message.
    struct Diagnostic: CustomStringConvertible {
        var line: Int
        var message: String
        var severity: Int
        var description: String { "\(line + 1): \(message)" }
    }

    private let process = Process()
    private let input = Pipe()
    private let condition = NSCondition()
    /// Held while a message is written: the reading thread answers the server's requests.
    private let writing = NSLock()
    private var messages: [[String: Any]] = []
    private var nextID = 0
    private var versions: [URL: Int] = [:]
    /// What the server wrote on standard error, for a failure's message.
    let log: URL

    /// Starts the server on the folder `root`, as an editor does when that folder is opened, and initializes it.
    init(root: URL) throws {
        guard let executable = Self.executable else { throw Failure("sourcekit-lsp is not installed") }
        log = FileManager.default.temporaryDirectory.appendingPathComponent("kata-lsp-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = executable
        process.currentDirectoryURL = root
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        Thread.detachNewThread { [weak self] in self?.read(output.fileHandleForReading) }
        _ = try request(
            "initialize",
            [
                "processId": Int(ProcessInfo.processInfo.processIdentifier), "rootUri": root.absoluteString,
                "capabilities": [String: Any](),
                // Indexing kata's own package in the background is no part of what is tested, and would take minutes.
                "initializationOptions": ["backgroundIndexing": false],
            ])
        notify("initialized", [String: Any]())
    }

    deinit { if process.isRunning { process.terminate() } }

    /// Opens `file` in the editor, with `text` (its contents on disk by default).
    func open(_ file: URL, text: String? = nil) throws {
        versions[file] = 1
        let contents = try text ?? String(contentsOf: file, encoding: .utf8)
        notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": file.absoluteString, "languageId": "swift", "version": 1, "text": contents]])
    }

    /// Replaces the text of the open `file`, as typing does (nothing is saved).
    func change(_ file: URL, to text: String) {
        let version = (versions[file] ?? 1) + 1
        versions[file] = version
        notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": file.absoluteString, "version": version],
                "contentChanges": [["text": text]],
            ])
    }

    /// The diagnostics the editor shows for the open `file`.
    func diagnostics(_ file: URL) throws -> [Diagnostic] {
        let result = try request("textDocument/diagnostic", ["textDocument": ["uri": file.absoluteString]])
        let items = (result as? [String: Any])?["items"] as? [[String: Any]] ?? []
        return items.map { item in
            let start = (item["range"] as? [String: Any])?["start"] as? [String: Any]
            return Diagnostic(
                line: start?["line"] as? Int ?? -1, message: item["message"] as? String ?? "",
                severity: item["severity"] as? Int ?? 0)
        }
    }

    /// The labels of the completions offered at `line` and `character` (both from 0) of the open `file`.
    func completions(_ file: URL, line: Int, character: Int) throws -> [String] {
        let result = try request(
            "textDocument/completion",
            ["textDocument": ["uri": file.absoluteString], "position": ["line": line, "character": character]])
        let items = (result as? [String: Any])?["items"] as? [[String: Any]] ?? result as? [[String: Any]] ?? []
        return items.compactMap { $0["label"] as? String }
    }

    /// Where "go to definition" at `line` and `character` of the open `file` leads: files and lines (from 0).
    func definition(_ file: URL, line: Int, character: Int) throws -> [(file: URL, line: Int)] {
        let result = try request(
            "textDocument/definition",
            ["textDocument": ["uri": file.absoluteString], "position": ["line": line, "character": character]])
        let locations = result as? [[String: Any]] ?? (result as? [String: Any]).map { [$0] } ?? []
        return locations.compactMap { location in
            guard let uri = (location["uri"] ?? location["targetUri"]) as? String, let url = URL(string: uri),
                let range = (location["range"] ?? location["targetSelectionRange"]) as? [String: Any],
                let line = (range["start"] as? [String: Any])?["line"] as? Int
            else { return nil }
            return (url, line)
        }
    }

    /// Asks the server to end, and waits for it.
    func shutdown() {
        _ = try? request("shutdown", nil, timeout: 30)
        notify("exit", nil)
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    // MARK: JSON-RPC

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    private func send(_ message: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: message) else { return }
        writing.withLock {
            input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }
    }

    private func notify(_ method: String, _ params: Any?) {
        send(["jsonrpc": "2.0", "method": method, "params": params ?? NSNull()])
    }

    /// Sends a request and waits for its answer; the server's own requests meanwhile are answered with nothing.
    private func request(_ method: String, _ params: Any?, timeout: TimeInterval = 300) throws -> Any? {
        nextID += 1
        let id = nextID
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params ?? NSNull()])
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = messages.firstIndex(where: { $0["id"] as? Int == id && $0["method"] == nil }) {
                let answer = messages.remove(at: index)
                if let error = answer["error"] as? [String: Any] {
                    throw Failure("\(method) failed: \(error["message"] ?? error)")
                }
                return answer["result"]
            }
            guard condition.wait(until: deadline) else {
                throw Failure("no answer to \(method) in \(Int(timeout)) s; the server's log is \(log.path)")
            }
        }
    }

    private func read(_ handle: FileHandle) {
        var buffer = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return }
            buffer += chunk
            while let end = buffer.range(of: Data("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
                guard
                    let length = header.split(separator: "\r\n").compactMap({ line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                        return Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }).first, buffer.count - (end.upperBound - buffer.startIndex) >= length
                else { break }
                let body = buffer[end.upperBound..<(end.upperBound + length)]
                buffer = Data(buffer[(end.upperBound + length)...])
                guard let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { continue }
                // The server's requests (to register for file events, to show progress) get an empty answer; its
                // notifications (pushed diagnostics, log messages) are not needed.
                guard let id = message["id"] else { continue }
                if message["method"] != nil {
                    send(["jsonrpc": "2.0", "id": id, "result": NSNull()])
                    continue
                }
                condition.lock()
                messages.append(message)
                condition.broadcast()
                condition.unlock()
            }
        }
    }
}
