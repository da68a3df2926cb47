import Foundation
import Testing

@testable import KataApp
@testable import KataBasics

/// The file watcher behind `kata watch` and `kata build-site --watch`, both ways it learns of changes: inotify (on
/// Linux) and listing the folders (elsewhere; tested here too).
@Suite("Watching files")
struct FileWatcherTests {
    #if os(Linux)
        static let modes = [false, true]
    #else
        static let modes = [true]
    #endif

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kata-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    @Test("a change made between starting to watch and waiting is not lost", arguments: modes)
    func changeBeforeTheWait(polling: Bool) throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let watcher = try FileWatcher(polling: polling)
        watcher.startWatching([root])
        try write("# A chapter\n", to: root.appendingPathComponent("01-a.md"))
        try write("not this\n", to: root.appendingPathComponent("notes.txt"))
        let changed = watcher.waitForChange(in: [root]) { $0.pathExtension == "md" }
        #expect(changed.map(\.lastPathComponent) == ["01-a.md"])
    }

    @Test("a wait ends when a file changes later, and names every relevant file changed meanwhile", arguments: modes)
    func changeDuringTheWait(polling: Bool) throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let existing = root.appendingPathComponent("02-b.md")
        try write("# B\n", to: existing)
        let watcher = try FileWatcher(polling: polling)
        let added = root.appendingPathComponent("03-c.md")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            try? Data("# C\n".utf8).write(to: added)
            try? FileManager.default.removeItem(at: existing)
        }
        let changed = watcher.waitForChange(in: [root]) { $0.pathExtension == "md" }
        #expect(Set(changed.map(\.lastPathComponent)) == ["02-b.md", "03-c.md"])
    }

    @Test("a save is seen whether the editor writes in place or renames a new file over the old", arguments: modes)
    func saves(polling: Bool) throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("exercises/basics/add.swift")
        let watcher = try FileWatcher(polling: polling)
        watcher.startWatching(file: file)
        #expect(FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
        try write("func add() {}\n", to: file)
        watcher.waitForSave(of: file)

        let saved = root.appendingPathComponent("exercises/basics/.add.swift.swp")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            try? Data("func add() -> Int { 1 }\n".utf8).write(to: saved)
            _ = rename(saved.path, file.path)
        }
        watcher.waitForSave(of: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "func add() -> Int { 1 }\n")
    }
}
