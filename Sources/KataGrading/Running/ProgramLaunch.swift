import Foundation
import KataBuilding

#if canImport(Glibc)
    import Glibc
#endif

/// How a test program is started, whatever runs its tests: in the sandbox or not, with its limits, its environment,
/// and the one file it may write its output to. ``ProgramRunner`` (KataSpec) and ``FrameworkRunner`` (Swift Testing,
/// XCTest) start every pass of a run through it.
package struct ProgramLaunch: Sendable {
    package var limits: RunLimits
    /// The program's source files relative to the workbook root, to name the line of a `Fatal error`.
    package var sourcePaths: [String]
    /// What confines the program.
    package var sandbox: Sandbox
    /// The folders of the libraries the program loads besides the toolchain's (KataSpec's, or kata's harness): the
    /// sandbox shows them to the program, read-only.
    var libraryDirectories: [URL]
    /// The `/proc` the sandbox shows (``SandboxProc``): none when nil.
    package var proc: URL?
    /// Names the line an example was running when its time ran out; nil to say only that it ran out.
    package var symbolizer: StackSymbolizer?

    package init(
        limits: RunLimits, sourcePaths: [String], sandbox: Sandbox, libraryDirectories: [URL], proc: URL? = nil,
        symbolizer: StackSymbolizer? = nil
    ) {
        self.limits = limits
        self.sourcePaths = sourcePaths
        self.sandbox = sandbox
        self.libraryDirectories = libraryDirectories
        self.proc = proc
        self.symbolizer = symbolizer
    }

    /// A program ready to start, any number of times.
    struct Prepared {
        var executable: URL
        var arguments: [String]
        /// The environment every pass starts from (nothing is inherited from kata's).
        var environment: [String: String]
        /// The file the program writes its output to: in the sandbox the only thing of the host it can write to, bound
        /// in place (so it cannot be swapped for a link or a FIFO), its size capped by RLIMIT_FSIZE.
        var capture: URL
        /// Where fd 1 and 2 go before the program redirects them into the capture file.
        var outputFile: URL
        var confined: Bool

        /// The process for one pass, with `environment` as its whole environment.
        func process(environment: [String: String]) -> SandboxedProcess {
            SandboxedProcess(
                executable: executable, arguments: arguments, environment: environment,
                token: ProgramRunner.randomToken(), outputFile: outputFile, reportsSignalsAsExitStatus: confined)
        }
    }

    /// Makes the capture file and the scratch folder in `folder`, and the command that starts `binary`.
    func prepare(_ binary: URL, in folder: URL) throws -> Prepared {
        let capture = folder.appendingPathComponent("capture.out")
        let scratch = folder.appendingPathComponent("scratch")
        let fileManager = FileManager.default
        let confined = sandbox.isConfined
        try? fileManager.removeItem(at: capture)
        try? fileManager.removeItem(at: scratch)
        guard fileManager.createFile(atPath: capture.path, contents: nil) else {
            throw SandboxError.spawn("cannot create \(capture.path)")
        }
        if !confined { try fileManager.createDirectory(at: scratch, withIntermediateDirectories: true) }
        let workdir = confined ? Sandbox.scratchPath : scratch.path
        if confined, getuid() == 0 {
            // The program runs as nobody, and writes its output here.
            _ = chown(capture.path, Sandbox.nobody, Sandbox.nobody)
        }
        let launch: (executable: URL, arguments: [String])
        if case .bubblewrap(let path, _) = sandbox.kind {
            guard let runtime = RuntimeFiles.needed(byLibrariesIn: libraryDirectories) else {
                throw SandboxError.spawn("the dynamic loader cannot list the libraries the program needs")
            }
            launch = (
                URL(fileURLWithPath: path),
                sandbox.arguments(
                    program: binary.path, libraries: libraryDirectories.map(\.path), capture: capture.path,
                    runtime: runtime, proc: proc?.path)
            )
        } else {
            launch = (binary, [])
        }
        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": workdir, "TMPDIR": workdir, "LANG": "C.UTF-8",
            "SWIFT_BACKTRACE": "enable=no", "KATA_EVENTS_FD": "3",
            "KATA_CAPTURE_FILE": confined ? Sandbox.capturePath : capture.path,
            "KATA_OUTPUT_LIMIT": String(limits.outputLimit), "KATA_WORKDIR": workdir,
        ]
        // RLIMIT_NPROC counts every process of the user, so the limit is what runs now plus a margin. Root is never
        // limited: in the sandbox, a root kata runs the program as nobody instead.
        if confined, getuid() == 0 {
            environment["KATA_PROCESS_LIMIT"] = String(
                ProgramRunner.processCount(of: Sandbox.nobody) + limits.extraProcesses)
        } else if getuid() != 0 {
            environment["KATA_PROCESS_LIMIT"] = String(ProgramRunner.processCount(of: getuid()) + limits.extraProcesses)
        }
        return Prepared(
            executable: launch.executable, arguments: launch.arguments, environment: environment, capture: capture,
            outputFile: folder.appendingPathComponent("output.txt"), confined: confined)
    }

    /// What a pass printed: outside the capture (`text`, with a note when it was cut) and into it (`captured`), each
    /// with the generated sources' paths named as the workbook's.
    func printed(in prepared: Prepared) -> (text: String, captured: String) {
        var printed = ProgramRunner.read(prepared.outputFile, limit: limits.outputLimit)
        printed.text = ProgramRunner.namingSourcePaths(printed.text, sourcePaths)
        let captured = ProgramRunner.read(prepared.capture, limit: limits.outputLimit)
        let text =
            printed.text.isEmpty
            ? "" : printed.text + (printed.truncated ? "\n[output cut at \(limits.outputLimit) bytes]\n" : "")
        return (text, ProgramRunner.namingSourcePaths(ProgramRunner.withoutStackTrace(captured.text), sourcePaths))
    }
}
