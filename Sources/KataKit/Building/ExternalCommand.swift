import Foundation

/// A trusted tool run to completion (the compiler), with its output collected.
struct ExternalCommand {
    /// How a command ended.
    struct Result {
        var status: Int32
        var output: String
        /// The command was killed by a signal (`status` is the signal's number).
        var signalled = false
    }

    var executable: URL
    var arguments: [String]
    var directory: URL?

    /// Runs the command with standard output and standard error merged.
    func run() throws -> Result {
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
