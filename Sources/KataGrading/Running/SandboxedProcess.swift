import Foundation
import KataSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Runs an untrusted program in its own process group, with resource limits, a wall-clock deadline,
/// its events read from a pipe on fd 3, and nothing left running afterwards.
struct SandboxedProcess {
    /// How the program ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut
    }

    var executable: URL
    /// Arguments after the executable's name (bubblewrap's, when the program runs in the sandbox).
    var arguments: [String] = []
    /// The program's whole environment (nothing is inherited); ``ProcessSweeper/tokenVariable`` is added.
    var environment: [String: String]
    /// Marks every process of this run, so that none escapes the sweep.
    var token: String
    /// Where fd 1 and fd 2 go (outside examples; KataSpec captures each example's output itself).
    var outputFile: URL
    /// bubblewrap ends with status 128 + N when the program is killed by signal N.
    var reportsSignalsAsExitStatus = false

    /// Starts the program, hands it `secret` on stdin, and collects what it writes on fd 3 until it ends or `deadline`.
    func run(secret: String, deadline: Date, onLine: (Substring) -> Void) throws -> Termination {
        guard let stdinPipe = RunningGroups.shared.closeOnExecPipe(),
            let eventPipe = RunningGroups.shared.closeOnExecPipe()
        else {
            throw SandboxError.spawn(String(cString: strerror(errno)))
        }
        // A new file each time, never through a link that a program without a sandbox could have left in its place.
        unlink(outputFile.path)
        let outputFD = open(outputFile.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard outputFD >= 0 else { throw SandboxError.spawn("cannot open \(outputFile.path)") }
        defer { close(outputFD) }

        var environment = environment
        environment[ProcessSweeper.tokenVariable] = token
        // Not ended by the kernel with kata, as before: bubblewrap ends the program with kata (`--die-with-parent`);
        // without it, the CPU-time limit the program sets itself bounds what a kata killed by SIGKILL leaves. A
        // session of its own, watched: bubblewrap's inner process waits for its outer one before it asks to end with
        // its parent, so a kata killed in that moment would leave it waiting for ever; kata's watchdog ends it.
        let launch = ProcessLaunch(
            executable: executable, arguments: arguments, environment: environment,
            descriptors: [.handed(stdinPipe[0]), .handed(outputFD), .handed(outputFD), .handed(eventPipe[1])],
            group: .watchedSession, endsWithKata: false)
        ProcessSweeper.becomeSubreaper
        let started: StartedProcess
        do {
            started = try launch.start()
        } catch {
            close(stdinPipe[0])
            close(stdinPipe[1])
            close(eventPipe[0])
            close(eventPipe[1])
            throw SandboxError.spawn(error.reason)
        }
        close(stdinPipe[0])
        close(eventPipe[1])
        defer { close(eventPipe[0]) }
        let pid = started.pid
        defer {
            ProcessSweeper.sweep(group: pid, token: token)
            started.forget()
            if !reportsSignalsAsExitStatus { ProcessSweeper.sweepOrphans() }
        }

        // A program that ended before reading its secret (it fails to load) leaves a pipe with no reader.
        PipeInput.write(Array((secret + "\n").utf8), to: stdinPipe[1])
        close(stdinPipe[1])

        return collect(started, events: eventPipe[0], deadline: deadline, onLine: onLine)
    }

    /// Reads the events of the program `started` from `fd` until it ends (and a moment more for the events it wrote
    /// last) or `deadline`, when its whole group is killed.
    private func collect(_ started: StartedProcess, events fd: Int32, deadline: Date, onLine: (Substring) -> Void)
        -> Termination
    {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var status: Int32 = 0
        var exited = false
        var eventsOpen = true
        var graceUntil: Date?
        while true {
            // In bubblewrap's sandbox, what the program started ended with it (its own process namespace).
            if !exited, let ended = Self.reap(started, ifEnded: true, killingWhatIsLeft: !reportsSignalsAsExitStatus) {
                exited = true
                status = ended
                graceUntil = Date().addingTimeInterval(0.2)
            }
            if exited && (!eventsOpen || Date() > graceUntil!) { break }
            if Date() > deadline {
                kill(-started.pid, SIGKILL)
                if !exited { _ = Self.reap(started, ifEnded: false, killingWhatIsLeft: true) }
                drain(fd, into: &buffer, onLine: onLine)
                return .timedOut
            }
            guard eventsOpen else {
                usleep(2000)
                continue
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 20)
            if ready > 0 {
                let count = read(fd, &chunk, chunk.count)
                if count <= 0 {
                    eventsOpen = false
                } else {
                    buffer += chunk[0..<count]
                    emitLines(&buffer, onLine: onLine)
                }
            }
        }
        let code: Int32
        switch StartedProcess.Ending(waitStatus: status) {
        case .signalled(let signal): return .signalled(signal)
        case .exited(let status): code = status
        }
        if reportsSignalsAsExitStatus, code > 128, code < 128 + 65 { return .signalled(code - 128) }
        return .exited(code)
    }

    /// Collects the program once it has ended (its wait status), ending its watched session first, while its number is
    /// still the session's (``StartedProcess/endSession(killingWhatIsLeft:)``): now, or nil when it runs on and
    /// `ifEnded`; otherwise once it ends.
    private static func reap(_ started: StartedProcess, ifEnded: Bool, killingWhatIsLeft: Bool) -> Int32? {
        var info = siginfo_t()
        let options = WEXITED | WNOWAIT | (ifEnded ? WNOHANG : 0)
        while waitid(P_PID, id_t(started.pid), &info, options) < 0 && errno == EINTR {}
        #if canImport(Darwin)
            let ended = info.si_pid
        #else
            let ended = info._sifields._sigchld.si_pid
        #endif
        guard ended == started.pid else { return nil }
        started.endSession(killingWhatIsLeft: killingWhatIsLeft)
        var status: Int32 = 0
        while waitpid(started.pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    private func drain(_ fd: Int32, into buffer: inout [UInt8], onLine: (Substring) -> Void) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count <= 0 { break }
            buffer += chunk[0..<count]
        }
        emitLines(&buffer, onLine: onLine)
    }

    private func emitLines(_ buffer: inout [UInt8], onLine: (Substring) -> Void) {
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let text = String(decoding: buffer[..<newline], as: UTF8.self)
            onLine(Substring(text))
            buffer.removeSubrange(...newline)
        }
        // KataSpec's longest line (an example's output, capped, with its failures) is far shorter: a longer one is
        // not KataSpec's, and kata's memory is not the program's to fill.
        if buffer.count > Self.longestLine { buffer.removeAll() }
    }

    static let longestLine = 16 << 20
}

/// Why a program could not be started.
enum SandboxError: LocalizedError, CustomStringConvertible {
    case spawn(String)

    package var description: String {
        switch self {
        case .spawn(let reason): "cannot start the exercise program: \(reason)"
        }
    }

    package var errorDescription: String? { description }
}
