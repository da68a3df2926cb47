import Foundation
import Testing

@testable import KataGrading

@Suite struct SandboxProcTests {
    private func temporaryCache() throws -> URL {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("kata-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        return cache
    }

    private func threadsMissing(in folder: URL) -> [Int] {
        (1...SandboxProc.threads).filter {
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/stat").path)
        }
    }

    @Test("checks that make the folder side by side all get the whole of it, and leave no staging folder")
    func concurrentMakers() async throws {
        let cache = try temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let folders = await withTaskGroup(of: URL?.self) { group in
            for _ in 0..<8 { group.addTask { SandboxProc.folder(in: cache) } }
            return await group.reduce(into: [URL?]()) { $0.append($1) }
        }
        #expect(folders.count == 8)
        for folder in folders {
            let folder = try #require(folder)
            #expect(threadsMissing(in: folder) == [])
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(left == ["sandbox-proc-\(SandboxProc.threads)"])
    }

    @Test("a thread's stat says it sleeps; the folder's stat has the host's processors")
    func contents() throws {
        let cache = try temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let folder = try #require(SandboxProc.folder(in: cache))
        let stat = try String(contentsOf: folder.appendingPathComponent("3/stat"), encoding: .utf8)
        #expect(stat.hasPrefix("3 (program) S "))
        let cpus = try String(contentsOf: folder.appendingPathComponent("stat"), encoding: .utf8)
        #expect(cpus.hasPrefix("cpu"))
    }

    @Test("a folder left half made is replaced by a whole one")
    func halfMade() throws {
        let cache = try temporaryCache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let folder = cache.appendingPathComponent("sandbox-proc-\(SandboxProc.threads)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("7"), withIntermediateDirectories: true)
        let made = try #require(SandboxProc.folder(in: cache))
        #expect(threadsMissing(in: made) == [])
    }
}
