import Foundation
import KataBasics
import KataMessages
import KataSystem

/// How the Swift driver runs the compiler and the linker on this toolchain, so that kata can run them itself.
///
/// `swiftc` is a driver: it starts, plans its jobs, then runs `swift-frontend`, `swift-autolink-extract` and
/// `clang` (which runs the linker). Its own start costs about 30 ms a call, and a check makes three calls (two
/// modules and the link). The plan is read once per compiler from `swiftc -###` (which prints the jobs instead of
/// running them), tried on a tiny program, and remembered beside the KataSpec cache; a check then runs the jobs
/// directly. It links with lld where the toolchain has it (`ld.lld` beside `swiftc`), which is faster than the
/// system's default linker, and then starts lld itself rather than through `clang` (``directLink``). When the plan
/// cannot be read or does not work, kata goes through `swiftc` as before.
package struct CompilerPlan: Sendable, Codable, Equatable {
    /// `swift-frontend`.
    var frontend: String
    /// What the driver passes to every frontend job besides the files, the module name and the outputs.
    var frontendArguments: [String]
    /// `swift-autolink-extract`, which lists the libraries an object file asks for.
    var autolinkExtract: String
    /// The link job's program (`clang`).
    var linker: String
    /// The link job's arguments; ``objectsMark``, ``autolinkMark`` and ``outputMark`` stand for what changes.
    var linkArguments: [String]
    /// The linker that `linker` runs, run directly, when it is lld: nil to go through `linker`.
    var directLink: DirectLink?

    /// The job `clang` would run for a link, read from `clang -###` and tried once: lld with every argument clang
    /// gives it, the same marks standing for what changes. Starting `clang` costs a link about a fifth of its time
    /// (37.7 ms of CPU through clang, 30.3 ms straight to lld, a check's program; `perf stat`, 20 runs each).
    struct DirectLink: Sendable, Codable, Equatable {
        /// `ld.lld`.
        var linker: String
        var arguments: [String]

        /// What lld takes for the flags a check gives `clang` for its library of kata's (`-I`, `-L`, `-l` and
        /// `-Xlinker`); nil when one is something else, and the link goes through `clang`.
        static func linkerFlags(_ flags: [String]) -> [String]? {
            var translated: [String] = []
            var rest = flags[...]
            while let flag = rest.popFirst() {
                switch flag {
                case "-I": guard rest.popFirst() != nil else { return nil }
                case "-L", "-Xlinker":
                    guard let value = rest.popFirst() else { return nil }
                    translated += flag == "-L" ? ["-L", value] : [value]
                default:
                    guard flag.hasPrefix("-l"), flag.count > 2 else { return nil }
                    translated.append(flag)
                }
            }
            return translated
        }
    }

    /// A job of reading or trying the plan was stopped at one of kata's limits (a very busy computer): nothing is
    /// remembered, and the next kata reads the plan again.
    struct Stopped: Error {}

    static let objectsMark = "KATA-OBJECTS"
    static let autolinkMark = "KATA-AUTOLINK"
    static let outputMark = "KATA-OUTPUT"

    /// What kata adds to every frontend job: no check of the compiler's own intermediate code (SIL) between its passes,
    /// which finds mistakes of the compiler's, never of the code it compiles, and costs a compile 5 to 7% of its
    /// instructions (callgrind, a chapter's specs and a Swift Testing file, Swift 6.3.1).
    static let frontendFlags = ["-sil-verify-none"]

    /// The frontend job that compiles `files` as `module` into `object`, with `extra` flags.
    func compile(files: [String], module: String, object: String, extra: [String]) -> (String, [String]) {
        let outputs = ["-module-name", module, "-o", object]
        return (frontend, ["-frontend", "-c"] + files + frontendArguments + Self.frontendFlags + extra + outputs)
    }

    /// The frontend job that compiles `files` as `module` no further than SIL, to `/dev/null`: what `kata verify` asks
    /// of an example block (every diagnostic a build would give, none of the code generation).
    func emitSIL(files: [String], module: String, extra: [String]) -> (String, [String]) {
        let outputs = ["-module-name", module, "-o", "/dev/null"]
        let mode = ["-frontend", "-emit-sil"]
        return (frontend, mode + files + frontendArguments + Self.frontendFlags + extra + outputs)
    }

    /// The link job: `objects` and the libraries they ask for (listed in `autolink`) into `output`. Straight to lld
    /// when the plan has it, `entries` (the lines of `autolink`) are libraries alone, and lld takes `extra`.
    func link(objects: [String], autolink: String, output: String, extra: [String], entries: [String]? = nil) -> (
        String, [String]
    ) {
        if let directLink, let entries, entries.allSatisfy({ $0.hasPrefix("-l") && !$0.contains(" ") }),
            let flags = DirectLink.linkerFlags(extra)
        {
            return (directLink.linker, Self.filling(directLink.arguments, objects, autolink, output, flags))
        }
        return (linker, Self.filling(linkArguments, objects, autolink, output, []) + extra)
    }

    /// `template` with its marks replaced, and `flags` after the libraries the objects ask for.
    private static func filling(
        _ template: [String], _ objects: [String], _ autolink: String, _ output: String, _ flags: [String]
    ) -> [String] {
        var arguments: [String] = []
        for argument in template {
            switch argument {
            case Self.objectsMark: arguments += objects
            case Self.autolinkMark: arguments += ["@" + autolink] + flags
            case Self.outputMark: arguments.append(output)
            default: arguments.append(argument)
            }
        }
        return arguments
    }

    /// The plan for `toolchain`, read from `swiftc -###` and tried the first time, then remembered in `cache`.
    /// Nil when kata should go through `swiftc` (the plan did not work, or `KATA_COMPILER=driver`). `endOrphans` ends
    /// what dead preparations left running (``Prerequisites/endOrphans``) before their trial folders are swept.
    static func load(
        toolchain: Toolchain, cache: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
        endOrphans: () -> Void
    ) -> CompilerPlan? {
        if environment["KATA_COMPILER"] == "driver" { return nil }
        let remembered = file(toolchain: toolchain, cache: cache)
        if let plan = recall(remembered) { return plan }
        // One kata reads the plan; another that needs it meanwhile (a check while `kata next`'s preparation runs)
        // waits for it rather than reading it too.
        return FileLock(cache.appendingPathComponent(".plan.lock")).holding { () -> CompilerPlan? in
            if let plan = recall(remembered) { return plan }
            endOrphans()
            Leftovers.sweep(cache, only: ".plan-")
            let scratch = cache.appendingPathComponent(".plan-\(getpid())")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let plan: CompilerPlan?
            do {
                plan = try read(toolchain: toolchain, in: scratch).flatMap { read in
                    guard try read.works(in: scratch, limits: toolchain.limits) else { return nil }
                    var plan = read
                    plan.directLink = try read.directLink(in: scratch, limits: toolchain.limits)
                    return plan
                }
            } catch {
                return nil
            }
            try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            let data = plan.flatMap { try? JSONEncoder().encode($0) } ?? Data()
            try? data.write(to: remembered, options: .atomic)
            return plan
        }
    }

    /// The version of what a plan holds: a plan remembered by an older kata is read again (2: ``directLink``).
    static let formatVersion = 2

    /// Where the plan for `toolchain` is remembered.
    private static func file(toolchain: Toolchain, cache: URL) -> URL {
        cache.appendingPathComponent(
            "plan-\(SHA256.hex("\(formatVersion)|" + toolchain.swiftc.path + "|" + toolchain.version).prefix(16)).json")
    }

    /// The remembered plan: `.some(nil)` when an empty file remembers that the plan did not work with this
    /// compiler, nil when nothing is remembered.
    private static func recall(_ file: URL) -> CompilerPlan?? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return .some(data.isEmpty ? nil : try? JSONDecoder().decode(CompilerPlan.self, from: data))
    }

    /// Reads the driver's jobs for a whole-module compile and for a link.
    static func read(toolchain: Toolchain, in folder: URL) throws(Stopped) -> CompilerPlan? {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard
            let compile = try job(
                toolchain.swiftc,
                ["-###", "-c", "-wmo", "plan.swift", "-module-name", "KataPlan", "-o", "plan.o"],
                in: folder, limits: toolchain.limits), compile.status == 0,
            let link = try job(
                toolchain.swiftc, ["-###", "plan.o", "-o", "plan"] + toolchain.linkerFlags, in: folder,
                limits: toolchain.limits), link.status == 0
        else { return nil }
        let compileJobs = compile.output.split(separator: "\n").map { ShellWords.split(String($0)) }
        let linkJobs = link.output.split(separator: "\n").map { ShellWords.split(String($0)) }
        guard compileJobs.count == 1, let frontendJob = compileJobs.first, frontendJob.count > 3,
            frontendJob[1] == "-frontend", frontendJob[2] == "-c", linkJobs.count == 2,
            let extractJob = linkJobs.first, extractJob.last?.hasSuffix(".autolink") == true,
            let linkJob = linkJobs.last, linkJob.contains("plan.o"), linkJob.contains("plan")
        else { return nil }
        var frontendArguments: [String] = []
        var rest = frontendJob.dropFirst(3)[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "plan.swift": continue
            case "-supplementary-output-file-map", "-module-name", "-o": _ = rest.popFirst()
            default: frontendArguments.append(argument)
            }
        }
        var linkArguments: [String] = []
        var linkRest = linkJob.dropFirst()[...]
        while let argument = linkRest.popFirst() {
            if argument == "plan.o" {
                linkArguments.append(objectsMark)
            } else if argument.hasPrefix("@"), argument.hasSuffix(".autolink") {
                linkArguments.append(autolinkMark)
            } else if argument == "-o", linkRest.first == "plan" {
                _ = linkRest.popFirst()
                linkArguments += ["-o", outputMark]
            } else {
                linkArguments.append(argument)
            }
        }
        guard linkArguments.contains(objectsMark), linkArguments.contains(autolinkMark),
            linkArguments.contains(outputMark)
        else { return nil }
        return CompilerPlan(
            frontend: frontendJob[0], frontendArguments: frontendArguments, autolinkExtract: extractJob[0],
            linker: linkJob[0], linkArguments: linkArguments)
    }

    /// Runs one job of reading or trying the plan: nil when it could not be started.
    static func job(
        _ executable: URL, _ arguments: [String], in folder: URL, limits: CompileLimits?
    ) throws(Stopped) -> ExternalCommand.Result? {
        let result = try? ExternalCommand(
            executable: executable, arguments: arguments, directory: folder, limits: limits
        ).run()
        if result?.stopped != nil { throw Stopped() }
        return result
    }

    /// Whether the plan builds and runs a two-module program that prints what it should, its jobs within `limits`.
    func works(in folder: URL, limits: CompileLimits? = nil) throws(Stopped) -> Bool {
        let files = [
            ("Greeting.swift", "struct Greeting { var text: String { \"planned\" } }\n"),
            (
                "main.swift",
                "@testable import KataPlanA\n@main enum Main { static func main() { print(Greeting().text) } }\n"
            ),
        ]
        for (name, contents) in files {
            guard (try? Data(contents.utf8).write(to: folder.appendingPathComponent(name))) != nil else { return false }
        }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let jobs = [
            compile(
                files: [path("Greeting.swift")], module: "KataPlanA", object: path("a.o"),
                extra: ["-parse-as-library", "-enable-testing", "-emit-module-path", path("KataPlanA.swiftmodule")]),
            compile(
                files: [path("main.swift")], module: "KataPlanB", object: path("b.o"),
                extra: ["-parse-as-library", "-I", folder.path]),
            (autolinkExtract, [path("a.o"), path("b.o"), "-o", path("plan.autolink")]),
            link(
                objects: [path("a.o"), path("b.o")], autolink: path("plan.autolink"), output: path("plan"), extra: []),
        ]
        for (executable, arguments) in jobs {
            let result = try Self.job(URL(fileURLWithPath: executable), arguments, in: folder, limits: limits)
            guard result?.status == 0 else { return false }
        }
        let run = try Self.job(URL(fileURLWithPath: path("plan")), [], in: folder, limits: limits)
        return run?.status == 0 && run?.output == "planned\n"
    }
}

extension CompilerPlan {
    /// The lld job `linker` runs for a link, read from `linker -###` in `folder` after ``works(in:limits:)`` built its
    /// trial there, and tried on that trial: nil when `linker` does not run lld, or the job does not work.
    func directLink(in folder: URL, limits: CompileLimits?) throws(Stopped) -> DirectLink? {
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let probe = "-lKATA_AUTOLINK_PROBE"
        guard (try? Data((probe + "\n").utf8).write(to: URL(fileURLWithPath: path("probe.autolink")))) != nil else {
            return nil
        }
        let objects = [path("a.o"), path("b.o")]
        let (linker, arguments) = link(
            objects: objects, autolink: path("probe.autolink"), output: path("direct"), extra: [])
        guard
            let printed = try Self.job(URL(fileURLWithPath: linker), ["-###"] + arguments, in: folder, limits: limits),
            printed.status == 0,
            let job = printed.output.split(separator: "\n").map({ ShellWords.split(String($0)) }).last(where: {
                $0.first.map { URL(fileURLWithPath: $0).lastPathComponent == "ld.lld" } ?? false
            })
        else { return nil }
        var template: [String] = ["--threads=1"]
        var rest = job.dropFirst()[...]
        while let argument = rest.popFirst() {
            switch argument {
            case objects[0]: template.append(Self.objectsMark)
            case objects[1]: continue
            case probe: template.append(Self.autolinkMark)
            case "-o" where rest.first == path("direct"):
                _ = rest.popFirst()
                template += ["-o", Self.outputMark]
            default: template.append(argument)
            }
        }
        guard [Self.objectsMark, Self.autolinkMark, Self.outputMark].allSatisfy(template.contains) else { return nil }
        var direct = self
        direct.directLink = DirectLink(linker: job[0], arguments: template)
        guard
            let entries = AutolinkEntries.write(
                objects.map { URL(fileURLWithPath: $0) }, to: URL(fileURLWithPath: path("direct.autolink")))
        else { return nil }
        let (lld, lldArguments) = direct.link(
            objects: objects, autolink: path("direct.autolink"), output: path("direct"), extra: [], entries: entries)
        guard lld == job[0],
            try Self.job(URL(fileURLWithPath: lld), lldArguments, in: folder, limits: limits)?.status == 0
        else { return nil }
        let run = try Self.job(URL(fileURLWithPath: path("direct")), [], in: folder, limits: limits)
        return run?.status == 0 && run?.output == "planned\n" ? direct.directLink : nil
    }
}

/// Splits a command line as `swiftc -###` prints it (words separated by spaces; quotes and backslashes as in a
/// POSIX shell).
package enum ShellWords {
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
