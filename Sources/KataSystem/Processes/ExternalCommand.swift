import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A trusted tool run to completion (the compiler, and git or the site builder), with its output collected.
///
/// Started by ``ProcessLaunch`` (through `kata_spawn`: what posix_spawn does, plus what it cannot) and awaited with `waitpid`:
/// Foundation's `Process.waitUntilExit` notices the end of a process up to 50 ms late, and a check runs four tools
/// one after the other. On Linux every command is killed by the kernel when kata ends, however it ends (even
/// `kill -9`). A compiler's job (one with ``limits``) also runs in a session of its own (a process group of its own
/// elsewhere than on Linux), which kata ends whole at its deadline, on Ctrl-C, SIGTERM and SIGHUP, when the job ends
/// (so nothing it started stays), and, through a ``SessionWatchdog``, when kata ends however it ends: the frontends
/// `swiftc` starts, each in a group of its own, too. It runs under the kernel's CPU and memory limits.
package struct ExternalCommand {
    /// How a command ended.
    package struct Result {
        package var status: Int32
        package var output: String
        /// The command was killed by a signal (`status` is the signal's number).
        package var signalled = false
        /// kata stopped it at one of its ``limits``: not an answer about the code it compiled.
        package var stopped: CompileLimits.Stop?
        /// It printed more than its limits keep, and was ended: `output` is what came first.
        package var outputCut = false
    }

    package var executable: URL
    package var arguments: [String]
    package var directory: URL?
    /// The bounds of a compiler's job; nil for a tool that is not a compiler.
    package var limits: CompileLimits?

    /// A command to run `executable` with `arguments`, in `directory` (by default this process's), within `limits`.
    package init(executable: URL, arguments: [String], directory: URL? = nil, limits: CompileLimits? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.directory = directory
        self.limits = limits
    }

    /// The C library's settings for a compiler's job, `existing` kept: its memory in huge pages where the kernel has
    /// them on request (glibc 2.35 and later; other C libraries ignore it). A frontend touches some 30 MB of fresh memory,
    /// and taking it 2 MB at a time rather than 4 kB spares it about 40% of its page faults and 7% of its time (a
    /// chapter's specs: 7,670 faults and 101 ms before, 4,630 and 94 ms after; `perf stat`, 20 runs each).
    static func tunables(_ existing: String?) -> String {
        let hugePages = "glibc.malloc.hugetlb=1"
        guard let existing, !existing.isEmpty else { return hugePages }
        return existing.contains("glibc.malloc.hugetlb") ? existing : existing + ":" + hugePages
    }

    /// How long a frontend stopped at its deadline has to print where it was (see ``StackDumpPlace``).
    static let stackDumpGrace: Double = 2

    /// Runs the command with standard output and standard error merged.
    package func run() throws -> Result {
        // A pipe whose descriptors close on exec, so that a command started at the same time on another thread
        // cannot hold this one's pipe open.
        guard let output = RunningGroups.shared.closeOnExecPipe() else { throw Self.error("cannot make a pipe") }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "dumb"
        if limits != nil {
            // A compiler that crashes or is stopped prints its stack without starting another program to name its
            // functions (llvm-symbolizer, swift-backtrace): quickly, and nothing more to end.
            environment["LLVM_DISABLE_SYMBOLIZATION"] = "1"
            environment["SWIFT_BACKTRACE"] = "enable=no"
            environment["GLIBC_TUNABLES"] = Self.tunables(environment["GLIBC_TUNABLES"])
            // This thread waits for the job: it takes Ctrl-C, SIGTERM and SIGHUP (which end the job with kata), even
            // when kata's parent started it with them blocked.
            RunningGroups.shared.handleStopSignals()
        }
        let launch = ProcessLaunch(
            executable: executable, arguments: arguments, environment: environment, directory: directory,
            descriptors: [.nullDevice, .handed(output[1]), .handed(output[1])],
            group: limits == nil ? .kata : .watchedSession,
            limits: .init(cpuSeconds: limits?.cpuSeconds ?? 0, dataBytes: limits?.memoryBytes ?? 0, noCoreFile: true))
        let started: StartedProcess
        do {
            started = try launch.start()
        } catch {
            close(output[0])
            close(output[1])
            throw Self.error(error.description)
        }
        close(output[1])
        defer { close(output[0]) }
        // Collected below, before this runs.
        defer { started.forget() }
        let pid = started.pid
        var collected = Collected(limit: limits?.outputBytes ?? Int.max)
        var stopped: CompileLimits.Stop?
        if let limits {
            var succeeded = false
            let ended = collected.collect(from: output[0], until: Self.now() + limits.seconds)
            if !ended && !collected.cut {
                stopped = .time(seconds: limits.seconds)
                // The frontend says where it was when it gets SIGQUIT (a driver would only start a backtracer).
                if executable.lastPathComponent == "swift-frontend" {
                    kill(pid, SIGQUIT)
                    _ = collected.collect(from: output[0], until: Self.now() + Self.stackDumpGrace)
                }
            } else if ended {
                // Its end, left unreaped so that its process group and session stay its own until the lines below.
                succeeded = started.waitUntilEndedInSuccess()
            }
            // The job's whole group (the linker clang runs), then, unless it ended in success (a driver waits for
            // every frontend it starts), its whole session: the frontends a driver runs, each in a group of its own.
            kill(-pid, SIGKILL)
            started.endSession(killingWhatIsLeft: !succeeded)
        } else {
            _ = collected.collect(from: output[0], until: nil)
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let ending = StartedProcess.Ending(waitStatus: status)
        var result = Result(
            status: ending.number, output: String(decoding: collected.data, as: UTF8.self),
            signalled: ending.bySignal, stopped: stopped, outputCut: collected.cut)
        if let limits, stopped == nil, !collected.cut, result.status != 0,
            Self.ranOutOfMemory(result, peak: Self.peakBytes(usage), limits: limits)
        {
            result.stopped = .memory(bytes: limits.memoryBytes)
        }
        return result
    }

    /// Whether a job that failed was refused memory: it says so, or it crashed (an allocation that fails can end in a
    /// segmentation fault) with half its limit in use. Linux kills a process that runs the computer out of memory
    /// rather than failing its allocations, so a refused allocation is the limit's.
    static func ranOutOfMemory(_ result: Result, peak: UInt64, limits: CompileLimits) -> Bool {
        if CompileLimits.outOfMemorySignatures.contains(where: result.output.contains) { return true }
        let crashed =
            result.signalled || result.output.contains("Stack dump:")
            || result.output.contains("failed due to signal")
        return crashed && peak >= limits.memoryBytes / 2
    }

    /// The most memory the job and what it waited for held at once, in bytes.
    private static func peakBytes(_ usage: rusage) -> UInt64 {
        #if canImport(Darwin)
            UInt64(max(0, usage.ru_maxrss))
        #else
            UInt64(max(0, usage.ru_maxrss)) * 1024
        #endif
    }

    /// Seconds on a clock that only goes forward.
    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    private static func error(_ reason: String) -> NSError {
        NSError(domain: "kata", code: 1, userInfo: [NSLocalizedDescriptionKey: reason])
    }
}

/// What a command printed, up to a limit.
private struct Collected {
    var data = Data()
    let limit: Int
    /// More came than the limit keeps.
    var cut = false

    /// Reads `fd` until its end (true), or until `deadline` or the limit (false). A compiler's job holds its output
    /// open until it ends, so its end is the job's.
    mutating func collect(from fd: Int32, until deadline: Double?) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let deadline {
                let left = deadline - Double(DispatchTime.now().uptimeNanoseconds) / 1e9
                guard left > 0 else { return false }
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(min(left * 1000 + 1, 60_000)))
                if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                let kept = min(count, limit - data.count)
                data.append(contentsOf: chunk[0..<kept])
                if kept < count {
                    cut = true
                    return false
                }
            } else if count == 0 || errno != EINTR {
                return true
            }
        }
    }
}
