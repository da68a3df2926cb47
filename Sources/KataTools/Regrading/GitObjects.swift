import Foundation
import KataApp
import KataSystem

/// A learner's repository as git stores it, read through git's plumbing at one commit: what is at some paths, and a
/// file's bytes. Never its working tree or index, so what the learner did not commit does not count.
///
/// kata runs only `git rev-parse`, `git ls-tree` and `git cat-file` here, each given the repository's own `.git`
/// folder (`--git-dir`, so git never looks for a repository in the folders above), without replace refs, and with
/// every transport refused (`protocol.allow=never`: what a partial clone lacks is not fetched). None of these
/// commands runs a hook, a filter, a text conversion, a pager or an fsmonitor: nothing of the repository's runs. Each
/// runs under ``CompileLimits`` (a deadline, a memory limit, and the output kept), as a compiler's job does.
struct GitObjects {
    /// What is at a path of the commit.
    struct Entry: Equatable, Sendable {
        /// What git records at the path.
        enum Kind: Equatable, Sendable {
            case file, folder, link, submodule, other
        }

        var kind: Kind
        var id: String
        /// The size of a file (or of a link's target path); nil for a folder or a submodule.
        var bytes: Int?
    }

    /// Why git could not answer.
    enum Failure: Error, Equatable {
        /// HEAD names no commit.
        case noCommit
        /// git is not there.
        case gitMissing
        /// git would have to fetch objects the clone lacks (a partial clone), and kata lets it fetch nothing.
        case notFetched
        /// git failed or was stopped; what it said, on one line.
        case git(String)
    }

    /// The repository's `.git` folder.
    let gitDirectory: URL
    let limits: CompileLimits

    /// The `git` on the `PATH`, if any.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/git"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }()

    /// The commit HEAD names (detached or on a branch, in a full or a shallow clone).
    func head() throws(Failure) -> String {
        let result = try run(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])
        let id = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        if result.status == 1, id.isEmpty { throw .noCommit }
        guard result.status == 0, GitBlobID.isID(id) else { throw .git(Self.firstLine(result)) }
        return id
    }

    /// The entries at `paths` (relative to the repository's top) in `commit`, by path; a path with nothing is left
    /// out. Asked for by exact path, folders included (`-t`), so the answer is as long as the question, however
    /// many files the learner committed; a link or a submodule is found only when its own path is asked for.
    func entries(at paths: [String], in commit: String) throws(Failure) -> [String: Entry] {
        let result = try run(["ls-tree", "--full-tree", "-t", "-l", "-z", commit, "--"] + paths)
        guard result.status == 0, !result.outputCut else { throw .git(Self.firstLine(result)) }
        var entries: [String: Entry] = [:]
        for record in result.output.split(separator: "\0") {
            // `<mode> <type> <id> <size>\t<path>`, the size padded with spaces, `-` for a folder or a submodule.
            guard let tab = record.firstIndex(of: "\t") else { throw .git(Self.firstLine(result)) }
            let fields = record[..<tab].split(separator: " ")
            guard fields.count == 4, GitBlobID.isID(fields[2]) else { throw .git(Self.firstLine(result)) }
            let kind: Entry.Kind =
                switch fields[0] {
                case "040000": .folder
                case "120000": .link
                case "160000": .submodule
                case "100644", "100755", "100664": .file
                default: .other
                }
            entries[String(record[record.index(after: tab)...])] = Entry(
                kind: kind, id: String(fields[2]), bytes: Int(fields[3]))
        }
        return entries
    }

    /// The text of the file `entry` (whose size was checked against the limit before): the bytes git gives are
    /// taken only when they hash to the entry's id, so they are exactly what was committed, and UTF-8.
    func text(of entry: Entry) throws(Failure) -> Result<String, TextFileReader.Failure> {
        let result = try run(["cat-file", "blob", entry.id])
        guard result.status == 0, !result.outputCut else { throw .git(Self.firstLine(result)) }
        if GitBlobID.of(Array(result.output.utf8), like: entry.id) == entry.id { return .success(result.output) }
        // The output was decoded as UTF-8 with replacements; a replacement where git's own bytes differ marks the
        // first byte that is not UTF-8.
        guard let bad = result.output.firstIndex(of: "\u{FFFD}") else {
            throw .git("git cat-file gave other bytes than the committed file's")
        }
        return .failure(.notUTF8(line: result.output[..<bad].count { $0 == "\n" } + 1))
    }

    private func run(_ arguments: [String]) throws(Failure) -> ExternalCommand.Result {
        guard let git = Self.executable else { throw .gitMissing }
        let command = ExternalCommand(
            executable: git,
            arguments: [
                "--git-dir=\(gitDirectory.path)", "--no-replace-objects", "--literal-pathspecs", "-c",
                "protocol.allow=never", "-c", "core.fsmonitor=false",
            ] + arguments, directory: gitDirectory, limits: limits)
        let result: ExternalCommand.Result
        do {
            result = try command.run()
        } catch {
            throw .git((error as NSError).localizedDescription)
        }
        // The message git gives when it would fetch what a partial clone lacks, and `protocol.allow` forbids it.
        if result.status != 0, result.output.contains("transport '"), result.output.contains("' not allowed") {
            throw .notFetched
        }
        if let stop = result.stopped {
            switch stop {
            case .time(let seconds):
                throw .git("git \(arguments[0]) was still running after \(CompileLimits.describe(seconds: seconds)) s")
            case .memory(let bytes):
                throw .git("git \(arguments[0]) ran out of its \(CompileLimits.describe(bytes: bytes)) of memory")
            }
        }
        return result
    }

    /// What git said, for a message: its first error, or else its first line (its whole output can be long, and its
    /// errors come after what it printed before failing).
    private static func firstLine(_ result: ExternalCommand.Result) -> String {
        let lines = result.output.split { $0 == "\n" || $0 == "\0" }
        let line = String(lines.first { $0.hasPrefix("fatal: ") || $0.hasPrefix("error: ") } ?? lines.first ?? "")
        let said = line.count > 200 ? line.prefix(200) + "…" : line
        return said.isEmpty ? "git ended with status \(result.status)" : said
    }
}
