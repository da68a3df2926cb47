import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataSystem
import KataWorkbook

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a kata command that lives in a companion binary (``CompanionBinary``): the process is replaced by the
/// companion, which gets the terminal, the arguments and the exit status as they are.
package enum CompanionCommand {
    /// Replaces this process with `<companion> <arguments>`, `environment` added to its environment. kata-tools is built first when it is missing and this
    /// kata was built in a checkout (`make tools`, the same build `make run` does); otherwise says how to get it.
    package static func exec(
        _ companion: CompanionBinary, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> Never {
        var binary = companion.locate()
        let named = ProcessInfo.processInfo.environment[companion.environmentKey] ?? ""
        if binary == nil, companion == .tools, named.isEmpty {
            binary = try buildTools(for: arguments)
        }
        guard let binary else {
            Output.printError(missing(companion))
            throw ExitCode(1)
        }
        // So that the companion's usage lines, and what the room server tells the instructor to run, read as the user
        // typed kata (`./kata`).
        setenv(KataCommand.environmentKey, KataCommand.detected(), 1)
        for (key, value) in environment { setenv(key, value, 1) }
        let argv = [binary.path] + arguments
        var pointers = argv.map { strdup($0) }
        pointers.append(nil)
        execv(binary.path, pointers)
        Output.printError(
            "kata: error: cannot run \(binary.path.withVisibleControlsOnOneLine): \(String(cString: strerror(errno)))")
        throw ExitCode(1)
    }

    /// What to do when a companion cannot be found.
    static func missing(_ companion: CompanionBinary) -> String {
        if let path = ProcessInfo.processInfo.environment[companion.environmentKey], !path.isEmpty {
            return
                "kata: error: \(companion.environmentKey) names \(path.withVisibleControlsOnOneLine), which is not a "
                + "program that can be run. "
                + "Point it at a \(companion.name) binary, or unset it.\n" + howToGet(companion).capitalizingFirstLetter
        }
        return "kata: error: " + howToGet(companion)
    }

    /// How to get a companion that is missing.
    private static func howToGet(_ companion: CompanionBinary) -> String {
        switch companion {
        case .tools:
            return """
                kata's tools (kata-tools: the site builder, verify, translate, room github) are not \
                next to this kata, and it was not built in a checkout of kata that could build them.
                Build them with `make tools` in kata's checkout and put .build/debug/kata-tools next to kata, \
                or set KATA_TOOLS_BIN to a kata-tools binary.
                """
        case .room:
            return """
                the room server (kata-room) is not built yet. Build it once with:
                    make room
                (it compiles the web server and the SQLite layer: a few minutes the first time), then run this again.
                Or set KATA_ROOM_BIN to a kata-room binary.
                """
        }
    }

    /// Builds kata-tools in the checkout this kata was built in, saying why first; returns the binary, or nil when
    /// this kata was not built in a checkout. A failed build is an error.
    private static func buildTools(for arguments: [String]) throws -> URL? {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath(),
            let checkout = CompanionBinary.checkout(of: executable),
            FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Makefile").path)
        else { return nil }
        // A release kata (`make release`) gets a release kata-tools beside it; `make release` builds both.
        let target = executable.deletingLastPathComponent().lastPathComponent == "release" ? "release" : "tools"
        let asked = KataCommand.detected() + " " + arguments.prefix { !$0.hasPrefix("-") }.joined(separator: " ")
        Output.printError(
            """
            `\(asked)` runs kata's tools (kata-tools), which a learner's first build leaves out. Building them now, \
            once (`make \(target)`, about 20 seconds).
            """)
        // make's own output goes to standard error, so that what the command prints stays alone on standard output.
        // It is in kata's process group, so that Ctrl-C stops the build with kata; killed otherwise, kata leaves it to
        // finish.
        let make = ProcessLaunch(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["make", "-C", checkout.path, "--no-print-directory", target],
            descriptors: [.handed(STDIN_FILENO), .handed(STDERR_FILENO), .handed(STDERR_FILENO)], endsWithKata: false)
        let ending: StartedProcess.Ending
        do {
            ending = try make.start().wait()
        } catch {
            Output.printError("kata: error: cannot run make: \(error). Run `make \(target)` in \(checkout.path).")
            throw ExitCode(1)
        }
        guard ending == .exited(0), let built = CompanionBinary.tools.locate() else {
            Output.printError(
                "kata: error: building kata-tools failed (see above). Run `make \(target)` in \(checkout.path), "
                    + "then run this again.")
            throw ExitCode(1)
        }
        return built
    }
}

extension String {
    fileprivate var capitalizingFirstLetter: String { prefix(1).uppercased() + dropFirst() }
}
