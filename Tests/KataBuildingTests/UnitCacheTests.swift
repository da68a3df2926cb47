import Foundation
import Testing

@testable import KataBasics
@testable import KataBuilding

@Suite("The cache of compiled units")
struct UnitCacheTests {
    @Test("pruning removes the least recently used units, never one a running check used minutes ago")
    func pruneKeepsUnitsInUse() throws {
        let fileManager = FileManager.default
        let directory = fileManager.temporaryDirectory.appendingPathComponent("kata-units-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: directory) }
        let cache = UnitCache(directory: directory, seal: nil)
        let now = Date()
        func unit(_ name: String, usedAgo seconds: TimeInterval) throws {
            let folder = directory.appendingPathComponent(name)
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            try fileManager.setAttributes(
                [.modificationDate: now.addingTimeInterval(-seconds)], ofItemAtPath: folder.path)
        }
        // More units than the cache keeps, all last used a day ago, and one looked up five minutes ago by a check
        // that still links from it: that one is the least recently used but one.
        for index in 0..<(UnitCache.capacity + 50) { try unit("old-\(index)", usedAgo: 86_400 - Double(index)) }
        try unit("in-use", usedAgo: 5 * 60)
        cache.prune(now: now)
        let left = try fileManager.contentsOfDirectory(atPath: directory.path)
        #expect(left.contains("in-use"))
        #expect(left.count == UnitCache.capacity * 3 / 4)
        #expect(!left.contains("old-0"))
    }
}
