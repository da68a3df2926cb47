import Foundation

/// The files of a kata checkout that go into an assignment's template: what git tracks, and new files it does
/// not ignore (a chapter not committed yet), as they are in the working tree. Without git (a checkout unpacked
/// from an archive), every file but the build folders and kata's state. Either way, without the teacher's side
/// (``teacherOnly``).
enum CheckoutFiles {
    /// Folders that stay with the teacher: the reference solutions, the teacher's own exercise files (the template
    /// gets the starters), a built site, the template's `.github` (written afresh), the room server, benchmarks
    /// and the project's CI.
    static let teacherOnly = ["solutions", "exercises", "site", ".github", "Room", "bench", ".ci"]

    /// Paths relative to `root`, sorted, of regular files only.
    static func list(_ root: URL) throws(ClassroomError) -> [String] {
        let paths = try Git.isWorkTree(root) ? gitFiles(root) : walk(root)
        return paths.filter { path in
            let top = path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? path
            guard !teacherOnly.contains(top) else { return false }
            var isFolder: ObjCBool = false
            let url = root.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                return false
            }
            let type = try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
            return type == .typeRegular
        }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func gitFiles(_ root: URL) throws(ClassroomError) -> [String] {
        let result: Git.Result
        do {
            result = try Git.run(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: root)
        } catch {
            throw .cannotList(root: root.path, reason: error.localizedDescription)
        }
        guard result.status == 0 else {
            throw .cannotList(root: root.path, reason: result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return result.output.split(separator: "\0").map(String.init)
    }

    /// Every file below `root` but hidden folders, build folders and kata's state.
    private static func walk(_ root: URL) -> [String] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [])
        else { return [] }
        let base = root.standardizedFileURL.path
        var paths: [String] = []
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if isFolder, name.hasPrefix(".") || name == "__pycache__" {
                enumerator.skipDescendants()
                continue
            }
            if !isFolder, name != ".DS_Store" {
                paths.append(String(url.standardizedFileURL.path.dropFirst(base.count + 1)))
            }
        }
        return paths
    }
}
