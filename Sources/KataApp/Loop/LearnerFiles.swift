import Foundation
import KataBasics
import KataMessages
import KataWorkbook

/// Creates, backs up and restores learners' files, never overwriting one without a backup.
struct LearnerFiles: Sendable {
    /// The workspace the files belong to.
    package let workspace: Workspace

    /// Creates the helper.
    package init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Writes the starter to the learner's file unless the file exists. Returns true when it created it. A link on
    /// the way (see ``LearnerPath``) is the learner's error: nothing is written through it.
    @discardableResult
    package func createIfMissing(_ exercise: Exercise) throws(LoopError) -> Bool {
        switch workspace.learnerPath(exercise).write(Data(exercise.starter.code.utf8), replacing: false) {
        case .success(let created): return created
        case .failure(let failure): throw error(failure, exercise)
        }
    }

    /// What ``reset(_:now:)`` did with the learner's file before putting the starter back.
    enum ResetOutcome: Equatable, Sendable {
        /// The file was copied to this backup.
        case backedUp(URL)
        /// The file was already in this backup (the newest one of the exercise), so no copy was made.
        case alreadySaved(URL)
        /// The file already held the starter: nothing to save.
        case unchanged
        /// There was no file.
        case created
        /// A part of the path was a symbolic link (relative to the root), and the link itself was removed: what it
        /// points to was neither read nor changed.
        case linkRemoved(String)
    }

    /// Copies the learner's file to `.kata/backups/` (unless it holds the starter, or the newest backup already
    /// holds the same text) and puts the starter back. A symbolic link in the way (the file, or a folder of
    /// `exercises/` above it) is removed instead, never followed: what it points to is not the learner's file in
    /// the workbook, so there is nothing of theirs to back up, and nothing there is read or changed.
    package func reset(_ exercise: Exercise, now: Date = Date()) throws(LoopError) -> ResetOutcome {
        let path = workspace.learnerPath(exercise)
        let starter = Data(exercise.starter.code.utf8)
        let outcome: ResetOutcome
        switch path.data(limit: Int.max) {
        case .failure(.link(let link)):
            if case .failure(let failure) = path.removeLink(link) { throw error(failure, exercise) }
            outcome = .linkRemoved(link)
        case .failure(.file(.missing)):
            outcome = .created
        case .failure(.file(let failure)):
            throw .cannotBackUp(
                id: exercise.id, path: workspace.display(workspace.learnerFile(exercise)), reason: failure)
        case .success(let current) where current == starter:
            return .unchanged
        case .success(let current):
            if let newest = newestBackup(of: exercise), FileManager.default.contents(atPath: newest.path) == current {
                outcome = .alreadySaved(newest)
            } else {
                let stamp = Self.stamp(now)
                let target = backupFolder(of: exercise).appendingPathComponent("\(exercise.id)-\(stamp).swift")
                do {
                    try FileManager.default.createDirectory(
                        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try current.write(to: target, options: .withoutOverwriting)
                } catch {
                    throw .cannotWrite(path: workspace.display(target), reason: (error as NSError).localizedDescription)
                }
                outcome = .backedUp(target)
            }
        }
        if case .failure(let failure) = path.write(starter, replacing: true) { throw error(failure, exercise) }
        return outcome
    }

    /// The learner's error for a failure to write the learner's file: a link in the way, or what the system said.
    private func error(_ failure: LearnerPath.Failure, _ exercise: Exercise) -> LoopError {
        switch failure {
        case .link: return workspace.error(failure, exercise)
        case .file(.unreadable(let reason)):
            return .cannotWrite(path: workspace.display(workspace.learnerFile(exercise)), reason: reason)
        case .file(let failure):
            return .cannotWrite(path: workspace.display(workspace.learnerFile(exercise)), reason: failure.description)
        }
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
