import Foundation
import KataApp
import KataSystem
import KataWorkbook

/// A learner's git repository (a clone of their GitHub Classroom assignment, say), read as `kata room grade` grades
/// it: the files the learner committed at HEAD at the instructor's exercise paths, `exercises/<chapter>/<id>.swift`,
/// and nothing else of the repository. What is not committed (an edit, a new file) does not count; the learner's
/// chapters, `Package.swift`, `.kata` (progress, verdict cache) and solutions are never read, since the grade comes
/// from the instructor's workbook; a committed chapter is only compared with the instructor's, for the summary.
struct LearnerRepository: Sendable {
    /// The repository's folder (its working tree, which holds `.git`).
    package let folder: URL

    /// The repository in `folder`.
    package init(folder: URL) {
        self.folder = folder
    }

    /// Why a file committed at an exercise's path is not graded. The link rule is the workbook's (docs/FORMAT.md,
    /// "Links in exercises/"): no part of the path below the repository's top may be a link, wherever it leads.
    package enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// `link`, the file's own path or a folder above it, is a symbolic link in the commit.
        case link(path: String, link: String)
        /// `part` is a submodule: a commit of another repository, whose files are not in this one.
        case submodule(path: String, part: String)
        /// `part`, the file's own path or a folder above it, is not what the path needs (a folder, a file).
        case wrongKind(path: String, part: String)
        /// A committed file past the limit for a learner's file, by the size git records.
        case tooLarge(path: String, bytes: Int, limit: Int)
        /// A committed file that is not UTF-8, from `line` on.
        case notUTF8(path: String, line: Int)
        /// git could not give the file.
        case unreadable(path: String, said: String)

        /// What the instructor reads in the table's detail, saying what the learner can do.
        package var description: String {
            switch self {
            case .link(let path, let link) where link == path:
                "\(path) is a symbolic link in the commit, and kata never follows a link in exercises/; the learner "
                    + "commits the file itself"
            case .link(let path, let link):
                "\(path) is inside \(link), a symbolic link in the commit, and kata never follows a link in "
                    + "exercises/; the learner commits the folder itself"
            case .submodule(let path, let part):
                "\(path == part ? path : "\(path) is inside \(part), which") is a submodule in the commit (another "
                    + "repository's commit), and kata grades only files committed in the learner's own repository"
            case .wrongKind(let path, let part) where part == path:
                "\(path) is a folder in the commit, not a file; the learner commits the exercise's file there"
            case .wrongKind(let path, let part):
                "the commit has a file at \(part), where \(path) needs a folder"
            case .tooLarge(let path, let bytes, let limit):
                "\(path) is \(bytes) bytes in the commit; kata grades exercise files of up to \(limit) bytes, as in a "
                    + "workbook"
            case .notUTF8(let path, let line):
                "\(path) is not UTF-8 text in the commit (line \(line)); the learner saves it as UTF-8 and commits it"
            case .unreadable(let path, let said):
                "git could not read \(path) from the commit (\(said))"
            }
        }
    }

    /// The learner's work at HEAD, against the instructor's `workbook`, within `limits` (those of a hand-in).
    func submission(for workbook: Workbook, limits: HandinLimits = HandinLimits()) throws(RepositoryError)
        -> Submission
    {
        let git = GitObjects(gitDirectory: folder.appendingPathComponent(".git"), limits: CompileLimits())
        let commit = try asking { () throws(GitObjects.Failure) in try git.head() }
        // Every path asked for, and the folders above each, so that a link or a submodule above a file is seen.
        var paths: [String] = []
        var asked = Set<String>()
        let files = workbook.exercises.map(\.learnerPath)
        let chapters = workbook.chapters.map { "chapters/" + $0.url.lastPathComponent }
        for file in files + chapters {
            for path in Self.pathAndFoldersAbove(file) where asked.insert(path).inserted { paths.append(path) }
        }
        let entries = try asking { () throws(GitObjects.Failure) in try git.entries(at: paths, in: commit) }
        var texts: [String: String] = [:]
        var refused: [String: String] = [:]
        var found: [(path: String, entry: GitObjects.Entry)] = []
        for file in files {
            switch Self.entry(at: file, in: entries, limit: limits.exerciseFileBytes) {
            case .none: continue
            case .success(let entry): found.append((file, entry))
            case .failure(let refusal): refused[file] = refusal.description
            }
        }
        let total = found.reduce(0) { $0 + ($1.entry.bytes ?? 0) }
        guard total <= limits.fileBytes else {
            throw .overLimit(path: folder.path, bytes: total, limit: limits.fileBytes)
        }
        for (file, entry) in found {
            switch Result(catching: { () throws(GitObjects.Failure) in try git.text(of: entry) }) {
            case .success(.success(let text)): texts[file] = text
            case .success(.failure(.notUTF8(let line))):
                refused[file] = Refusal.notUTF8(path: file, line: line).description
            case .success(.failure(let failure)):
                refused[file] = Refusal.unreadable(path: file, said: "\(failure)").description
            case .failure(.git(let said)): refused[file] = Refusal.unreadable(path: file, said: said).description
            case .failure(let failure): throw repositoryError(failure)
            }
        }
        let differing = zip(workbook.chapters, chapters).filter { chapter, path in
            guard let entry = entries[path], entry.kind == .file else { return true }
            return GitBlobID.of(Array(chapter.source.utf8), like: entry.id) != entry.id
        }.map(\.1)
        return Submission(
            origin: .repository, learner: folder.standardizedFileURL.lastPathComponent,
            source: folder.relativePath, files: texts, refused: refused, recorded: nil, differingChapters: differing)
    }

    /// What `body` answers, git's failures told as the repository's.
    private func asking<T>(_ body: () throws(GitObjects.Failure) -> T) throws(RepositoryError) -> T {
        do throws(GitObjects.Failure) {
            return try body()
        } catch {
            throw repositoryError(error)
        }
    }

    private func repositoryError(_ failure: GitObjects.Failure) -> RepositoryError {
        switch failure {
        case .noCommit: .noCommit(path: folder.path)
        case .gitMissing: .gitMissing(path: folder.path)
        case .notFetched: .partialClone(path: folder.path)
        case .git(let said): .gitFailed(path: folder.path, said: said)
        }
    }

    /// `exercises/basics/add.swift`: `exercises`, `exercises/basics` and itself.
    static func pathAndFoldersAbove(_ path: String) -> [String] {
        let parts = path.split(separator: "/")
        return (1...parts.count).map { parts.prefix($0).joined(separator: "/") }
    }

    /// The committed file at `path`, nil when nothing is there, or why it is not graded.
    static func entry(at path: String, in entries: [String: GitObjects.Entry], limit: Int) -> Result<
        GitObjects.Entry, Refusal
    >? {
        let parts = pathAndFoldersAbove(path)
        for part in parts {
            guard let entry = entries[part] else { return nil }
            switch entry.kind {
            case .link: return .failure(.link(path: path, link: part))
            case .submodule: return .failure(.submodule(path: path, part: part))
            case .folder where part != path: continue
            case .file where part == path:
                let bytes = entry.bytes ?? 0
                return bytes > limit ? .failure(.tooLarge(path: path, bytes: bytes, limit: limit)) : .success(entry)
            default: return .failure(.wrongKind(path: path, part: part))
            }
        }
        return nil
    }
}
