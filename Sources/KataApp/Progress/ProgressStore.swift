import Foundation
import KataBasics
import KataMessages
import KataSystem
import KataWorkbook

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes `.kata/progress.json`: atomically, under an advisory lock, and never losing a file it cannot read.
package struct ProgressStore: Sendable {
    /// The `.kata` folder.
    package let directory: URL
    /// The progress file.
    package var fileURL: URL { directory.appendingPathComponent("progress.json") }
    private var lockURL: URL { directory.appendingPathComponent("progress.lock") }

    /// A store in `<workbook>/.kata`.
    package init(directory: URL) {
        self.directory = directory
    }

    /// Reads the progress. A corrupt file is moved aside (see ``ProgressNotice``) and empty progress returned.
    package func read() throws(ProgressError) -> (Progress, [ProgressNotice]) {
        try withLock { () throws(ProgressError) in try load() }
    }

    /// Reads, changes and writes the progress as one step that no other kata process can interleave with.
    @discardableResult
    package func update<T>(_ change: (inout Progress) -> T) throws(ProgressError) -> (T, [ProgressNotice]) {
        try withLock { () throws(ProgressError) in
            var (progress, notices) = try load()
            let result = change(&progress)
            try write(progress)
            return (result, notices)
        }
    }

    private func load() throws(ProgressError) -> (Progress, [ProgressNotice]) {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return (Progress(), []) }
        let reason: ProgressNotice.Reason
        do {
            let data = try Data(contentsOf: fileURL)
            let header = try? JSONDecoder().decode(VersionHeader.self, from: data)
            if let version = header?.version, version > Progress.currentVersion {
                throw ProgressError.newerVersion(path: fileURL.path, version: version)
            }
            var progress = try Self.decoder.decode(Progress.self, from: data)
            guard try !isTrusted(data) else { return (progress, []) }
            // Changed outside kata: keep every record, but a pass it shows must be earned again.
            let unverified = progress.exercises.filter { $0.value.solved != nil }.keys.sorted()
            for id in unverified { progress.exercises[id]?.unverified = true }
            try write(progress)
            return (progress, [.changedOutsideKata(file: fileURL, unverified: unverified)])
        } catch let error as ProgressError {
            throw error
        } catch let error as DecodingError {
            reason = Self.describe(error)
        } catch {
            reason = .system((error as NSError).localizedDescription)
        }
        let backup = directory.appendingPathComponent("progress.corrupt-\(Self.stamp()).json")
        do {
            try FileManager.default.moveItem(at: fileURL, to: backup)
        } catch {
            throw .cannotMoveAside(path: fileURL.path, reason: reason.described(Messages(.source)))
        }
        return (Progress(), [.movedAside(original: fileURL, backup: backup, reason: reason)])
    }

    /// Whether the file carries kata's seal. A file without one is trusted only while this workbook has never had a
    /// sealed one (`.kata/progress.sealed` marks that it has): it was written by a kata from before seals, and the
    /// next write seals it.
    private func isTrusted(_ data: Data) throws(ProgressError) -> Bool {
        guard let (body, signature) = Self.unsealed(data) else {
            return !FileManager.default.fileExists(atPath: sealedMarker.path)
        }
        return try seal().verifies(signature, for: body)
    }

    private var sealedMarker: URL { directory.appendingPathComponent("progress.sealed") }

    private func seal() throws(ProgressError) -> Seal {
        do {
            return try Seal(kataFolder: directory)
        } catch {
            throw .cannotWrite(path: directory.appendingPathComponent("seal-key").path, reason: "\(error)")
        }
    }

    /// The sealed bytes and the seal of a progress file, which ends `,\n  "seal" : "<hex>"\n}\n`.
    static func unsealed(_ data: Data) -> (body: Data, signature: String)? {
        let marker = Array(",\n  \"seal\" : \"".utf8)
        let bytes = [UInt8](data)
        guard bytes.count > marker.count + 64,
            let start = (0...(bytes.count - marker.count)).reversed().first(where: {
                bytes[$0..<$0 + marker.count].elementsEqual(marker)
            })
        else { return nil }
        let rest = bytes[(start + marker.count)...]
        let signature = rest.prefix { $0 != UInt8(ascii: "\"") }
        guard signature.count == 64, rest.dropFirst(64).elementsEqual(Array("\"\n}\n".utf8)) else { return nil }
        return (Data(bytes[..<start]), String(decoding: signature, as: UTF8.self))
    }

    private func write(_ progress: Progress) throws(ProgressError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // The encoding ends with "\n}"; the seal becomes its last member.
            var body = try Self.encoder.encode(progress)
            let isSpace = { (byte: UInt8) in byte == UInt8(ascii: "\n") || byte == 32 }
            while let last = body.last, isSpace(last) { body.removeLast() }
            if body.last == UInt8(ascii: "}") { body.removeLast() }
            while let last = body.last, isSpace(last) { body.removeLast() }
            let signature = try seal().signature(of: body)
            let data = body + Data(",\n  \"seal\" : \"\(signature)\"\n}\n".utf8)
            if !FileManager.default.fileExists(atPath: sealedMarker.path) {
                _ = FileManager.default.createFile(atPath: sealedMarker.path, contents: Data())
            }
            let temporary = directory.appendingPathComponent(
                ".progress.json.\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
            let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else {
                throw ProgressError.cannotWrite(path: fileURL.path, reason: String(cString: strerror(errno)))
            }
            let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            let synced = fsync(fd)
            close(fd)
            guard written == data.count, synced == 0, rename(temporary.path, fileURL.path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary.path)
                throw ProgressError.cannotWrite(path: fileURL.path, reason: reason)
            }
        } catch let error as ProgressError {
            throw error
        } catch {
            throw .cannotWrite(path: fileURL.path, reason: (error as NSError).localizedDescription)
        }
    }

    private func withLock<T>(_ body: () throws(ProgressError) -> T) throws(ProgressError) -> T {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: directory.path, reason: (error as NSError).localizedDescription)
        }
        let fd = open(lockURL.path, O_RDWR | O_CREAT, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: lockURL.path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw .cannotWrite(path: lockURL.path, reason: String(cString: strerror(errno)))
            }
        }
        defer { flock(fd, LOCK_UN) }
        // Under the lock no other kata is writing, so a temporary file here was left by one that died mid-write.
        if let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) {
            for name in names where name.hasPrefix(".progress.json.") && name.hasSuffix(".tmp") {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
        }
        return try body()
    }

    private struct VersionHeader: Decodable {
        var version: Int
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private static func stamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date()) + "-\(getpid())"
    }

    private static func describe(_ error: DecodingError) -> ProgressNotice.Reason {
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? .notJSON : .fieldMalformed(context.codingPath.map(\.stringValue).joined(separator: "."))
        case .keyNotFound(let key, _):
            return .fieldMissing(key.stringValue)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return .fieldWrongType(context.codingPath.map(\.stringValue).joined(separator: "."))
        @unknown default:
            return .notTheSchema
        }
    }
}

/// Something the user must be told about the progress file.
package enum ProgressNotice: Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read, and was moved to `backup`.
    case movedAside(original: URL, backup: URL, reason: Reason)
    /// The file was changed outside kata (its seal does not match); the exercises it recorded as solved are marked
    /// unverified until they pass a check again.
    case changedOutsideKata(file: URL, unverified: [String])

    /// Why the file could not be read.
    package enum Reason: Sendable, Equatable {
        case notJSON
        case fieldMalformed(String)
        case fieldMissing(String)
        case fieldWrongType(String)
        case notTheSchema
        /// The system's own words, which stay as they are.
        case system(String)

        /// The reason in the language of `t`.
        func described(_ t: Messages) -> String {
            switch self {
            case .notJSON: t(.progressNotJSON)
            // A field's path holds the file's own keys (exercise ids): shown, never obeyed.
            case .fieldMalformed(let field): t(.progressFieldMalformed, ["field": Self.shown(field)])
            case .fieldMissing(let field): t(.progressFieldMissing, ["field": Self.shown(field)])
            case .fieldWrongType(let field): t(.progressFieldWrongType, ["field": Self.shown(field)])
            case .notTheSchema: t(.progressNotTheSchema)
            case .system(let text): text
            }
        }

        /// A value from the progress file on one line, escaped, at most 80 characters.
        static func shown(_ value: String) -> String {
            let line = value.withVisibleControlsOnOneLine
            return line.count > 80 ? String(line.prefix(79)) + "…" : line
        }
    }

    /// The warning text in English.
    package var description: String { described(Messages(.source)) }

    /// The warning text in the language of `t`.
    package func described(_ t: Messages) -> String {
        switch self {
        case .movedAside(let original, let backup, let reason):
            return t(
                .progressMovedAside,
                [
                    "path": original.path.withVisibleControlsOnOneLine,
                    "backup": backup.path.withVisibleControlsOnOneLine,
                    "reason": reason.described(t),
                ])
        case .changedOutsideKata(let file, let unverified):
            // The ids are the file's own keys: a changed file can hold anything there.
            let values = [
                "path": file.path.withVisibleControlsOnOneLine,
                "ids": unverified.map(Reason.shown).joined(separator: ", "), "count": "\(unverified.count)",
            ]
            switch unverified.count {
            case 0: return t(.progressChangedOutside, values)
            case 1: return t(.progressUnverifiedOne, values)
            default: return t(.progressUnverified, values)
            }
        }
    }
}

/// Why progress could not be read or written.
package enum ProgressError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// The file comes from a newer kata.
    case newerVersion(path: String, version: Int)
    /// A corrupt file could not be moved aside, so nothing was changed.
    case cannotMoveAside(path: String, reason: String)
    /// The file could not be written.
    case cannotWrite(path: String, reason: String)

    /// The message for the user (paths on one line, control characters escaped).
    package var description: String {
        let path = self.path.withVisibleControlsOnOneLine
        return switch self {
        case .newerVersion(_, let version):
            "\(path) was written by a newer kata (schema \(version); this kata reads \(Progress.currentVersion)); update kata to go on"
        case .cannotMoveAside(_, let reason):
            "\(path) cannot be read (\(reason)) and could not be moved aside; move it away yourself and run the command again"
        case .cannotWrite(_, let reason):
            "cannot write \(path): \(reason); check that the folder is writable and run the command again"
        }
    }

    /// The file the error is about.
    package var path: String {
        switch self {
        case .newerVersion(let path, _), .cannotMoveAside(let path, _), .cannotWrite(let path, _): path
        }
    }

    /// Same as ``description``.
    package var errorDescription: String? { description }
}
