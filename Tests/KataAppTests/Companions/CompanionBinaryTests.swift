import Foundation
import KataTestSupport
import Testing

@testable import KataApp

/// Where kata finds kata-tools and kata-room: the program the environment names, the one next to kata, or (for the
/// room) the one `make room` built; none when there is none.
@Suite("Companion programs")
struct CompanionBinaryTests {
    /// A fresh temporary folder, by its real path (kata looks next to the real kata, through any link).
    let root: URL

    init() throws {
        let folder = try TestFolder([:])
        try FileManager.default.createDirectory(at: folder.root, withIntermediateDirectories: true)
        root = folder.root.resolvingSymlinksInPath()
    }

    /// A small program at `path` under the folder, executable unless told otherwise.
    @discardableResult
    func program(_ path: String, executable: Bool = true, modified: Date? = nil) throws -> URL {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: url)
        var attributes: [FileAttributeKey: Any] = [.posixPermissions: executable ? 0o755 : 0o644]
        if let modified { attributes[.modificationDate] = modified }
        try FileManager.default.setAttributes(attributes, ofItemAtPath: url.path)
        return url
    }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// A folder with nothing in it, as the current folder of a search that should find nothing there.
    var elsewhere: URL { url("elsewhere") }

    /// The path of the program `companion` finds, for a kata at `executable` run from `current`.
    func found(
        _ companion: CompanionBinary, environment: [String: String] = [:], executable: URL?, current: URL? = nil
    ) -> String? {
        companion.locate(environment: environment, executable: executable, currentDirectory: current ?? elsewhere)?
            .path
    }

    @Test("each companion has its program's name and the variable that names a program to run instead")
    func names() {
        #expect(CompanionBinary.tools.name == "kata-tools")
        #expect(CompanionBinary.room.name == "kata-room")
        #expect(CompanionBinary.tools.environmentKey == "KATA_TOOLS_BIN")
        #expect(CompanionBinary.room.environmentKey == "KATA_ROOM_BIN")
    }

    @Test("the program next to kata is found, for both companions")
    func beside() throws {
        let kata = try program("bin/kata")
        let tools = try program("bin/kata-tools")
        let room = try program("bin/kata-room")
        #expect(found(.tools, executable: kata) == tools.path)
        #expect(found(.room, executable: kata) == room.path)
    }

    @Test("kata reached through a symbolic link finds the companion next to the real kata")
    func throughLink() throws {
        let kata = try program("build/kata")
        let tools = try program("build/kata-tools")
        try FileManager.default.createDirectory(at: url("path"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: url("path/kata"), withDestinationURL: kata)
        #expect(found(.tools, executable: url("path/kata")) == tools.path)
    }

    @Test("the environment's program is run instead of the one next to kata; an empty value is not a name")
    func environmentFirst() throws {
        let kata = try program("bin/kata")
        let beside = try program("bin/kata-tools")
        let named = try program("custom/my-tools")
        #expect(found(.tools, environment: ["KATA_TOOLS_BIN": named.path], executable: kata) == named.path)
        #expect(found(.tools, environment: ["KATA_TOOLS_BIN": ""], executable: kata) == beside.path)
        #expect(
            found(.tools, environment: ["KATA_ROOM_BIN": named.path], executable: kata) == beside.path,
            "the room's variable does not name the tools")
        #expect(found(.room, environment: ["KATA_ROOM_BIN": named.path], executable: nil) == named.path)
    }

    @Test("an environment that names no program that can be run finds nothing, even with one next to kata")
    func environmentNamesNothing() throws {
        let kata = try program("bin/kata")
        try program("bin/kata-tools")
        let plain = try program("custom/not-a-program", executable: false)
        try FileManager.default.createDirectory(at: url("custom/folder"), withIntermediateDirectories: true)
        for named in [plain.path, url("custom/missing").path, url("custom/folder").path] {
            #expect(found(.tools, environment: ["KATA_TOOLS_BIN": named], executable: kata) == nil, "\(named)")
        }
    }

    @Test("with nothing next to kata, or only a file that cannot be run, or a folder by that name, none is found")
    func none() throws {
        let kata = try program("bin/kata")
        #expect(found(.tools, executable: kata) == nil)
        #expect(found(.room, executable: kata) == nil)
        #expect(found(.tools, executable: nil) == nil)
        try program("bin/kata-tools", executable: false)
        try FileManager.default.createDirectory(at: url("bin/kata-room"), withIntermediateDirectories: true)
        #expect(found(.tools, executable: kata) == nil)
        #expect(found(.room, executable: kata) == nil)
    }

    @Test("the room server `make room` built in kata's checkout is found, the newer of release and debug")
    func roomInCheckout() throws {
        let kata = try program("checkout/.build/debug/kata")
        let older = try program("checkout/Room/.build/release/kata-room", modified: Date(timeIntervalSince1970: 1000))
        let newer = try program("checkout/Room/.build/debug/kata-room", modified: Date(timeIntervalSince1970: 2000))
        #expect(found(.room, executable: kata) == newer.path)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 3000)], ofItemAtPath: older.path)
        #expect(found(.room, executable: kata) == older.path)
        #expect(
            found(.tools, executable: kata) == nil,
            "kata-tools is looked for next to kata only")
    }

    @Test("a kata not built in a checkout finds the room server built in the current folder")
    func roomInCurrentFolder() throws {
        let kata = try program("usr/bin/kata")
        let room = try program("work/Room/.build/release/kata-room")
        #expect(found(.room, executable: kata, current: url("work")) == room.path)
        #expect(found(.room, executable: kata) == nil)
    }

    @Test("the checkout of a binary is the folder that holds the .build it was built in")
    func checkout() {
        #expect(
            CompanionBinary.checkout(of: URL(fileURLWithPath: "/home/ada/kata/.build/debug/kata"))?.path
                == "/home/ada/kata")
        #expect(
            CompanionBinary.checkout(of: URL(fileURLWithPath: "/home/ada/kata/.build/arm64-apple-macosx/release/kata"))?
                .path == "/home/ada/kata")
        #expect(CompanionBinary.checkout(of: URL(fileURLWithPath: "/usr/local/bin/kata")) == nil)
        #expect(CompanionBinary.checkout(of: URL(fileURLWithPath: "/kata")) == nil)
    }
}
