import Foundation

/// A learner's work at the end of a workshop, in one file (`kata handin`): their exercise files, their progress,
/// and a hash of each chapter, so the instructor can see whether the learner worked from the same workbook.
/// The recorded progress is for reading only; a grade comes from re-grading the files (``HandinGrader``).
public struct Handin: Codable, Sendable, Equatable {
    /// The file's format name, checked on reading.
    public static let format = "kata-handin"
    /// The schema this kata writes and reads.
    public static let currentVersion = 1
    /// The largest exercise file packed.
    public static let fileLimit = 262_144

    public var format: String
    public var version: Int
    /// The learner's name (from `kata join`, `--name`, or the login name).
    public var learner: String
    public var created: Date
    /// SHA-256 of each chapter file, by path relative to the workbook root.
    public var chapters: [String: String]
    /// The learner's exercise files, by path relative to the workbook root.
    public var files: [String: String]
    /// The learner's progress as it was recorded (attempts, hints, verdicts).
    public var progress: Progress

    /// Packs the learner's files and progress from `workspace`.
    public init(workspace: Workspace, learner: String, created: Date = Date()) throws {
        format = Self.format
        version = Self.currentVersion
        self.learner = learner
        self.created = created
        chapters = Self.chapterHashes(workspace.workbook)
        var files: [String: String] = [:]
        for exercise in workspace.workbook.exercises {
            let url = workspace.learnerFile(exercise)
            guard let data = try? Data(contentsOf: url), data.count <= Self.fileLimit else { continue }
            files[exercise.learnerPath] = String(decoding: data, as: UTF8.self)
        }
        self.files = files
        progress = try workspace.store.read().0
    }

    /// The SHA-256 of every chapter of `workbook`.
    public static func chapterHashes(_ workbook: Workbook) -> [String: String] {
        var hashes: [String: String] = [:]
        for chapter in workbook.chapters {
            hashes["chapters/" + chapter.url.lastPathComponent] = SHA256.hex(chapter.source)
        }
        return hashes
    }

    /// Reads a hand-in file; a clear error names the file and what is wrong.
    public static func read(_ url: URL) throws(RoomError) -> Handin {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .badHandin(path: url.path, reason: "it cannot be read: \((error as NSError).localizedDescription)")
        }
        struct Header: Decodable {
            var format: String?
            var version: Int?
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw .badHandin(path: url.path, reason: "it is not JSON")
        }
        guard header.format == format else {
            throw .badHandin(path: url.path, reason: "it has no 'kata-handin' format")
        }
        guard let version = header.version, version <= currentVersion else {
            throw .badHandin(path: url.path, reason: "it was written by a newer kata; update kata to grade it")
        }
        do {
            return try RoomWire.decoder.decode(Handin.self, from: data)
        } catch {
            throw .badHandin(path: url.path, reason: "a field is missing or malformed: \(error)")
        }
    }

    /// Writes the hand-in to `url`.
    public func write(to url: URL) throws(RoomError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            try encoder.encode(self).write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// `handin-ada-lovelace.kata`.
    public static func fileName(for learner: String) -> String {
        let slug = learner.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
            .split(separator: "-").joined(separator: "-")
        return "handin-\(slug.isEmpty ? "learner" : slug).kata"
    }
}
