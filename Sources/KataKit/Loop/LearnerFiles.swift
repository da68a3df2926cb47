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

    /// Copies the learner's file to `.kata/backups/` and puts the starter back. Returns the backup, if there was a file.
    public func reset(_ exercise: Exercise, now: Date = Date()) throws(LoopError) -> URL? {
        let url = workspace.learnerFile(exercise)
        var backup: URL?
        if FileManager.default.fileExists(atPath: url.path) {
            let stamp = Self.stamp(now)
            let target = workspace.workbook.url(".kata/backups/\(exercise.chapterSlug)/\(exercise.id)-\(stamp).swift")
            try makeFolder(for: target)
            do {
                // The bytes the learner sees, even through a symbolic link (the link itself would lead elsewhere).
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    throw CocoaError(.fileReadUnknown)
                }
                try data.write(to: target, options: .withoutOverwriting)
            } catch {
                throw .cannotWrite(path: workspace.display(target), reason: (error as NSError).localizedDescription)
            }
            backup = target
        }
        try makeFolder(for: url)
        do {
            try Data(exercise.starter.code.utf8).write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: workspace.display(url), reason: (error as NSError).localizedDescription)
        }
        return backup
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
