import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A trusted tool run to completion (the compiler), with its output collected.
///
/// Started with `posix_spawn` and awaited with `waitpid`: Foundation's `Process.waitUntilExit` notices the end of a
/// process up to 50 ms late, and a check runs four tools one after the other.
package struct ExternalCommand {
    /// How a command ended.
    package struct Result {
        package var status: Int32
        package var output: String
        /// The command was killed by a signal (`status` is the signal's number).
        package var signalled = false
    }

    package var executable: URL
    package var arguments: [String]
    package var directory: URL?

    /// A command to run `executable` with `arguments`, in `directory` (by default this process's).
    package init(executable: URL, arguments: [String], directory: URL? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.directory = directory
    }

    /// Runs the command with standard output and standard error merged.
    package func run() throws -> Result {
        #if os(Linux)
            if let changeDirectory = Self.changeDirectory {
                return try spawn(changeDirectory: changeDirectory)
            }
        #endif
        return try runWithFoundation()
    }

    #if os(Linux)
        private typealias ChangeDirectory =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

        /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift's Glibc module does not
        /// export; without it, commands go through Foundation.
        private static let changeDirectory: ChangeDirectory? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
            else { return nil }
            return unsafeBitCast(symbol, to: ChangeDirectory.self)
        }()

        /// Merged stdout and stderr through a pipe whose ends close on exec, so that a command started at the same
        /// time on another thread cannot hold this one's pipe open.
        private func spawn(changeDirectory: ChangeDirectory) throws -> Result {
            guard let output = RunningGroups.shared.closeOnExecPipe() else { throw Self.error("cannot make a pipe") }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_adddup2(&actions, output[1], 2)
            if let directory { _ = changeDirectory(&actions, directory.path) }
            let attributes = SpawnAttributes(newProcessGroup: false)
            var environment = ProcessInfo.processInfo.environment
            environment["TERM"] = "dumb"
            let argv = CStringArray([executable.path] + arguments)
            let envp = CStringArray(environment.map { "\($0.key)=\($0.value)" })
            var pid: pid_t = 0
            let spawned = RunningGroups.shared.spawning {
                let spawned = withExtendedLifetime((attributes, argv, envp)) {
                    posix_spawn(&pid, executable.path, &actions, &attributes.value, argv.pointers, envp.pointers)
                }
                if spawned == 0 { RunningGroups.shared.insertTool(pid) }
                return spawned
            }
            close(output[1])
            defer { close(output[0]) }
            guard spawned == 0 else {
                throw Self.error("cannot run \(executable.path): \(String(cString: strerror(spawned)))")
            }
            defer { RunningGroups.shared.removeTool(pid) }
            var data = Data()
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
                if count > 0 {
                    data.append(contentsOf: chunk[0..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let signal = status & 0x7f
            let signalled = signal != 0 && signal != 0x7f
            return Result(
                status: signalled ? signal : (status >> 8) & 0xff, output: String(decoding: data, as: UTF8.self),
                signalled: signalled)
        }
    #endif

    private static func error(_ reason: String) -> NSError {
        NSError(domain: "kata", code: 1, userInfo: [NSLocalizedDescriptionKey: reason])
    }

    private func runWithFoundation() throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "dumb"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try RunningGroups.shared.spawning {
            try process.run()
            RunningGroups.shared.insertTool(process.processIdentifier)
        }
        defer { RunningGroups.shared.removeTool(process.processIdentifier) }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
            signalled: process.terminationReason == .uncaughtSignal)
    }
}
