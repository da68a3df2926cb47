import Foundation
import Testing

@testable import KataBuilding
@testable import KataSystem

@Suite("The compiler's plan")
struct CompilerPlanTests {
    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("command lines split as a shell splits them: quotes, escaped spaces, empty words")
    func shellWords() {
        #expect(ShellWords.split("/usr/bin/clang -o plan plan.o") == ["/usr/bin/clang", "-o", "plan", "plan.o"])
        #expect(ShellWords.split(#"a "b c" 'd e' f\ g"#) == ["a", "b c", "d e", "f g"])
        #expect(ShellWords.split(#"-I "" x"#) == ["-I", "", "x"])
        #expect(ShellWords.split("  spaced   out  ") == ["spaced", "out"])
    }

    @Test("the plan read from swiftc -### builds and runs a two-module program; its link job has the markers")
    func readsAndWorks() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let toolchain = try Toolchain.locate(cache: folder)
        let plan = try #require(try CompilerPlan.read(toolchain: toolchain, in: folder.appendingPathComponent("read")))
        #expect(plan.frontend.hasSuffix("swift-frontend"))
        #expect(!plan.frontendArguments.contains("plan.swift"), "the probe's own file is not part of the plan")
        #expect(!plan.frontendArguments.contains("-module-name"))
        #expect(plan.linkArguments.contains(CompilerPlan.objectsMark))
        #expect(plan.linkArguments.contains(CompilerPlan.outputMark))
        if !toolchain.linkerFlags.isEmpty { #expect(plan.linkArguments.contains("-fuse-ld=lld")) }
        let trial = folder.appendingPathComponent("trial")
        try FileManager.default.createDirectory(at: trial, withIntermediateDirectories: true)
        #expect(try plan.works(in: trial))

        // A plan whose frontend is not there does not work: kata then goes through swiftc.
        var broken = plan
        broken.frontend = "/nonexistent/swift-frontend"
        #expect(try !broken.works(in: trial))
    }

    @Test("where clang runs lld, the plan links with lld directly, as clang would run it, and the program runs")
    func linksDirectly() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let toolchain = try Toolchain.locate(cache: folder)
        let plan = try #require(
            CompilerPlan.load(toolchain: toolchain, cache: folder, environment: [:], endOrphans: {}))
        #if os(Linux)
            // Linux toolchains ship ld.lld beside swiftc, and the driver's link goes through clang to it.
            let direct = try #require(plan.directLink)
            #expect(direct.linker.hasSuffix("/ld.lld"))
            #expect(direct.arguments.first == "--threads=1")
            for mark in [CompilerPlan.objectsMark, CompilerPlan.autolinkMark, CompilerPlan.outputMark] {
                #expect(direct.arguments.contains(mark))
            }
            #expect(!direct.arguments.contains { $0.contains("KATA_AUTOLINK_PROBE") || $0.hasSuffix("a.o") })
        #endif
        guard let direct = plan.directLink else { return }
        // A check's program: its libraries to lld as lld spells them, after the objects' own.
        let flags = ["-I", "/k", "-L", "/k", "-lKataSpec", "-Xlinker", "-rpath", "-Xlinker", "/k"]
        let (linker, arguments) = plan.link(
            objects: ["e.o", "s.o"], autolink: "p.autolink", output: "program", extra: flags,
            entries: ["-lswiftCore", "-lFoundation"])
        #expect(linker == direct.linker)
        let tail = try #require(arguments.firstIndex(of: "@p.autolink"))
        #expect(Array(arguments[tail...].prefix(6)) == ["@p.autolink", "-L", "/k", "-lKataSpec", "-rpath", "/k"])
        #expect(arguments.contains("e.o") && arguments.contains("s.o") && arguments.contains("program"))
        #expect(!arguments.contains("-I") && !arguments.contains("-Xlinker"))
        // Anything lld may not take as clang does goes through clang: an entry that is not a library, a flag kata
        // does not know, entries not read.
        for (entries, extra) in [
            (["-lswiftCore", "-framework Foundation"], flags), (["-lswiftCore"], flags + ["-fuse-ld=gold"]),
            (nil, flags),
        ] {
            let (through, throughArguments) = plan.link(
                objects: ["e.o"], autolink: "p.autolink", output: "program", extra: extra, entries: entries)
            #expect(through == plan.linker)
            #expect(Array(throughArguments.suffix(extra.count)) == extra)
        }
    }

    @Test("clang's linker flags as lld takes them: -I dropped, -Xlinker unwrapped; anything else is nil")
    func linkerFlags() {
        #expect(
            CompilerPlan.DirectLink.linkerFlags(["-I", "/a", "-L", "/b", "-lX", "-Xlinker", "-rpath", "-Xlinker", "$O"])
                == ["-L", "/b", "-lX", "-rpath", "$O"])
        #expect(CompilerPlan.DirectLink.linkerFlags([]) == [])
        #expect(CompilerPlan.DirectLink.linkerFlags(["-L"]) == nil)
        #expect(CompilerPlan.DirectLink.linkerFlags(["-l"]) == nil)
        #expect(CompilerPlan.DirectLink.linkerFlags(["-pie"]) == nil)
    }

    @Test("a plan is remembered per compiler, and KATA_COMPILER=driver means none")
    func remembered() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let toolchain = try Toolchain.locate(cache: folder)
        #expect(
            CompilerPlan.load(
                toolchain: toolchain, cache: folder, environment: ["KATA_COMPILER": "driver"], endOrphans: {}) == nil)
        let plan = CompilerPlan.load(toolchain: toolchain, cache: folder, environment: [:], endOrphans: {})
        #expect(plan != nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.contains { $0.hasPrefix("plan-") && $0.hasSuffix(".json") })
        #expect(!files.contains { $0.hasPrefix(".plan-") }, "the trial's scratch folder is removed")
        #expect(CompilerPlan.load(toolchain: toolchain, cache: folder, environment: [:], endOrphans: {}) == plan)
    }

    @Test("a plan whose trial was stopped at a time limit (a very busy computer) is not remembered as not working")
    func stoppedTrial() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Toolchain.locate(cache: folder)
        // The version is remembered now, so the hurried toolchain runs nothing to learn it.
        let hurried = try Toolchain.locate(
            cache: folder,
            environment: ProcessInfo.processInfo.environment.merging(["KATA_COMPILE_SECONDS": "0.001"]) { $1 })
        #expect(CompilerPlan.load(toolchain: hurried, cache: folder, environment: [:], endOrphans: {}) == nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!files.contains { $0.hasPrefix("plan-") }, "nothing remembered: \(files)")
        let toolchain = try Toolchain.locate(cache: folder)
        #expect(CompilerPlan.load(toolchain: toolchain, cache: folder, environment: [:], endOrphans: {}) != nil)
    }
}

@Suite("Autolink entries")
struct AutolinkEntriesTests {
    @Test("the libraries an object file asks for are read as swift-autolink-extract finds them")
    func sameAsTheTool() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-autolink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let toolchain = try Toolchain.locate(cache: folder)
        let plan = try #require(try CompilerPlan.read(toolchain: toolchain, in: folder))
        try Data("import Foundation\nimport Dispatch\nlet now = Date()\n".utf8)
            .write(to: folder.appendingPathComponent("a.swift"))
        let (frontend, arguments) = plan.compile(
            files: ["a.swift"], module: "A", object: "a.o", extra: ["-parse-as-library"])
        #expect(
            try ExternalCommand(executable: URL(fileURLWithPath: frontend), arguments: arguments, directory: folder)
                .run().status == 0)
        let tool = try ExternalCommand(
            executable: URL(fileURLWithPath: plan.autolinkExtract), arguments: ["a.o"], directory: folder
        ).run()
        let read = try #require(AutolinkEntries.read([folder.appendingPathComponent("a.o")]))
        #expect(read.contains("-lFoundation"))
        // The same libraries, each once (the tool orders them its own way; for shared libraries order does not
        // matter to the linker).
        let printed = tool.output.split(separator: "\n").map(String.init)
        #expect(Set(read) == Set(printed))
        #expect(read.count == Set(read).count)
        // Written as the tool writes them, one a line, for the link's response file.
        let file = folder.appendingPathComponent("a.autolink")
        #expect(AutolinkEntries.write([folder.appendingPathComponent("a.o")], to: file) == read)
        #expect(try String(contentsOf: file, encoding: .utf8) == read.map { $0 + "\n" }.joined())
        #expect(AutolinkEntries.write([folder.appendingPathComponent("missing.o")], to: file) == nil)

        #expect(AutolinkEntries.entries(inELF: Array("not an object file at all, but long enough to look".utf8)) == nil)
    }
}
