import Foundation
import KataApp
import KataBasics

/// Why `kata room grade` could not grade a learner's repository (or a folder it was given) at all; the summary names
/// it by its path and grades the others. A file refused inside a repository is a cell of the table instead
/// (``LearnerRepository/Refusal``).
enum RepositoryError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// The folder is a symbolic link.
    case link(path: String)
    /// Its `.git` is a file (a worktree's, a submodule's checkout) or a link, not a clone's own folder.
    case gitNotAFolder(path: String)
    /// A folder of a class folder that has no `.git`.
    case notARepository(path: String)
    /// A folder that is no repository and holds none.
    case noRepositories(path: String)
    /// HEAD names no commit: nothing was ever committed.
    case noCommit(path: String)
    /// `git` could not read the repository; `said` is its first line.
    case gitFailed(path: String, said: String)
    /// There is no `git` to read it with.
    case gitMissing(path: String)
    /// A partial clone (`git clone --filter`) that lacks files kata would have git fetch.
    case partialClone(path: String)
    /// The committed exercise files come to more than a hand-in may hold.
    case overLimit(path: String, bytes: Int, limit: Int)

    /// The message, on one line, every path shown with its control characters escaped.
    package var description: String {
        switch self {
        case .link(let path):
            "\(Self.shown(path)) was not graded: it is a symbolic link, and kata reads a repository only as the folder "
                + "itself, never through a link; give the folder it points to"
        case .gitNotAFolder(let path):
            "\(Self.shown(path)) was not graded: its .git is not a folder (a worktree's or a submodule's .git file, or "
                + "a link), and kata reads a repository only through its own .git folder; grade a clone of it (git clone)"
        case .notARepository(let path):
            "\(Self.shown(path)) was not graded: it is not a git repository (it has no .git folder); clone the "
                + "learner's repository there, or move the folder out"
        case .noRepositories(let path):
            "\(Self.shown(path)) is neither a hand-in, a learner's repository (a folder with .git and exercises/) nor a "
                + "folder of repositories; give hand-in files, repositories, or the folder gh classroom clone "
                + "student-repos made"
        case .noCommit(let path):
            "\(Self.shown(path)) was not graded: it has no commit, so nothing in it is committed; ask the learner to "
                + "commit exercises/ and push, then clone it again"
        case .gitFailed(let path, let said):
            "\(Self.shown(path)) was not graded: git could not read it (\(said.withVisibleControlsOnOneLine)); see "
                + "what git says with: git -C '\(Self.shown(path))' log -1"
        case .gitMissing(let path):
            "\(Self.shown(path)) was not graded: kata reads a repository's commit with git, and git is not installed "
                + "or not on PATH; install git (apt-get install git) and grade again"
        case .partialClone(let path):
            "\(Self.shown(path)) was not graded: the clone lacks the contents of files kata grades (a partial clone, "
                + "made with git clone --filter), and kata fetches nothing while grading; clone it in full and grade "
                + "again"
        case .overLimit(let path, let bytes, let limit):
            "\(Self.shown(path)) was not graded: its committed exercise files come to \(bytes) bytes, more than the "
                + "\(limit) bytes kata grades of one learner (as of a hand-in)"
        }
    }

    /// Same as ``description``.
    package var errorDescription: String? { description }

    private static func shown(_ path: String) -> String { path.withVisibleControlsOnOneLine }
}
