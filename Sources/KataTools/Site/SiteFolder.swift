import Foundation
import KataApp

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a site is written to: emptied when an earlier build wrote it, refused when it holds
/// anything else, then filled with the pages, the assets and the workbook files the pages link to.
struct SiteFolder {
    /// The marker that says a folder was written by `kata build-site` and may be replaced.
    static let marker = SiteRefresh.marker

    let url: URL

    /// Writes `files` (path → text), copies every file of `assets` into `assets/`, and copies `workbookFiles`
    /// (relative to `workbook`) into `files/`.
    func write(files: [String: String], assets: URL, workbookFiles: [String], from workbook: URL) throws(SiteError) {
        let manager = FileManager.default
        do {
            try prepare()
            var copies: [(from: URL, to: String)] = []
            if let enumerator = manager.enumerator(at: assets, includingPropertiesForKeys: [.isRegularFileKey]) {
                let base = assets.standardizedFileURL.path + "/"
                for case let file as URL in enumerator
                where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                    copies.append((file, "assets/" + file.standardizedFileURL.path.dropFirst(base.count)))
                }
            }
            copies += workbookFiles.map {
                (workbook.appendingPathComponent($0), "\(SiteLinks.filesFolder)/\($0)")
            }
            for (source, path) in copies {
                let destination = url.appendingPathComponent(path)
                try manager.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try manager.copyItem(at: source, to: destination)
            }
            for (path, text) in files {
                let destination = url.appendingPathComponent(path)
                try manager.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Self.writeUnsynced(text, to: destination)
            }
        } catch let error as SiteError {
            throw error
        } catch {
            throw .io(path: url.path, reason: error.localizedDescription)
        }
    }

    /// Writes a file without syncing it to disk: a site can be built again, and twenty syncs were most of a
    /// build's wall time on a busy disk (`Data.write` syncs every file).
    static func writeUnsynced(_ text: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SiteError.io(path: url.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw SiteError.io(path: url.path, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    /// Empties a folder this builder wrote before, creates a missing one, and refuses any other.
    private func prepare() throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            try manager.createDirectory(at: url, withIntermediateDirectories: true)
            return
        }
        guard isDirectory.boolValue else { throw SiteError.outputNotASite(path: url.path) }
        let contents = try manager.contentsOfDirectory(atPath: url.path)
        guard contents.isEmpty || contents.contains(Self.marker) else {
            throw SiteError.outputNotASite(path: url.path)
        }
        for name in contents {
            try manager.removeItem(at: url.appendingPathComponent(name))
        }
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif
