import Foundation
import KataApp

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One learner's work as named on `kata room grade`'s command line: a hand-in file, or a learner's git repository.
///
/// A path names a hand-in when it is a file; a learner's repository when it is a folder with `.git` and
/// `exercises/` (a clone of the assignment); otherwise a folder of repositories (what `gh classroom clone
/// student-repos` makes), each folder in it with `.git` being one learner's, in the order of their names. A folder
/// with `.git` alone, holding no repository, is a learner's repository whose `exercises/` is gone. Folders are
/// looked at without following links: a repository is read only as the folder itself, through its own `.git`
/// folder, so no link can put one learner's work under another's name.
enum GradingInput: Equatable, Sendable {
    case handin(URL)
    case repository(URL)
    /// A path that names no learner's work, and why (shown in the summary, by its path).
    case unusable(URL, RepositoryError)

    /// The learners' work `url` names: one input, or one per repository of a class folder.
    package static func inputs(for url: URL) -> [GradingInput] {
        switch kind(url) {
        case .folder: break
        case .link where kind(url.resolvingSymlinksInPath()) == .folder:
            return [.unusable(url, .link(path: url.path))]
        default:
            // A file, a link to one, or nothing: the hand-in reader says what is wrong with it, by name.
            return [.handin(url)]
        }
        if has(".git", in: url), kind(url.appendingPathComponent("exercises")) != .missing { return [clone(url)] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
        let folders = names.map { url.appendingPathComponent($0) }.filter { [.folder, .link].contains(kind($0)) }
        let repositories = folders.filter { has(".git", in: $0) }
        if repositories.isEmpty {
            return [has(".git", in: url) ? clone(url) : .unusable(url, .noRepositories(path: url.path))]
        }
        return folders.map { folder in
            switch kind(folder) {
            case .link: .unusable(folder, .link(path: folder.path))
            case .folder where has(".git", in: folder): clone(folder)
            default: .unusable(folder, .notARepository(path: folder.path))
            }
        }
    }

    /// A folder with `.git`: a repository when its `.git` is a folder of its own.
    private static func clone(_ folder: URL) -> GradingInput {
        kind(folder.appendingPathComponent(".git")) == .folder
            ? .repository(folder) : .unusable(folder, .gitNotAFolder(path: folder.path))
    }

    private static func has(_ name: String, in folder: URL) -> Bool {
        kind(folder.appendingPathComponent(name)) != .missing
    }

    private enum Kind { case missing, file, folder, link, other }

    /// What is at `url`, not following a link.
    private static func kind(_ url: URL) -> Kind {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        case S_IFLNK: return .link
        default: return .other
        }
    }
}
