import Foundation
import KataBasics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits for a file to be saved, or for files in folders to change. Editors save in different ways (write in place,
/// or write a new file and rename it over the old one), so a file's folder is watched.
///
/// A folder stays watched from one wait to the next while it is asked for again, so that a save made while kata is
/// busy between two waits (checking, building the site) is not lost: its changes wait to be read.
///
/// On Linux the kernel says what changed (inotify, no polling). Elsewhere (macOS) the folders are listed every tenth
/// of a second and compared with the listing before: a file that appears, goes, or whose size or modification time
/// changes is a change. ``init(polling:)`` picks the second way on Linux too, which is how it is tested here.
package final class FileWatcher {
    private let source: any ChangeSource

    /// A watcher, with inotify on Linux (unless `polling`), by listing folders elsewhere.
    package init(polling: Bool = false) throws {
        #if os(Linux)
            source = polling ? PollingChangeSource() : try InotifyChangeSource()
        #else
            source = PollingChangeSource()
        #endif
    }

    /// Starts watching `folders` now, so that a change made before the wait that follows (``waitForChange(in:where:)``
    /// with the same folders, or ``waitForSave(of:)`` of a file in one) is not lost. Call it before saying that
    /// changes are watched: whoever reads that may change a file at once.
    package func startWatching(_ folders: [URL]) {
        source.watch(folders)
    }

    /// Starts watching the folder of `file` (see ``startWatching(_:)``), creating it if it is missing.
    package func startWatching(file: URL) {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        source.watch([folder])
    }

    /// Blocks until `file` is written, created or renamed into place; then waits a moment for the editor to finish.
    package func waitForSave(of file: URL) {
        startWatching(file: file)
        let name = file.lastPathComponent
        while !source.changes(waitingUpTo: nil).contains(where: { $0.name == name }) {}
        // Debounce: an editor may write several times for one save.
        while !source.changes(waitingUpTo: 0.15).isEmpty {}
    }

    /// Blocks until a file in one of `folders` is written, created, renamed or removed and `relevant` says it
    /// matters; then waits for a quiet moment and returns every relevant file that changed meanwhile.
    package func waitForChange(in folders: [URL], where relevant: (URL) -> Bool) -> [URL] {
        source.watch(folders)
        var changed: [URL] = []
        while true {
            let changes = source.changes(waitingUpTo: changed.isEmpty ? nil : 0.15)
            if changes.isEmpty, !changed.isEmpty { return changed }
            for change in changes {
                let file = change.folder.appendingPathComponent(change.name)
                if relevant(file), !changed.contains(file) { changed.append(file) }
            }
        }
    }
}

/// A file in a watched folder that changed.
struct FolderChange: Equatable {
    var folder: URL
    var name: String
}

/// Where a ``FileWatcher`` learns what changed.
protocol ChangeSource: AnyObject {
    /// Watches exactly `folders`: those watched already stay watched (their changes not yet read are kept), the
    /// others are added, and folders no longer asked for are let go.
    func watch(_ folders: [URL])
    /// The changes since the last call, waiting for one up to `seconds` (forever when nil); empty when none came.
    func changes(waitingUpTo seconds: Double?) -> [FolderChange]
}

/// Lists the watched folders every tenth of a second and compares each listing with the one before.
final class PollingChangeSource: ChangeSource {
    /// A file as a listing sees it.
    private struct Stamp: Equatable {
        var size: Int
        var modified: Date
    }

    /// The last listing of each watched folder, by path; empty for a folder that does not exist.
    private var listings: [String: (folder: URL, files: [String: Stamp])] = [:]
    private let interval: Double

    init(interval: Double = 0.1) {
        self.interval = interval
    }

    func watch(_ folders: [URL]) {
        let wanted = Dictionary(folders.map { ($0.standardizedFileURL.path, $0) }) { first, _ in first }
        for path in listings.keys where wanted[path] == nil { listings[path] = nil }
        for (path, folder) in wanted where listings[path] == nil {
            listings[path] = (folder, Self.list(folder))
        }
    }

    func changes(waitingUpTo seconds: Double?) -> [FolderChange] {
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        while true {
            var found: [FolderChange] = []
            for (path, listing) in listings {
                let now = Self.list(listing.folder)
                for name in Set(now.keys).union(listing.files.keys).sorted() where now[name] != listing.files[name] {
                    found.append(FolderChange(folder: listing.folder, name: name))
                }
                listings[path] = (listing.folder, now)
            }
            if !found.isEmpty { return found }
            if let deadline, Date() >= deadline { return [] }
            Thread.sleep(forTimeInterval: deadline.map { min(interval, max(0, $0.timeIntervalSinceNow)) } ?? interval)
        }
    }

    private static func list(_ folder: URL) -> [String: Stamp] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard
            let urls = try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: keys, options: [])
        else { return [:] }
        var files: [String: Stamp] = [:]
        for url in urls {
            let values = try? url.resourceValues(forKeys: Set(keys))
            files[url.lastPathComponent] = Stamp(
                size: values?.fileSize ?? 0, modified: values?.contentModificationDate ?? .distantPast)
        }
        return files
    }
}

#if os(Linux)
    /// The kernel's word for what changed in the watched folders (inotify).
    final class InotifyChangeSource: ChangeSource {
        private let fd: Int32
        /// The folders watched now, by path, with their watch descriptors.
        private var watches: [String: Int32] = [:]
        /// The folder of each watch descriptor.
        private var folders: [Int32: URL] = [:]

        init() throws {
            fd = inotify_init1(Int32(IN_CLOEXEC))
            if fd < 0 { throw LoopError.cannotWrite(path: "inotify", reason: String(cString: strerror(errno))) }
        }

        deinit { close(fd) }

        func watch(_ folders: [URL]) {
            let mask =
                UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
                | UInt32(IN_MOVED_FROM)
            let wanted = Dictionary(folders.map { ($0.standardizedFileURL.path, $0) }) { first, _ in first }
            for (path, watch) in watches where wanted[path] == nil {
                inotify_rm_watch(fd, watch)
                watches[path] = nil
            }
            self.folders = [:]
            for (path, folder) in wanted {
                if watches[path] == nil {
                    let watch = inotify_add_watch(fd, path, mask)
                    guard watch >= 0 else { continue }
                    watches[path] = watch
                }
                self.folders[watches[path]!] = folder
            }
        }

        func changes(waitingUpTo seconds: Double?) -> [FolderChange] {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let timeout = seconds.map { Int32(($0 * 1000).rounded()) } ?? -1
            guard poll(&poller, 1, timeout) > 0 else { return [] }
            return readEvents().compactMap { watch, name in
                folders[watch].map { FolderChange(folder: $0, name: name) }
            }
        }

        /// Reads one batch of events; returns each one's watch and the name it is about.
        private func readEvents() -> [(watch: Int32, name: String)] {
            var buffer = [UInt8](repeating: 0, count: 8192)
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return [] }
            var names: [(watch: Int32, name: String)] = []
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                // The folder was removed (or its watch let go): it is watched again when it is next asked for.
                if mask & UInt32(IN_IGNORED) != 0 {
                    for (path, descriptor) in watches where descriptor == watch { watches[path] = nil }
                }
                let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)]
                names.append((watch, String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)))
                offset += headerSize + length
            }
            return names
        }
    }
#endif
