import Foundation
import KataBasics
import KataMessages

/// A file outside `.kata` that kata writes for the learner's tools, written only while it is kata's: while it is
/// missing, or holds exactly what kata wrote last. One the learner made or changed is left alone.
///
/// What kata wrote last is remembered as a hash in `records`, with the hash of a file left alone that the learner
/// has been told about, so that they are told once, not at every command.
///
/// The file is in `exercises/`, so it is read and written by the one rule for the files there (``LearnerPath``):
/// never through a symbolic link. A link there (or a folder, or anything kata does not read) is someone else's.
struct OwnedFile {
    /// The file.
    let path: LearnerPath
    /// The folder of the records (`.kata/editor`).
    let records: URL

    /// The file, for showing it.
    var url: URL { path.url }

    /// The largest file read: a database of a whole workbook is far smaller.
    static let limit = 16 << 20

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
        guard let current = current() else {
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
        guard let current = current(), recalled("written") != Self.hash(current)
        else { return .unchanged }
        return .leftAlone(told: recalled("told") == Self.hash(current))
    }

    /// Remembers that the learner was told about the file as it is now.
    func markTold() {
        guard let current = current() else { return }
        remember(current, as: "told")
    }

    /// What is there now; nil when nothing is. What kata does not read (a link, a folder, a file too large) stands
    /// as a text of its own, never one that kata wrote, so that it is left alone and the learner is told once.
    private func current() -> Data? {
        switch path.data(limit: Self.limit) {
        case .success(let data): return data
        case .failure(.file(.missing)): return nil
        case .failure(.link(let link)): return Data("a symbolic link at \(link)".utf8)
        case .failure(.file(let failure)): return Data("\(failure)".utf8)
        }
    }

    private func store(_ data: Data) -> Outcome {
        guard case .success = path.write(data, replacing: true) else { return .failed }
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
