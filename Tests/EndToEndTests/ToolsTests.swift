import Foundation
import KataTestSupport
import Testing

/// kata's tools (kata-tools: build-site, verify, translate, room github), which a learner's first build leaves out
/// and kata runs: arguments, help and exit status pass through; a kata without them builds them in its checkout
/// or says how to get them; a passing check says when the site could not be refreshed.
@Suite("kata's tools, end to end")
struct ToolsTests {
    @Test("kata runs kata-tools for its commands: help, usage errors and status as kata's own")
    func passThrough() throws {
        let kata = try KataRunner(fixture: "loop")
        let help = try kata.run(["build-site", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: kata build-site [--workbook <path>] [--out <dir>]"), "\(help.stdout)")
        #expect(!help.stdout.contains("kata-tools"))
        let github = try kata.run(["room", "github", "--help"])
        #expect(github.stdout.contains("USAGE: kata room github [--workbook <path>] <folder>"), "\(github.stdout)")
        let viaHelp = try kata.run(["help", "translate", "start"])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.stdout.contains("USAGE: kata translate start"), "\(viaHelp.stdout)")
        let wrong = try kata.run(["build-site", "--bogus"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("Unknown option '--bogus'"))
        #expect(wrong.stderr.contains("See 'kata build-site --help' for more information."), "\(wrong.stderr)")
        let status = try kata.run(["translate", "status", "xx"])
        #expect(status.status == 1, "\(status.transcript)")
    }

    @Test("KATA_TOOLS_BIN naming no program is an error that says so")
    func badEnvironment() throws {
        let kata = try KataRunner(fixture: "loop")
        let result = try kata.run(["verify"], environment: ["KATA_TOOLS_BIN": "/nonexistent/kata-tools"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "KATA_TOOLS_BIN names /nonexistent/kata-tools, which is not a program that can be run"),
            "\(result.stderr)")
    }

    /// A checkout of kata with nothing built but kata itself: its Makefile's `tools` builds a kata-tools that says
    /// how it was run.
    func checkoutWithoutTools() throws -> (kata: URL, checkout: URL) {
        let checkout = FileManager.default.temporaryDirectory.appendingPathComponent("kata-tools-\(UUID().uuidString)")
        let bin = checkout.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let kata = bin.appendingPathComponent("kata")
        try FileManager.default.copyItem(at: KataProcess.binary.resolvingSymlinksInPath(), to: kata)
        let script = #"printf '#!/bin/sh\necho "kata-tools ran: $$*, as $$KATA_COMMAND"\n' > .build/debug/kata-tools"#
        try Data("tools:\n\t@echo building the tools\n\t@\(script)\n\t@chmod +x .build/debug/kata-tools\n".utf8)
            .write(to: checkout.appendingPathComponent("Makefile"))
        return (kata, checkout)
    }

    @Test("a kata built in a checkout without its tools builds them once (make tools), then runs them")
    func buildsMissingTools() throws {
        let (kata, checkout) = try checkoutWithoutTools()
        defer { try? FileManager.default.removeItem(at: checkout) }
        let first = try run(kata, ["build-site", "--out", "elsewhere"], in: checkout)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stderr.contains(
                "`kata build-site` runs kata's tools (kata-tools), which a learner's first build leaves out."),
            "\(first.stderr)")
        #expect(first.stderr.contains("building the tools"), "make's output is shown, on standard error")
        #expect(first.stdout == "kata-tools ran: build-site --out elsewhere, as kata\n")
        let second = try run(kata, ["verify", "some-id"], in: checkout)
        #expect(second.stderr.isEmpty, "built once: \(second.stderr)")
        #expect(second.stdout == "kata-tools ran: verify some-id, as kata\n")
    }

    @Test("a kata with no tools beside it and no checkout to build them in says how to get them")
    func noCheckout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let kata = folder.appendingPathComponent("kata")
        try FileManager.default.copyItem(at: KataProcess.binary.resolvingSymlinksInPath(), to: kata)
        let result = try run(kata, ["build-site"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Build them with `make tools` in kata's checkout"), "\(result.stderr)")
        #expect(result.stderr.contains("or set KATA_TOOLS_BIN to a kata-tools binary"))
    }

    @Test("a passing check with a site to refresh and no site builder says the site is behind, and how to fix it")
    func refreshWithoutTools() throws {
        let kata = try KataRunner(fixture: "loop")
        try kata.write("site/.kata-site", "This folder was written by kata build-site; the next build replaces it.\n")
        let solution = try kata.read("solutions/basics/add-numbers.swift")
        try kata.write("exercises/basics/add-numbers.swift", solution)
        let check = try kata.run(["check", "add-numbers"], environment: ["KATA_TOOLS_BIN": "/nonexistent/kata-tools"])
        #expect(check.status == 0, "\(check.transcript)")
        #expect(
            check.stdout.contains(
                "The site in site/ could not be updated: kata's site builder (kata-tools) is not built; "
                    + "run kata build-site"),
            "\(check.stdout)")
    }

    /// Runs a copy of kata, as the tests run kata, with no kata-tools named in the environment.
    func run(_ kata: URL, _ arguments: [String], in folder: URL) throws -> KataProcess.Result {
        try KataProcess.run(
            arguments, in: folder, environment: ["KATA_TOOLS_BIN": "", "KATA_COMMAND": ""], executable: kata)
    }
}
