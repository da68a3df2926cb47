import Foundation
import Testing

/// Runs the built `kata` binary on a copy of a fixture workbook, as a learner would.
struct KataRunner {
    /// What one run printed and how it exited.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// Standard output, then standard error under a marker, then the exit status: one text for a golden file.
        var transcript: String {
            var text = stdout
            // The one-time "Preparing KataSpec" line goes to whichever test happens to build the shared library
            // first, so it is left out of golden files.
            let errors = stderr.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("Preparing KataSpec") }.joined(separator: "\n")
            if !errors.isEmpty { text += "--- stderr\n" + errors }
            return text + "--- exit \(status)\n"
        }
    }

    /// The workbook copy.
    let root: URL

    /// Copies `Fixtures/<name>` into a fresh temporary folder.
    init(fixture name: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-e2e-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.sourceFolder.appendingPathComponent("Fixtures/\(name)"), to: root)
    }

    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The `kata` binary next to the test bundle, or `KATA_BIN`.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["KATA_BIN"] { return URL(fileURLWithPath: path) }
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("kata")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "kata")
    }

    /// Runs `kata <arguments>` in `directory` (the workbook root by default).
    @discardableResult
    func run(_ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["COLUMNS"] = "80"
        environment.removeValue(forKey: "KATA_WORKBOOK")
        // One KataSpec build shared by every test (it is keyed by its sources, so it is never stale).
        environment["KATA_LIBRARY_CACHE"] = FileManager.default.temporaryDirectory.appendingPathComponent("kata-e2e-library").path
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: normalize(String(decoding: stdout, as: UTF8.self)),
            stderr: normalize(String(decoding: stderr, as: UTF8.self)))
    }

    /// Replaces the temporary folder and timestamps with stable placeholders.
    func normalize(_ text: String) -> String {
        var text = text.replacingOccurrences(of: root.standardizedFileURL.path, with: "<workbook>")
        text = text.replacingOccurrences(of: root.path, with: "<workbook>")
        let stamp = try! NSRegularExpression(pattern: "[0-9]{8}-[0-9]{6}-[0-9]+")
        text = stamp.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "<time>")
        return text
    }

    /// Writes a file of the workbook copy, creating its folder.
    func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: file(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file(path))
    }

    /// A file of the workbook copy.
    func file(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// Reads a file of the workbook copy.
    func read(_ path: String) throws -> String { try String(contentsOf: file(path), encoding: .utf8) }
}

/// Compares text with `Snapshots/<name>.txt`. With `KATA_RECORD=1` it writes the file and fails, so a person looks.
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = KataRunner.sourceFolder.appendingPathComponent("Snapshots/\(name).txt")
    if ProcessInfo.processInfo.environment["KATA_RECORD"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        Issue.record("recorded \(name).txt; check it, then run again without KATA_RECORD", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no golden file \(name).txt; run with KATA_RECORD=1 to record it", sourceLocation: sourceLocation)
        return
    }
    guard text != expected else { return }
    let message: String = "output differs from Snapshots/\(name).txt (- golden, + actual):\n" + lineDiff(expected, text)
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// The lines that differ between two texts, after their common start and end, for a readable failure.
func lineDiff(_ old: String, _ new: String) -> String {
    let before = old.split(separator: "\n", omittingEmptySubsequences: false)
    let after = new.split(separator: "\n", omittingEmptySubsequences: false)
    var start = 0
    while start < min(before.count, after.count), before[start] == after[start] { start += 1 }
    var end = 0
    while end < min(before.count, after.count) - start, before[before.count - 1 - end] == after[after.count - 1 - end] {
        end += 1
    }
    let removed = before[start..<(before.count - end)].map { "- " + $0 }
    let added = after[start..<(after.count - end)].map { "+ " + $0 }
    return "@@ line \(start + 1) @@\n" + (removed + added).joined(separator: "\n")
}
