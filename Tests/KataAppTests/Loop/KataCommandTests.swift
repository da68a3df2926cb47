import Foundation
import Testing

@testable import KataApp
@testable import KataBasics

@Suite("The kata command as the learner types it")
struct KataCommandTests {
    /// A folder with a `kata` launcher script in it, and a `bin/kata` program.
    func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        for path in ["kata", "bin/kata"] {
            _ = FileManager.default.createFile(
                atPath: root.appendingPathComponent(path).path, contents: Data("#!/bin/sh\n".utf8))
            chmod(root.appendingPathComponent(path).path, 0o755)
        }
        return root
    }

    @Test("plain kata only when the first kata on PATH is this program or its launcher")
    func onPath() throws {
        let root = try folder()
        let program = root.appendingPathComponent("bin/kata").path
        let launcher = root.appendingPathComponent("kata").path
        func detect(path: String, launcher: String? = nil, cwd: String = "/") -> String {
            var environment = ["PATH": path]
            environment["KATA_LAUNCHER"] = launcher
            return KataCommand.detect(
                environment: environment, executable: program, invokedAs: "kata", currentDirectory: cwd)
        }
        #expect(detect(path: root.appendingPathComponent("bin").path + ":/usr/bin") == "kata")
        #expect(detect(path: root.path, launcher: launcher) == "kata")
        #expect(detect(path: "/usr/bin", launcher: launcher, cwd: root.path) == "./kata")
        #expect(detect(path: "/usr/bin", launcher: launcher, cwd: root.path + "/exercises/welcome") == "../../kata")
        #expect(detect(path: "/usr/bin", launcher: launcher, cwd: "/tmp") == launcher)
        // Another program called kata comes first on PATH: typing kata would run that one.
        let other = root.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: other.appendingPathComponent("kata").path, contents: Data("x".utf8))
        chmod(other.appendingPathComponent("kata").path, 0o755)
        let bin = root.appendingPathComponent("bin").path
        #expect(detect(path: other.path + ":" + bin, launcher: launcher, cwd: root.path) == "./kata")
    }

    @Test("without a launcher, the path the program was started by")
    func invokedByPath() {
        #expect(
            KataCommand.detect(
                environment: ["PATH": "/usr/bin"], executable: "/w/.build/debug/kata", invokedAs: ".build/debug/kata",
                currentDirectory: "/w") == ".build/debug/kata")
        #expect(
            KataCommand.detect(
                environment: ["PATH": "/usr/bin"], executable: "/w/.build/debug/kata",
                invokedAs: "/w/.build/debug/kata", currentDirectory: "/w/.build/debug") == "./kata")
    }

    @Test("a companion kata runs (kata-tools, kata-room) writes kata as kata passed it; kata itself ignores that")
    func companion() {
        let passed = ["PATH": "/usr/bin", "KATA_COMMAND": "./kata"]
        #expect(
            KataCommand.detect(
                environment: passed, executable: "/w/.build/debug/kata-tools", invokedAs: "/w/.build/debug/kata-tools",
                currentDirectory: "/w") == "./kata")
        #expect(
            KataCommand.detect(
                environment: passed, executable: "/w/.build/debug/kata", invokedAs: ".build/debug/kata",
                currentDirectory: "/w") == ".build/debug/kata")
        // Nothing passed, or a value no one typed: found as for any program.
        #expect(
            KataCommand.detect(
                environment: ["PATH": "/usr/bin", "KATA_COMMAND": "./kata\nrm -rf"],
                executable: "/w/.build/debug/kata-tools", invokedAs: ".build/debug/kata-tools", currentDirectory: "/w")
                == ".build/debug/kata-tools")
    }

    @Test("a chapter's `kata check hello-kata` is written as the learner types it; other code is left alone")
    func written() {
        #expect(KataCommand.written("kata check hello-kata", as: "./kata") == "./kata check hello-kata")
        #expect(KataCommand.written("kata next", as: "../../kata") == "../../kata next")
        #expect(
            KataCommand.written("kata build-site --with-solutions", as: "./kata")
                == "./kata build-site --with-solutions")
        #expect(KataCommand.written("kata check hello-kata", as: "kata") == "kata check hello-kata")
        #expect(KataCommand.written("kata", as: "./kata") == "kata", "the tool's name alone is not a command")
        #expect(KataCommand.written("kata-room serve", as: "./kata") == "kata-room serve")
        #expect(KataCommand.written("kata is fun", as: "./kata") == "kata is fun", "not one of kata's commands")
        #expect(KataCommand.written("expect(kata).to(beNil())", as: "./kata") == "expect(kata).to(beNil())")
    }
}
