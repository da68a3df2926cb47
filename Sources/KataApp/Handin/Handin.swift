import Foundation
import KataBasics
import KataRoomWire
import KataSystem
import KataWorkbook

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A learner's work at the end of a workshop, in one file (`kata handin`): their exercise files, their progress,
/// and a hash of each chapter, so the instructor can see whether the learner worked from the same workbook.
/// The recorded progress is for reading only; a grade comes from re-grading the files (`kata room grade`, which
/// KataTools' `HandinGrader` runs).
package struct Handin: Codable, Sendable, Equatable {
    /// The file's format name, checked on reading.
    package static let format = "kata-handin"
    /// The schema this kata writes and reads.
    static let currentVersion = 1
    /// The largest exercise file packed: the same as a learner's file in the workbook.
    package static let fileLimit = HandinLimits().exerciseFileBytes

    package var format: String
    package var version: Int
    /// The learner's name (from `kata join`, `--name`, or the login name).
    package var learner: String
    package var created: Date
    /// SHA-256 of each chapter file, by path relative to the workbook root.
    package var chapters: [String: String]
    /// The learner's exercise files, by path relative to the workbook root.
    package var files: [String: String]
    /// The learner's progress as it was recorded (attempts, hints, verdicts).
    package var progress: Progress

    /// Packs the learner's files and progress from `workspace`, reading each file by the one rule for learners'
    /// files (see ``LearnerPath``: never through a link); `leftOut` gets a warning for each file that is there but
    /// was not packed, saying why and what to do.
    package init(workspace: Workspace, learner: String, created: Date = Date(), leftOut: inout [String]) throws {
        format = Self.format
        version = Self.currentVersion
        self.learner = learner
        self.created = created
        chapters = Self.chapterHashes(workspace.workbook)
        var files: [String: String] = [:]
        for exercise in workspace.workbook.exercises {
            switch workspace.learnerPath(exercise).text(limit: Self.fileLimit) {
            case .success(let text):
                files[exercise.learnerPath] = text
            case .failure(.file(.missing)):
                continue
            case .failure(let failure):
                let problem = workspace.error(failure, exercise).description(in: workspace.messages)
                leftOut.append(workspace.messages(.handinLeftOut, ["problem": problem]))
            }
        }
        self.files = files
        progress = try workspace.store.read().0
    }

    /// The SHA-256 of every chapter of `workbook`.
    package static func chapterHashes(_ workbook: Workbook) -> [String: String] {
        var hashes: [String: String] = [:]
        for chapter in workbook.chapters {
            hashes["chapters/" + chapter.url.lastPathComponent] = SHA256.hex(chapter.source)
        }
        return hashes
    }

    /// Reads a hand-in file; a clear error names the file and what is wrong. The file's size is checked before it
    /// is read, and every field against `limits` once it is parsed; a key that appears twice in one object refuses it.
    /// Hand-ins come from learners, so one is read only as the file itself, never through a symbolic link (which
    /// could put another file, another learner's hand-in say, under this one's name in the grade table).
    package static func read(_ url: URL, limits: HandinLimits = HandinLimits()) throws(RoomError) -> Handin {
        var info = stat()
        if lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw .badHandin(
                path: url.path,
                reason:
                    "it is a symbolic link, and kata reads a hand-in only as the file itself; copy the file in its place"
            )
        }
        let data: Data
        switch TextFileReader.read(url, limit: limits.fileBytes) {
        case .success(let text): data = Data(text.utf8)
        case .failure(.tooLarge(let bytes, let limit)):
            throw .handinOverLimit(
                path: url.path, reason: "it is \(bytes) bytes, and kata reads hand-ins of up to \(limit) bytes")
        case .failure(.notUTF8): throw .badHandin(path: url.path, reason: "it is not JSON")
        case .failure(let failure): throw .badHandin(path: url.path, reason: "it \(failure)")
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
        if let duplicate = JSONDuplicateKey.first(in: data) {
            let place = duplicate.path.isEmpty ? "at its top level" : "in \(HandinLimits.excerpt(duplicate.path))"
            throw .badHandin(
                path: url.path,
                reason:
                    "it has the key \"\(HandinLimits.excerpt(duplicate.key))\" twice \(place), and tools disagree on "
                    + "which of the two values counts")
        }
        let handin: Handin
        do {
            handin = try RoomWire.decoder.decode(Handin.self, from: data)
        } catch {
            throw .badHandin(path: url.path, reason: "a field is missing or malformed: \(Self.describe(error))")
        }
        if let problem = limits.problem(in: handin) { throw .handinOverLimit(path: url.path, reason: problem) }
        return handin
    }

    /// Which field failed to decode and how, in a line of bounded length (the decoder's own description quotes
    /// the path in full, and a key can be as long as the file).
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "it does not match the hand-in format" }
        let (context, what): (DecodingError.Context, String) =
            switch error {
            case .keyNotFound(let key, let context):
                (DecodingError.Context(codingPath: context.codingPath + [key], debugDescription: ""), "is missing")
            case .typeMismatch(_, let context), .valueNotFound(_, let context): (context, "has the wrong type")
            case .dataCorrupted(let context): (context, "cannot be read")
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "cannot be read")
            }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return "\(path.isEmpty ? "the file" : HandinLimits.excerpt(path)) \(what)"
    }

    /// Writes the hand-in to `url`, when it is within `limits` (which `kata room grade` reads it with).
    package func write(to url: URL, limits: HandinLimits = HandinLimits()) throws(RoomError) {
        if let problem = limits.problem(in: self) { throw .cannotHandIn(reason: problem) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            let data = try encoder.encode(self)
            guard data.count <= limits.fileBytes else {
                throw RoomError.cannotHandIn(
                    reason: "your exercise files make it \(data.count) bytes, more than the \(limits.fileBytes) a "
                        + "hand-in may hold; make the largest of them smaller and run it again")
            }
            try data.write(to: url, options: .atomic)
        } catch let error as RoomError {
            throw error
        } catch {
            throw .cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// `handin-ada-lovelace.kata`.
    package static func fileName(for learner: String) -> String {
        let slug = learner.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
            .split(separator: "-").joined(separator: "-")
        return "handin-\(slug.isEmpty ? "learner" : slug).kata"
    }
}
