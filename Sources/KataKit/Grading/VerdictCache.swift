import Foundation

/// Verdicts kept under `.kata/cache/verdicts/<key>.json`, where the key hashes everything that went into them:
/// the generated sources, the compiler, the KataSpec build and the limits. Any edit changes the key.
public struct VerdictCache: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public func lookup(_ key: String) -> CheckResult? {
        guard let data = try? Data(contentsOf: file(key)) else { return nil }
        return try? JSONDecoder().decode(CheckResult.self, from: data)
    }

    /// Stores a verdict atomically; a failure to store is not an error (the next check just runs again).
    public func store(_ result: CheckResult, key: String) {
        guard let data = try? JSONEncoder().encode(result) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: file(key), options: .atomic)
    }

    private func file(_ key: String) -> URL { directory.appendingPathComponent("\(key).json") }
}
