import Foundation

/// A file outside `.kata` that kata writes for the learner's tools, written only while it is kata's: while it is
/// missing, or holds exactly what kata wrote last. One the learner made or changed is left alone.
///
/// What kata wrote last is remembered as a hash in `records`, with the hash of a file left alone that the learner
/// has been told about, so that they are told once, not at every command.
struct OwnedFile {
    /// The file.
    let url: URL
    /// The folder of the records (`.kata/editor`).
    let records: URL

    /// What came of writing.
    enum Outcome: Equatable {
        case written
        case unchanged
        /// The file is someone else's; `told` when the learner was already told about this very text.
        case leftAlone(told: Bool)
        /// It could not be written (a read-only folder): nothing to tell, the editor just goes without.
        case failed
    }

    /// Writes `data` unless the file is someone else's.
    func write(_ data: Data) -> Outcome {
        guard let current = FileManager.default.contents(atPath: url.path) else {
            return store(data)
        }
        if current == data {
            remember(data, as: "written")
            return .unchanged
        }
        if recalled("written") == Self.hash(current) { return store(data) }
        return .leftAlone(told: recalled("told") == Self.hash(current))
    }

    /// Whether the file is someone else's (and whether the learner was told), without writing anything.
    func owner() -> Outcome {
        guard let current = FileManager.default.contents(atPath: url.path), recalled("written") != Self.hash(current)
        else { return .unchanged }
        return .leftAlone(told: recalled("told") == Self.hash(current))
    }

    /// Remembers that the learner was told about the file as it is now.
    func markTold() {
        guard let current = FileManager.default.contents(atPath: url.path) else { return }
        remember(current, as: "told")
    }

    private func store(_ data: Data) -> Outcome {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            return .failed
        }
        remember(data, as: "written")
        return .written
    }

    private func record(_ kind: String) -> URL {
        records.appendingPathComponent("\(url.lastPathComponent).\(kind)")
    }

    private func recalled(_ kind: String) -> String? {
        try? String(contentsOf: record(kind), encoding: .utf8)
    }

    private func remember(_ data: Data, as kind: String) {
        let hash = Self.hash(data)
        guard recalled(kind) != hash else { return }
        try? FileManager.default.createDirectory(at: records, withIntermediateDirectories: true)
        try? Data(hash.utf8).write(to: record(kind), options: .atomic)
    }

    private static func hash(_ data: Data) -> String {
        var hash = SHA256()
        hash.update(data)
        return hash.hexDigest()
    }
}
