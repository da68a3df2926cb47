import Foundation
import KataSystem

#if canImport(Glibc)
    import Glibc
#endif

/// How a learner's program is confined on this computer.
///
/// On Linux with bubblewrap (Debian's `bubblewrap`), the program sees an allow-list of the host, read-only: the
/// folders of the libraries it loads (``RuntimeFiles``) and KataSpec's; besides them only itself, a file for its
/// output, a private writable `/tmp` of 64 MiB and a minimal `/dev`: no workbook, no home folder, no other checkout,
/// no `/proc`, no `/run` (so no socket of the host), no network. It has its own PID namespace (so every process it
/// starts ends with it) and `--die-with-parent` (so it ends with kata, even when kata is killed). Run as root, it
/// also drops to the user `nobody`, so that the process-count limit holds. Without bubblewrap the program runs as
/// the learner, in its own process group, with CPU, memory, file-size and process limits; ``notice`` says so.
package struct Sandbox: Sendable, Equatable {
    /// What confines the program.
    package enum Kind: Sendable, Equatable {
        /// bubblewrap at this path; `dropToNobody` when kata runs as root (with setpriv at that path).
        case bubblewrap(path: String, setpriv: String?)
        /// No sandbox; the reason, in a learner's words.
        case none(reason: String)
    }

    package var kind: Kind

    /// What confined a program, as results, the JSON report and the verdict cache name it.
    package enum Name: String, Codable, Sendable {
        /// bubblewrap.
        case bubblewrap
        /// No sandbox: the program ran as the learner, with limits only (named `none`).
        case unconfined = "none"
    }

    /// Where the program, its capture folder and its scratch folder are inside the sandbox.
    static let programPath = "/tmp/kata/program"
    static let capturePath = "/tmp/kata/capture.out"
    static let scratchPath = "/tmp/work"
    /// The size of the program's private `/tmp`, and of its `/dev/shm`.
    static let scratchBytes = 64 << 20
    static let sharedMemoryBytes = 1 << 20
    /// The user a root kata runs programs as.
    static let nobody: UInt32 = 65534

    /// The sandbox this computer offers, found once per process. `KATA_SANDBOX=none` turns it off (for debugging
    /// kata itself); `KATA_SANDBOX=require` makes a check fail with an error when there is none.
    package static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> Sandbox {
        if environment["KATA_SANDBOX"] == "none" {
            return Sandbox(kind: .none(reason: "KATA_SANDBOX=none turned it off"))
        }
        return detected
    }

    /// The name ``detect`` gives, found without trying bubblewrap when that can be helped: a cached verdict is
    /// looked up by it, so that an unchanged check does not pay for starting a sandbox it will not use. What trying
    /// it showed since the computer started is remembered in `remembered` (see ``remember(in:)``); before that, a
    /// bubblewrap that is installed is expected to work.
    package static func expectedName(
        environment: [String: String] = ProcessInfo.processInfo.environment, remembered: URL? = nil
    ) -> Name {
        if environment["KATA_SANDBOX"] == "none" { return .unconfined }
        #if os(Linux)
            guard let bwrap = executable(named: "bwrap") else { return .unconfined }
            if getuid() == 0 && executable(named: "setpriv") == nil { return .unconfined }
            if let remembered, let text = try? String(contentsOf: remembered, encoding: .utf8) {
                let lines = text.split(separator: "\n").map(String.init)
                if lines.count == 2, lines[0] == stamp(bwrap), let name = Name(rawValue: lines[1]) { return name }
            }
            return .bubblewrap
        #else
            return .unconfined
        #endif
    }

    /// Remembers what trying bubblewrap showed (on a computer where it is installed but cannot work, such as a
    /// container without user namespaces, verdicts are then cached as run without a sandbox).
    package func remember(in file: URL) {
        #if os(Linux)
            guard let bwrap = Self.executable(named: "bwrap") else { return }
            let text = Self.stamp(bwrap) + "\n" + name.rawValue + "\n"
            if (try? String(contentsOf: file, encoding: .utf8)) == text { return }
            try? FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: file, options: .atomic)
        #endif
    }

    /// bubblewrap, the user and this boot of the computer: what the outcome of trying bubblewrap depends on.
    private static func stamp(_ bwrap: String) -> String {
        let boot = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? ""
        return "\(bwrap)|\(getuid())|\(boot.trimmingCharacters(in: .whitespacesAndNewlines))"
    }

    private static let detected: Sandbox = {
        #if os(Linux)
            guard let bwrap = executable(named: "bwrap") else {
                return Sandbox(kind: .none(reason: "bubblewrap is not installed (sudo apt-get install bubblewrap)"))
            }
            let setpriv = getuid() == 0 ? executable(named: "setpriv") : nil
            if getuid() == 0 && setpriv == nil {
                return Sandbox(kind: .none(reason: "kata runs as root and setpriv (util-linux) is missing"))
            }
            let sandbox = Sandbox(kind: .bubblewrap(path: bwrap, setpriv: setpriv))
            let probe = sandbox.probeArguments()
            // Under a compiler's limits, so in a watched session (``ProcessLaunch/Group/watchedSession``): a kata killed
            // while bubblewrap starts leaves no half-made sandbox waiting for ever.
            let limits = CompileLimits(environment: ProcessInfo.processInfo.environment)
            guard
                let status = try? ExternalCommand(
                    executable: URL(fileURLWithPath: bwrap), arguments: probe, limits: limits
                ).run(),
                status.status == 0
            else {
                return Sandbox(
                    kind: .none(reason: "bubblewrap cannot create a sandbox here (user namespaces may be disabled)"))
            }
            return sandbox
        #else
            return Sandbox(kind: .none(reason: "kata has no sandbox on this system yet"))
        #endif
    }()

    /// Whether the program is confined.
    var isConfined: Bool {
        if case .bubblewrap = kind { return true }
        return false
    }

    /// One line for `kata check` when there is no sandbox: what protects the learner, and how to get more.
    package var notice: String? {
        guard case .none(let reason) = kind else { return nil }
        return "Note: no sandbox on this computer (\(reason)). Your code ran as you, in its own process group with "
            + "time, CPU, memory and file-size limits, but it could read and change your files."
    }

    /// The name recorded in machine-readable results.
    package var name: Name { isConfined ? .bubblewrap : .unconfined }

    /// bubblewrap's arguments to run `program` (a path outside) with `libraries` (KataSpec's folder, or the harness's) and `runtime` (the
    /// libraries and their folders) shown read-only and `capture` (a file) bound writable: an allow-list, so that
    /// nothing else of the host is there to read, no socket of the host to connect to, and no kernel `/proc` (the
    /// process's own memory is not a file it can read): `proc` is a folder of plain files (``SandboxProc``).
    func arguments(
        program: String, libraries: [String], capture: String?, runtime: RuntimeFiles, proc: String? = nil
    ) -> [String] {
        guard case .bubblewrap(_, let setpriv) = kind else { return [] }
        var arguments = ["--die-with-parent", "--new-session", "--unshare-pid", "--unshare-net", "--unshare-ipc"]
        arguments += ["--unshare-uts", "--unshare-cgroup-try"]
        // As root, no user namespace: bubblewrap mounts with root's rights, then setpriv makes the program nobody.
        arguments += setpriv == nil ? ["--unshare-user"] : ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
        // The private temporary folders live in memory: cap them, as RLIMIT_FSIZE caps each file.
        arguments += [
            "--dev", "/dev", "--perms", "1777", "--size", String(Self.sharedMemoryBytes), "--tmpfs", "/dev/shm",
        ]
        if let proc { arguments += ["--ro-bind", proc, "/proc"] }
        arguments += ["--perms", "1777", "--size", String(Self.scratchBytes), "--tmpfs", "/tmp"]
        var shown = runtime.folders
        for library in libraries where !shown.contains(library) { shown.append(library) }
        let files = [setpriv].compactMap { $0 }.map { RuntimeFiles.resolve($0).real }
        // Folders bubblewrap creates on the way to a mount are private to root; the program must pass them.
        var made: Set<String> = ["/", "/tmp", "/dev"]
        for path in shown + files + runtime.links.map(\.path) {
            for ancestor in Self.ancestors(of: path) where made.insert(ancestor).inserted {
                arguments += ["--perms", "0755", "--dir", ancestor]
            }
        }
        for folder in shown { arguments += ["--ro-bind", folder, folder] }
        for file in files { arguments += ["--ro-bind", file, file] }
        for link in runtime.links { arguments += ["--symlink", link.target, link.path] }
        arguments += ["--perms", "0755", "--dir", "/tmp/kata", "--ro-bind", program, Self.programPath]
        if let capture { arguments += ["--bind", capture, Self.capturePath] }
        arguments += ["--perms", "0777", "--dir", Self.scratchPath, "--chdir", Self.scratchPath]
        // The folders bubblewrap made live in memory too, and are the learner's own user's without root: read-only.
        arguments += ["--remount-ro", "/dev", "--remount-ro", "/", "--"]
        if let setpriv {
            arguments += [setpriv, "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups"]
            arguments += ["--inh-caps=-all", "--"]
        }
        arguments.append(Self.programPath)
        return arguments
    }

    /// The arguments that try whether bubblewrap can make a sandbox here at all (namespaces, mounts), running
    /// `/bin/true` from the host's own system folders; no learner code runs with these.
    func probeArguments() -> [String] {
        guard case .bubblewrap(_, let setpriv) = kind else { return [] }
        var arguments = ["--die-with-parent", "--unshare-pid", "--unshare-net", "--unshare-ipc"]
        arguments += setpriv == nil ? ["--unshare-user"] : []
        arguments += ["--ro-bind", "/usr", "/usr", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/tmp"]
        for name in ["bin", "lib", "lib64", "lib32", "sbin"] {
            let path = "/" + name
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                arguments += ["--symlink", target, path]
            } else if FileManager.default.fileExists(atPath: path) {
                arguments += ["--ro-bind", path, path]
            }
        }
        return arguments + ["/bin/true"]
    }

    /// The folders above `path`, outermost first (`/usr`, `/usr/lib` for `/usr/lib/x86_64-linux-gnu`).
    static func ancestors(of path: String) -> [String] {
        var ancestors: [String] = []
        var folder = (path as NSString).deletingLastPathComponent
        while folder != "/" && !folder.isEmpty {
            ancestors.insert(folder, at: 0)
            folder = (folder as NSString).deletingLastPathComponent
        }
        return ancestors
    }

    private static func executable(named name: String) -> String? {
        for folder in ["/usr/bin", "/bin", "/usr/local/bin", "/usr/sbin", "/sbin"] {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
