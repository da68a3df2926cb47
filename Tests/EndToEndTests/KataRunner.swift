import Foundation
import KataTestSupport
import Testing

/// Runs the built `kata` binary on a copy of a fixture workbook, as a learner would.
struct KataRunner {
    typealias Result = KataProcess.Result

    /// The workbook copy.
    let root: URL

    /// Copies `Fixtures/<name>` into a fresh temporary folder.
    init(fixture name: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-e2e-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.sourceFolder.appendingPathComponent("Fixtures/\(name)"), to: root)
    }

    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// One KataSpec build shared by every test (it is keyed by its sources, so it is never stale).
    static let libraryCache = FileManager.default.temporaryDirectory.appendingPathComponent("kata-e2e-library").path

    /// Runs `kata <arguments>` in `directory` (the workbook root by default); with a `timeout`, a kata still
    /// running after that many seconds is killed (the result says `timedOut`).
    @discardableResult
    func run(
        _ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:],
        timeout: Double? = nil
    ) throws -> Result {
        let environment = ["COLUMNS": "80", "KATA_LIBRARY_CACHE": Self.libraryCache].merging(extra) { $1 }
        return try KataProcess.run(
            arguments, in: directory ?? root, environment: environment, timeout: timeout, normalize: normalize)
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
        try FileManager.default.createDirectory(
            at: file(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file(path))
    }

    /// Writes `.kata/progress.json` by hand, as a kata from before progress was sealed wrote it (so that kata
    /// trusts it, as it trusts a workbook that never had a sealed file).
    func writeLegacyProgress(_ json: String) throws {
        try write(".kata/progress.json", json)
        try? FileManager.default.removeItem(at: file(".kata/progress.sealed"))
    }

    /// A file of the workbook copy.
    func file(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// Reads a file of the workbook copy.
    func read(_ path: String) throws -> String { try String(contentsOf: file(path), encoding: .utf8) }
}

/// Compares text with `Snapshots/<name>.txt`. With `KATA_RECORD=1` it writes the file and fails, so a person looks.
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = KataRunner.sourceFolder.appendingPathComponent("Snapshots/\(name).txt")
    try assertGolden(text, at: url, named: "Snapshots/\(name).txt", sourceLocation: sourceLocation)
}

/// The `kata` binary the tests run.
enum KataRunnerBinary {
    static var url: URL { KataProcess.binary }
}
