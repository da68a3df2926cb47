import Foundation
import Testing

@testable import KataApp
@testable import KataBasics

/// The one rule for learners' files: no part of the path below the workbook root is a symbolic link, wherever the
/// link leads; such a path is never read or written through, and the link (only the link) can be removed.
@Suite("Learner paths")
struct LearnerPathTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-path-\(UUID().uuidString)")
    /// A folder outside the workbook, with a file that must never be read, written or removed through a link.
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("kata-elsewhere-\(UUID().uuidString)")
    let secret = "struct Basket {} // not the learner's file\n"

    init() throws {
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("exercises/kiwi"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(secret.utf8).write(to: outside.appendingPathComponent("basket.swift"))
    }

    var path: LearnerPath { LearnerPath(root: root, relative: "exercises/kiwi/basket.swift") }

    private func link(_ relative: String, to target: URL) throws {
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent(relative), withDestinationURL: target)
    }

    /// The files of the outside folder and their contents: what must stay as it is.
    private func outsideFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: outside.path) {
            files[name] = try String(contentsOf: outside.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    @Test("a regular file is read; a missing one, or one in a missing folder, is missing")
    func plain() throws {
        #expect(path.entry == .missing)
        #expect(LearnerPath(root: root, relative: "exercises/none/x.swift").entry == .missing)
        #expect(path.text(limit: 100) == .failure(.file(.missing)))
        #expect(path.write(Data("one".utf8), replacing: false) == .success(true))
        #expect(path.write(Data("two".utf8), replacing: false) == .success(false), "nothing is written over")
        #expect(path.entry == .file)
        #expect(path.text(limit: 100) == .success("one"))
        #expect(path.text(limit: 2) == .failure(.file(.tooLarge(bytes: 3, limit: 2))))
        #expect(path.write(Data("three".utf8), replacing: true) == .success(true))
        #expect(path.text(limit: 100) == .success("three"))
    }

    @Test("a file that is a link is not read, not written through, and only the link is removed")
    func fileLink() throws {
        try link("exercises/kiwi/basket.swift", to: outside.appendingPathComponent("basket.swift"))
        #expect(path.entry == .link("exercises/kiwi/basket.swift"))
        #expect(path.exists)
        #expect(path.text(limit: 1 << 20) == .failure(.link("exercises/kiwi/basket.swift")))
        #expect(path.write(Data("x".utf8), replacing: false) == .failure(.link("exercises/kiwi/basket.swift")))
        #expect((try? path.removeLink("exercises/kiwi/basket.swift").get()) != nil)
        #expect(path.entry == .missing)
        #expect(try outsideFiles() == ["basket.swift": secret])
    }

    @Test("a folder above the file that is a link is not gone through, whether it leads out or stays in")
    func folderLinks() throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent("exercises/kiwi"))
        try link("exercises/kiwi", to: outside)
        #expect(path.entry == .link("exercises/kiwi"))
        #expect(path.text(limit: 1 << 20) == .failure(.link("exercises/kiwi")))
        #expect(path.write(Data("x".utf8), replacing: true) == .failure(.link("exercises/kiwi")))
        let other = LearnerPath(root: root, relative: "exercises/kiwi/new.swift")
        #expect(other.write(Data("x".utf8), replacing: false) == .failure(.link("exercises/kiwi")))
        #expect(try outsideFiles() == ["basket.swift": secret], "nothing was written in the folder it leads to")

        // A link that stays in the workbook is refused the same way.
        try FileManager.default.removeItem(at: root.appendingPathComponent("exercises/kiwi"))
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("solutions/kiwi"), withIntermediateDirectories: true)
        try link("exercises/kiwi", to: root.appendingPathComponent("solutions/kiwi"))
        #expect(path.entry == .link("exercises/kiwi"))

        // exercises/ itself.
        try FileManager.default.removeItem(at: root.appendingPathComponent("exercises"))
        try link("exercises", to: outside)
        #expect(path.entry == .link("exercises"))
        #expect((try? path.removeLink("exercises").get()) != nil)
        #expect(path.write(Data("starter".utf8), replacing: true) == .success(true))
        #expect(path.text(limit: 100) == .success("starter"))
        #expect(try outsideFiles() == ["basket.swift": secret])
    }

    @Test("a FIFO, a folder or a file where a folder should be is refused at once, not waited on")
    func notFiles() throws {
        #expect(mkfifo(root.appendingPathComponent("exercises/kiwi/basket.swift").path, 0o644) == 0)
        #expect(path.entry == .other)
        #expect(path.text(limit: 100) == .failure(.file(.notAFile)))
        try FileManager.default.removeItem(at: root.appendingPathComponent("exercises/kiwi/basket.swift"))
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("exercises/kiwi/basket.swift"), withIntermediateDirectories: true)
        #expect(path.text(limit: 100) == .failure(.file(.folder)))
        try FileManager.default.removeItem(at: root.appendingPathComponent("exercises/kiwi"))
        try Data().write(to: root.appendingPathComponent("exercises/kiwi"))
        #expect(path.entry == .other)
        guard case .failure(.file(.unreadable)) = path.text(limit: 100) else {
            Issue.record("a file in place of the chapter's folder is unreadable")
            return
        }
    }
}
