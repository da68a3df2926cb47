import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates, backs up and restores learners' files, never overwriting one without a backup.
public struct LearnerFiles: Sendable {
    /// The workspace the files belong to.
    public let workspace: Workspace

    /// Creates the helper.
    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Writes the starter to the learner's file unless the file exists. Returns true when it created it.
    @discardableResult
    public func createIfMissing(_ exercise: Exercise) throws(LoopError) -> Bool {
        let url = workspace.learnerFile(exercise)
        try makeFolder(for: url)
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if fd < 0 {
            if errno == EEXIST { return false }
            throw .cannotWrite(path: workspace.display(url), reason: String(cString: strerror(errno)))
        }
        let data = Data(exercise.starter.code.utf8)
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == data.count else {
            throw .cannotWrite(path: workspace.display(url), reason: String(cString: strerror(errno)))
        }
        return true
    }

    /// What ``reset(_:now:)`` did with the learner's file before putting the starter back.
    public enum ResetOutcome: Equatable, Sendable {
        /// The file was copied to this backup.
        case backedUp(URL)
        /// The file was already in this backup (the newest one of the exercise), so no copy was made.
        case alreadySaved(URL)
        /// The file already held the starter: nothing to save.
        case unchanged
        /// There was no file.
        case created
    }

    /// Copies the learner's file to `.kata/backups/` (unless it holds the starter, or the newest backup already
    /// holds the same text) and puts the starter back.
    public func reset(_ exercise: Exercise, now: Date = Date()) throws(LoopError) -> ResetOutcome {
        let url = workspace.learnerFile(exercise)
        let outcome: ResetOutcome
        if FileManager.default.fileExists(atPath: url.path) {
            // The bytes the learner sees, even through a symbolic link (the link itself would lead elsewhere).
            guard let current = FileManager.default.contents(atPath: url.path) else {
                throw .cannotWrite(
                    path: workspace.display(url), reason: "it cannot be read, so it cannot be backed up first")
            }
            if current == Data(exercise.starter.code.utf8) {
                return .unchanged
            } else if let newest = newestBackup(of: exercise),
                FileManager.default.contents(atPath: newest.path) == current
            {
                outcome = .alreadySaved(newest)
            } else {
                let stamp = Self.stamp(now)
                let target = backupFolder(of: exercise).appendingPathComponent("\(exercise.id)-\(stamp).swift")
                try makeFolder(for: target)
                do {
                    try current.write(to: target, options: .withoutOverwriting)
                } catch {
                    throw .cannotWrite(path: workspace.display(target), reason: (error as NSError).localizedDescription)
                }
                outcome = .backedUp(target)
            }
        } else {
            outcome = .created
        }
        try makeFolder(for: url)
        do {
            try Data(exercise.starter.code.utf8).write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: workspace.display(url), reason: (error as NSError).localizedDescription)
        }
        return outcome
    }

    private func backupFolder(of exercise: Exercise) -> URL {
        workspace.workbook.url(".kata/backups/\(exercise.chapterSlug)")
    }

    /// The exercise's newest backup: names carry a sortable UTC time stamp.
    private func newestBackup(of exercise: Exercise) -> URL? {
        let folder = backupFolder(of: exercise)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let prefix = exercise.id + "-"
        return names.filter { name in
            // `kiwi-let-…` must not pick up `kiwi-let-cart-…`: after the id comes the 8-digit date.
            name.hasPrefix(prefix) && name.hasSuffix(".swift")
                && name.dropFirst(prefix.count).prefix(8).allSatisfy(\.isNumber)
                && name.dropFirst(prefix.count).count > 8
        }.max().map { folder.appendingPathComponent($0) }
    }

    private func makeFolder(for url: URL) throws(LoopError) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: workspace.display(url), reason: (error as NSError).localizedDescription)
        }
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        var stamp = formatter.string(from: date)
        stamp += String(format: "-%03d", Int(date.timeIntervalSince1970 * 1000) % 1000)
        return stamp
    }
}
