import Foundation
import KataBasics
import KataRoomWire

/// How the learner types `kata` in their shell: what every "run kata check …" line starts with.
///
/// A learner who ran `make run` and nothing else has no `kata` on their `PATH`; telling them to type
/// `kata check` would get "command not found". So the commands kata prints start with whatever works
/// from where the learner stands: `kata` when the shell finds this very program under that name, else
/// the workbook's `./kata` launcher (`../../kata` from `exercises/<chapter>/`), else the path the
/// program was started by.
package enum KataCommand {
    /// The command for this process, worked out from how it was started: what the command line hands the workspace
    /// (``Workspace/kataCommand``) and its companions (``environmentKey``). It comes from the environment
    /// (`KATA_LAUNCHER`) or from how kata was started, so its control characters are escaped.
    package static func detected() -> String {
        detect(
            environment: ProcessInfo.processInfo.environment, executable: runningExecutable(),
            invokedAs: CommandLine.arguments.first ?? "kata",
            currentDirectory: FileManager.default.currentDirectoryPath
        ).withVisibleControlsOnOneLine
    }

    /// Where kata tells a companion it runs (kata-tools, kata-room: ``CompanionBinary``) how the user typed kata,
    /// so that the companion's usage lines and the commands it prints read as kata's.
    package static let environmentKey = KataCommandHandover.environmentKey

    /// How kata said the user typed it, in ``environmentKey``.
    package static func passed(in environment: [String: String]) -> String? {
        KataCommandHandover.passed(in: environment)
    }

    /// kata's commands, as a chapter names them after `kata`.
    static let subcommands: Set<Substring> = [
        "next", "check", "hint", "list", "reset", "watch", "lang", "verify", "translate", "build-site", "join",
        "leave", "handin", "room",
    ]

    /// A chapter's `kata check hello-kata` (inline code that is a kata command) written the way a reader types it:
    /// `name` in place of its first word (`./kata check hello-kata`). Other text, plain `kata` among it, is left as
    /// it is.
    ///
    /// One rule for every place a learner reads a command: chapters and docs write `kata <command>`; the terminal
    /// shows it as it works where the learner stands (``detected()``), the site as it works in the workbook's folder.
    package static func written(_ text: String, as name: String) -> String {
        guard name != "kata", text.hasPrefix("kata ") else { return text }
        let rest = text.dropFirst(5)
        guard let word = rest.split(separator: " ", maxSplits: 1).first, subcommands.contains(word) else {
            return text
        }
        return name + " " + rest
    }

    /// The command to print.
    ///
    /// - Parameters:
    ///   - environment: `PATH`, `KATA_LAUNCHER` (the absolute path of the `./kata` script, which sets it), and in a
    ///     companion ``environmentKey``.
    ///   - executable: this program's file.
    ///   - invokedAs: `argv[0]`.
    ///   - currentDirectory: where the learner is.
    package static func detect(
        environment: [String: String], executable: String?, invokedAs: String, currentDirectory: String
    ) -> String {
        if let executable, CompanionBinary(rawValue: URL(fileURLWithPath: executable).lastPathComponent) != nil,
            let passed = passed(in: environment)
        {
            return passed
        }
        let launcher = environment["KATA_LAUNCHER"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let ours = Set([executable, launcher].compactMap { $0.map(realPath) })
        // The shell runs the first `kata` on PATH: plain `kata` works only if that is this program or its launcher.
        for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/kata"
            guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
            if ours.contains(realPath(candidate)) { return "kata" }
            break
        }
        if let launcher { return relative(launcher, from: currentDirectory) }
        if invokedAs.contains("/") {
            return invokedAs.hasPrefix("/") ? relative(invokedAs, from: currentDirectory) : invokedAs
        }
        return "kata"
    }

    /// `path` as typed from `directory`: `./kata` beside it, `../../kata` below it, else the absolute path.
    static func relative(_ path: String, from directory: String) -> String {
        let file = URL(fileURLWithPath: path).standardizedFileURL
        let folder = file.deletingLastPathComponent().path
        let here = URL(fileURLWithPath: directory).standardizedFileURL.path
        if here == folder { return "./" + file.lastPathComponent }
        if here.hasPrefix(folder == "/" ? "/" : folder + "/") {
            let depth = here.dropFirst(folder.count).split(separator: "/").count
            return String(repeating: "../", count: depth) + file.lastPathComponent
        }
        return file.path
    }

    static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// This program's file: `/proc/self/exe` on Linux, the bundle's executable elsewhere.
    static func runningExecutable() -> String? {
        #if os(Linux)
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                return target
            }
        #endif
        return Bundle.main.executablePath
    }
}
