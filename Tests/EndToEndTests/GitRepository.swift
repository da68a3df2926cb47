import Foundation

/// A git repository made for a test the way a learner's is: cloned from an assignment, files written, linked and
/// committed with the real `git`, under a fixed author and date and with none of the machine's git configuration
/// (no hooks, no signing, no default branch of its own).
struct GitRepository {
    /// The repository's folder (its working tree).
    let folder: URL

    /// What git printed when it failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `git init` in `folder`, on `main`.
    static func initialize(at folder: URL) throws -> GitRepository {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let repository = GitRepository(folder: folder)
        try repository.git(["init", "-q", "-b", "main"])
        return repository
    }

    /// How much of the source a clone takes.
    enum Depth {
        case full
        /// The last commit only.
        case shallow
        /// A partial clone without its files' contents (`--filter=blob:none`), left unchecked out so that git does
        /// not fetch them: they stay with the source, its promisor remote. The source must allow filters.
        case withoutFiles
    }

    /// `git clone` of `source` into `folder` (through `file://` but for a full clone, since git ignores `--depth`
    /// and `--filter` for a local path).
    static func clone(_ source: GitRepository, to folder: URL, depth: Depth = .full) throws -> GitRepository {
        let url = source.folder.absoluteURL.absoluteString
        let arguments: [String] =
            switch depth {
            case .full: [source.folder.path]
            case .shallow: ["--depth", "1", url]
            case .withoutFiles: ["--filter=blob:none", "--no-checkout", url]
            }
        _ = try run(["clone", "-q"] + arguments + [folder.path], in: nil)
        return GitRepository(folder: folder)
    }

    /// Writes a file of the working tree, creating its folder.
    func write(_ path: String, _ text: String) throws {
        try write(path, bytes: Data(text.utf8))
    }

    /// Writes a file of the working tree byte for byte.
    func write(_ path: String, bytes: Data) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
    }

    /// Puts a symbolic link at `path` (replacing what is there) that points to `destination`, as written.
    func link(_ path: String, to destination: String) throws {
        let url = folder.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    /// `git add -A` and `git commit`.
    func commitAll(_ message: String) throws {
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", message])
    }

    /// Runs `git arguments` in the repository and returns what it printed.
    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        try Self.run(arguments, in: folder)
    }

    private static func run(_ arguments: [String], in directory: URL?) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys where key.hasPrefix("GIT_") { environment.removeValue(forKey: key) }
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        for role in ["AUTHOR", "COMMITTER"] {
            environment["GIT_\(role)_NAME"] = "Learner"
            environment["GIT_\(role)_EMAIL"] = "learner@example.com"
            environment["GIT_\(role)_DATE"] = "2025-01-01T12:00:00Z"
        }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "git \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }
}
