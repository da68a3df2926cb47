import Foundation
import KataSystem

/// The `git` command, for making an assignment's template: listing a checkout's files, and committing the
/// template so that the teacher can push it as it is.
enum Git {
    typealias Result = ExternalCommand.Result

    /// The `git` on the `PATH`, if any.
    static var executable: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/git"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }

    /// Runs `git arguments` in `folder`, with its output (standard output and error together).
    static func run(_ arguments: [String], in folder: URL) throws -> Result {
        guard let git = executable else {
            throw NSError(
                domain: "kata", code: 1, userInfo: [NSLocalizedDescriptionKey: "git is not installed or not on PATH"])
        }
        return try ExternalCommand(executable: git, arguments: arguments, directory: folder).run()
    }

    /// Whether `folder` is the top of a git work tree (a clone, or a worktree, whose `.git` is a file).
    static func isWorkTree(_ folder: URL) -> Bool {
        guard executable != nil, FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path)
        else { return false }
        return (try? run(["rev-parse", "--is-inside-work-tree"], in: folder))?.status == 0
    }
}
