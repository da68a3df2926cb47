import Foundation

/// Files written to a fresh temporary folder for one test: a workbook, a checkout.
public struct TestFolder {
    /// The folder.
    public let root: URL

    /// Writes files (path → contents) under a fresh temporary folder.
    public init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-test-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
    }

    /// Copies `source` (a fixture folder) into a fresh temporary folder.
    public init(copying source: URL) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-test-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: root)
    }
}
