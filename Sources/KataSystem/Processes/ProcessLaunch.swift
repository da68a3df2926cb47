import CSpawn
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process for kata to start, and the one way kata starts one: a compiler's job, a tool (git, make, curl), a
/// learner's program, a detached kata.
///
/// Every child starts through `kata_spawn` (Sources/CSpawn), which does what posix_spawn does and what it cannot (the
/// kernel ending the child with kata, its resource limits), with every signal at its default action and none blocked
/// whatever kata blocks or handles, and holding only the descriptors named in ``descriptors``: nothing else kata has
/// open (a pipe a test or a `make` reads from would stay open while it runs; a learner's program could write to a
/// file of kata's). It is recorded among kata's running children (``RunningGroups``) as it starts, so that no sweep
/// takes it for an orphan, and a child in a group of its own is killed with kata on Ctrl-C, SIGTERM and SIGHUP.
package struct ProcessLaunch {
    /// Which process group the child is in: what reaches it, and what kata stops.
    package enum Group: Sendable, Equatable {
        /// kata's own: Ctrl-C at kata's terminal reaches it as it reaches kata. A tool kata waits for.
        case kata
        /// A group of its own, which kata kills as a whole on Ctrl-C, SIGTERM and SIGHUP: a compiler's job and what it
        /// starts, a learner's program and what it starts.
        case own
        /// A session of its own, with no terminal, so that no hang-up or Ctrl-C aimed at kata reaches it: a kata
        /// command that outlives the one that started it.
        case newSession
    }

    /// What one of the child's descriptors is.
    package enum Descriptor: Sendable, Equatable {
        /// `/dev/null`, open for reading and writing.
        case nullDevice
        /// This descriptor of kata's (which kata keeps open too); `/dev/null` when kata has none of that number (kata
        /// started with its standard input closed hands its child none either).
        case handed(Int32)
    }

    /// The kernel's limits on the child, which hold it even when kata is gone.
    package struct ResourceLimits: Sendable, Equatable {
        /// CPU seconds (RLIMIT_CPU: SIGXCPU, then SIGKILL five seconds later); 0 for none.
        package var cpuSeconds: UInt64
        /// Bytes it may allocate (RLIMIT_DATA; macOS does not hold a process to it); 0 for none.
        package var dataBytes: UInt64
        /// No core file (RLIMIT_CORE of 0): a job stopped at a limit leaves nothing behind.
        package var noCoreFile: Bool

        /// Limits of `cpuSeconds`, `dataBytes` and no core file; by default none: kata's own.
        package init(cpuSeconds: UInt64 = 0, dataBytes: UInt64 = 0, noCoreFile: Bool = false) {
            self.cpuSeconds = cpuSeconds
            self.dataBytes = dataBytes
            self.noCoreFile = noCoreFile
        }
    }

    /// The program, by its path (no search of the `PATH`: `/usr/bin/env` does that for a tool named by its name).
    package var executable: URL
    /// The arguments after the program's name.
    package var arguments: [String]
    /// Its whole environment; nil for kata's own.
    package var environment: [String: String]?
    /// The folder it starts in; nil for kata's.
    package var directory: URL?
    /// Its descriptors from 0 on: standard input, output and error, then any more (a learner's program's results on
    /// 3). At least three, at most sixteen.
    package var descriptors: [Descriptor]
    /// The process group it is in.
    package var group: Group
    /// The kernel's limits on it.
    package var limits: ResourceLimits
    /// Whether the kernel kills it when kata ends, however kata ends, even by `kill -9` (Linux only). The kernel does
    /// so when the thread that started it ends: a child that outlives the call that started it must not.
    package var endsWithKata: Bool

    /// A launch of `executable` with `arguments`, by default as a tool: kata's environment, folder and process group,
    /// nothing to read and nowhere to write, ended with kata.
    package init(
        executable: URL, arguments: [String] = [], environment: [String: String]? = nil, directory: URL? = nil,
        descriptors: [Descriptor] = [.nullDevice, .nullDevice, .nullDevice], group: Group = .kata,
        limits: ResourceLimits = ResourceLimits(), endsWithKata: Bool = true
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.directory = directory
        self.descriptors = descriptors
        self.group = group
        self.limits = limits
        self.endsWithKata = endsWithKata
    }

    /// Starts the process; it runs until it ends, and the caller collects it (``StartedProcess/wait()``), or has it
    /// collected (``StartedProcess/collectWhenEnded()``).
    package func start() throws(LaunchError) -> StartedProcess {
        precondition(
            (3...Int(KATA_SPAWN_MOST_DESCRIPTORS)).contains(descriptors.count),
            "a child is handed 3 to \(KATA_SPAWN_MOST_DESCRIPTORS) descriptors")
        // Only when kata could not open the shared one (out of descriptors, say): this start's own.
        var ownNullDevice: Int32 = -1
        defer { if ownNullDevice >= 0 { close(ownNullDevice) } }
        var handed: [Int32] = []
        for descriptor in descriptors {
            switch descriptor {
            case .handed(let fd) where fcntl(fd, F_GETFD) >= 0: handed.append(fd)
            case .handed, .nullDevice:
                if Self.nullDevice < 0 && ownNullDevice < 0 {
                    ownNullDevice = open("/dev/null", O_RDWR | O_CLOEXEC)
                    guard ownNullDevice >= 0 else { throw .cannotStart(executable: executable.path, code: errno) }
                }
                handed.append(Self.nullDevice >= 0 ? Self.nullDevice : ownNullDevice)
            }
        }
        let argv = CStringArray([executable.path] + arguments)
        let envp = CStringArray((environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" })
        var pid: pid_t = 0
        let code = RunningGroups.shared.spawning {
            let code = handed.withUnsafeBufferPointer { fds in
                var options = kata_spawn_options(
                    group: group.code, dies_with_parent: endsWithKata ? 1 : 0, cpu_seconds: limits.cpuSeconds,
                    data_bytes: limits.dataBytes, no_core_file: limits.noCoreFile ? 1 : 0, descriptors: fds.baseAddress,
                    descriptor_count: Int32(fds.count))
                return withExtendedLifetime((argv, envp)) {
                    kata_spawn(executable.path, argv.pointers, envp.pointers, directory?.path, &options, &pid)
                }
            }
            if code == 0 {
                if group == .own { RunningGroups.shared.insert(pid) } else { RunningGroups.shared.insertTool(pid) }
            }
            return code
        }
        guard code == 0 else { throw .cannotStart(executable: executable.path, code: code) }
        return StartedProcess(pid: pid, group: group)
    }

    /// `/dev/null`, opened once for every child (close-on-exec: a child holds it only where it is handed).
    private static let nullDevice = open("/dev/null", O_RDWR | O_CLOEXEC)
}

extension ProcessLaunch.Group {
    /// The group as `kata_spawn` takes it.
    fileprivate var code: Int32 {
        switch self {
        case .kata: KATA_SPAWN_KATAS_GROUP
        case .own: KATA_SPAWN_OWN_GROUP
        case .newSession: KATA_SPAWN_NEW_SESSION
        }
    }
}

/// A C array of C strings (`argv`, `envp`), freed with it.
private final class CStringArray {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit { for pointer in pointers { free(pointer) } }
}
