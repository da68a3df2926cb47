import Foundation
import KataBasics

/// Finds the workbook: `--workbook PATH`, else `KATA_WORKBOOK`, else the current folder or the nearest parent holding `chapters/`.
package enum WorkbookLocator {
    /// The workbook root.
    package static func locate(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) throws(WorkbookError) -> URL {
        if let path = explicit ?? environment["KATA_WORKBOOK"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let url = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
            guard hasChapters(url) else { throw .noChapters(path: path) }
            return url
        }
        var folder = currentDirectory.standardizedFileURL
        while true {
            if hasChapters(folder) { return folder }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        throw .notFound(searchedFrom: currentDirectory.path)
    }

    private static func hasChapters(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(
            atPath: url.appendingPathComponent("chapters").path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}
