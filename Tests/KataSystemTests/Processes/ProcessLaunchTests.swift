import Foundation
import Testing

@testable import KataSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Starting a process: the one way kata does")
struct ProcessLaunchTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test("a tool ends with its status, having read nothing: its input is /dev/null")
    func plain() throws {
        let output = try OpenPipe.closingOnExec()
        let started = try ProcessLaunch(
            executable: Self.shell, arguments: ["-c", "cat; echo read it all; exit 3"],
            descriptors: [.nullDevice, .handed(output.writeEnd), .nullDevice]
        ).start()
        output.closeWriteEnd()
        #expect(output.readAll() == "read it all\n")
        #expect(started.wait() == .exited(3))
    }

    @Test("a signal's end says which signal")
    func signalled() throws {
        let started = try ProcessLaunch(executable: Self.shell, arguments: ["-c", "kill -TERM $$"]).start()
        #expect(started.wait() == .signalled(SIGTERM))
    }

    @Test("a descriptor handed over is the child's, at the place named: a learner's program writes its results on 3")
    func handedDescriptor() throws {
        let input = try OpenPipe.closingOnExec()
        let results = try OpenPipe.closingOnExec()
        let started = try ProcessLaunch(
            executable: Self.shell, arguments: ["-c", "read secret; echo \"result for $secret\" >&3"],
            descriptors: [.handed(input.readEnd), .nullDevice, .nullDevice, .handed(results.writeEnd)]
        ).start()
        input.closeReadEnd()
        results.closeWriteEnd()
        input.send("s3cret\n")
        #expect(results.readAll() == "result for s3cret\n")
        #expect(started.wait() == .exited(0))
    }

    @Test("the child holds no descriptor of kata's that was not handed to it, close-on-exec or not")
    func nothingElseInherited() throws {
        // A pipe kata opened without close-on-exec: were the child to hold its write end, the pipe would not end
        // while the child runs (it reads its input until kata closes it).
        var stray: [Int32] = [-1, -1]
        try #require(pipe(&stray) == 0)
        defer { close(stray[0]) }
        let input = try OpenPipe.closingOnExec()
        let started = try ProcessLaunch(
            executable: URL(fileURLWithPath: "/bin/cat"),
            descriptors: [.handed(input.readEnd), .nullDevice, .nullDevice]
        ).start()
        close(stray[1])
        var poller = pollfd(fd: stray[0], events: Int16(POLLIN), revents: 0)
        _ = poll(&poller, 1, 30_000)
        var byte: UInt8 = 0
        #expect(poller.revents != 0 && read(stray[0], &byte, 1) == 0, "the write end's only holder was kata")
        #expect(Self.isRunning(started.pid), "the child was still running when the pipe ended")
        input.closeWriteEnd()
        #expect(started.wait() == .exited(0))
    }

    @Test("its environment and folder are those given, or kata's")
    func environmentAndFolder() throws {
        let folder = try Self.folder()
        let given = try Self.output(
            of: ProcessLaunch(
                executable: Self.shell, arguments: ["-c", "echo \"$KATA_GIVEN|$HOME\"; pwd -P"],
                environment: ["KATA_GIVEN": "yes"], directory: folder))
        #expect(given == "yes|\n\(folder.resolvingSymlinksInPath().path)\n")
        let inherited = try Self.output(
            of: ProcessLaunch(executable: Self.shell, arguments: ["-c", "echo \"$HOME\"; pwd -P"]))
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        #expect(inherited == "\(ProcessInfo.processInfo.environment["HOME"] ?? "")\n\(here)\n")
    }

    @Test("kata's process group, a group of its own, or a session of its own; recorded while it runs")
    func groups() throws {
        for group in [ProcessLaunch.Group.kata, .own, .newSession] {
            let input = try OpenPipe.closingOnExec()
            let started = try ProcessLaunch(
                executable: URL(fileURLWithPath: "/bin/cat"),
                descriptors: [.handed(input.readEnd), .nullDevice, .nullDevice],
                group: group
            ).start()
            input.closeReadEnd()
            switch group {
            case .kata:
                #expect(getpgid(started.pid) == getpgrp())
                #expect(getsid(started.pid) == getsid(0))
            case .own:
                #expect(getpgid(started.pid) == started.pid)
                #expect(getsid(started.pid) == getsid(0))
            case .newSession:
                #expect(getpgid(started.pid) == started.pid)
                #expect(getsid(started.pid) == started.pid)
            }
            #expect(RunningGroups.shared.known().contains(started.pid), "\(group): a sweep leaves it alone")
            input.closeWriteEnd()
            #expect(started.wait() == .exited(0))
            #expect(!RunningGroups.shared.known().contains(started.pid), "\(group): forgotten once collected")
        }
    }

    @Test("the kernel's limits on CPU time, data and core files, or kata's own")
    func limits() throws {
        let report = ["-c", "ulimit -t; ulimit -d; ulimit -H -c"]
        let limited = try Self.output(
            of: ProcessLaunch(
                executable: Self.shell, arguments: report,
                limits: .init(cpuSeconds: 7, dataBytes: 256 << 20, noCoreFile: true)))
        #expect(limited == "7\n262144\n0\n")
        let own = try Self.output(of: ProcessLaunch(executable: Self.shell, arguments: report))
        let kataLimits = [
            Self.limit(RLIMIT_CPU, unit: 1), Self.limit(RLIMIT_DATA, unit: 1024),
            Self.limit(RLIMIT_CORE, unit: 512, hard: true),
        ]
        #expect(own == kataLimits.joined(separator: "\n") + "\n")
    }

    @Test("a missing program, or folder, is an error that names the program")
    func missingExecutable() throws {
        let missing = "/nonexistent/kata-\(UUID().uuidString)"
        #expect(throws: LaunchError.cannotStart(executable: missing, code: ENOENT)) {
            try ProcessLaunch(executable: URL(fileURLWithPath: missing)).start()
        }
        #expect(
            LaunchError.cannotStart(executable: missing, code: ENOENT).description
                == "cannot run \(missing): No such file or directory")
        #expect(throws: LaunchError.cannotStart(executable: Self.shell.path, code: ENOENT)) {
            try ProcessLaunch(executable: Self.shell, directory: URL(fileURLWithPath: missing)).start()
        }
    }

    #if os(Linux)
        @Test("no signal kata blocks is blocked in the child")
        func signalsAtDefault() throws {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGUSR1)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &blocked, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            let mask = try Self.output(
                of: ProcessLaunch(
                    executable: URL(fileURLWithPath: "/bin/grep"), arguments: ["SigBlk", "/proc/self/status"]))
            #expect(mask.hasSuffix("0000000000000000\n"), "\(mask)")
        }

        @Test("the kernel kills a child that ends with kata when the thread that started it ends, and no other")
        func endsWithKata() throws {
            let input = try OpenPipe.closingOnExec()
            defer { input.closeWriteEnd() }
            let started = StartedOnThread()
            let thread = Thread {
                do {
                    for ends in [true, false] {
                        started.children[ends] = try ProcessLaunch(
                            executable: URL(fileURLWithPath: "/bin/cat"),
                            descriptors: [.handed(input.readEnd), .nullDevice, .nullDevice], endsWithKata: ends
                        ).start()
                    }
                } catch {
                    started.failure = error as? LaunchError
                }
            }
            thread.start()
            #expect(Self.waitUntil { thread.isFinished })
            #expect(started.failure == nil)
            let ending = try #require(started.children[true])
            let staying = try #require(started.children[false])
            // Were the signal not sent, `cat` would still be reading: ending its input ends it with status 0.
            if !Self.waitUntil({ !Self.isRunning(ending.pid) }) { input.closeWriteEnd() }
            #expect(ending.wait() == .signalled(SIGKILL))
            // Both were the same thread's children: the kernel went through both when it sent the first its signal.
            #expect(Self.isRunning(staying.pid))
            input.closeWriteEnd()
            #expect(staying.wait() == .exited(0))
        }

        @Test("a child nobody waits for is collected when it ends, not left a zombie")
        func collectedWhenEnded() throws {
            let started = try ProcessLaunch(executable: Self.shell, arguments: ["-c", "exit 0"], group: .newSession)
                .start()
            started.collectWhenEnded()
            #expect(Self.waitUntil { !FileManager.default.fileExists(atPath: "/proc/\(started.pid)") })
        }
    #endif

    /// What `launch` prints on standard output, once it has ended with status 0.
    static func output(of launch: ProcessLaunch) throws -> String {
        let output = try OpenPipe.closingOnExec()
        var launch = launch
        launch.descriptors = [.nullDevice, .handed(output.writeEnd), .nullDevice]
        let started = try launch.start()
        output.closeWriteEnd()
        let text = output.readAll()
        #expect(started.wait() == .exited(0))
        return text
    }

    /// This process's soft (or `hard`) limit `resource` as `ulimit` prints it, in `unit` bytes.
    #if os(Linux)
        static func limit(_ resource: __rlimit_resource, unit: UInt64, hard: Bool = false) -> String {
            var value = rlimit()
            getrlimit(__rlimit_resource_t(resource.rawValue), &value)
            let limit = hard ? value.rlim_max : value.rlim_cur
            return limit == rlim_t.max ? "unlimited" : "\(UInt64(limit) / unit)"
        }
    #else
        static func limit(_ resource: Int32, unit: UInt64, hard: Bool = false) -> String {
            var value = rlimit()
            getrlimit(resource, &value)
            let limit = hard ? value.rlim_max : value.rlim_cur
            // RLIM_INFINITY, which Swift does not import from its C macro.
            return limit >= rlim_t(Int64.max) ? "unlimited" : "\(UInt64(limit) / unit)"
        }
    #endif

    /// Whether `pid` is a process that has not ended (a zombie has).
    static func isRunning(_ pid: pid_t) -> Bool {
        #if os(Linux)
            ExternalCommandTests.running(pid)
        #else
            kill(pid, 0) == 0
        #endif
    }

    static func waitUntil(_ condition: () -> Bool) -> Bool {
        ExternalCommandTests.waitUntil(seconds: 30, condition)
    }

    @Test("input for a child that ended without reading it fails to write, and does not end kata with SIGPIPE")
    func inputNobodyReads() throws {
        let input = try OpenPipe.closingOnExec()
        let started = try ProcessLaunch(
            executable: Self.shell, arguments: ["-c", "exit 0"],
            descriptors: [.handed(input.readEnd), .nullDevice, .nullDevice]
        ).start()
        input.closeReadEnd()
        #expect(started.wait() == .exited(0))
        // Were SIGPIPE not held back, this process (the test run) would end here.
        #expect(!PipeInput.write(Array("a secret nobody reads\n".utf8), to: input.writeEnd))
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0, "no SIGPIPE is left waiting for the thread")

        let reader = try OpenPipe.closingOnExec()
        let big = [UInt8](repeating: 0x61, count: 200_000)
        let cat = try ProcessLaunch(
            executable: URL(fileURLWithPath: "/bin/cat"),
            descriptors: [.handed(reader.readEnd), .nullDevice, .nullDevice]
        ).start()
        reader.closeReadEnd()
        #expect(PipeInput.write(big, to: reader.writeEnd), "more than a pipe holds, to a child that reads it all")
        reader.closeWriteEnd()
        #expect(cat.wait() == .exited(0))
    }

    static func folder() throws -> URL {
        try ExternalCommandTests.folder()
    }
}

/// A pipe whose ends close on exec, so that only the child it is handed to holds an end.
private final class OpenPipe: @unchecked Sendable {
    let readEnd: Int32
    let writeEnd: Int32
    private var open: Set<Int32>

    private init(_ ends: [Int32]) {
        readEnd = ends[0]
        writeEnd = ends[1]
        open = Set(ends)
    }

    static func closingOnExec() throws -> OpenPipe {
        OpenPipe(try #require(RunningGroups.shared.closeOnExecPipe()))
    }

    func closeReadEnd() { end(readEnd) }
    func closeWriteEnd() { end(writeEnd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
    }

    func readAll() -> String {
        let data = FileHandle(fileDescriptor: readEnd, closeOnDealloc: false).readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self)
    }

    private func end(_ fd: Int32) {
        if open.remove(fd) != nil { close(fd) }
    }

    deinit { for fd in open { close(fd) } }
}

/// What a thread started, for the test that waits for the thread's end.
private final class StartedOnThread: @unchecked Sendable {
    var children: [Bool: StartedProcess] = [:]
    var failure: LaunchError?
}
