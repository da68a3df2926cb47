import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Waits for a file to be saved, with inotify (no polling). Editors save in different ways (write in place,
/// or write a new file and rename it over the old one), so the file's folder is watched.
///
/// A folder stays watched from one wait to the next while it is asked for again, so that a save made while kata is
/// busy between two waits (checking, building the site) is not lost: its events wait in the queue.
public final class FileWatcher {
    private let fd: Int32
    /// The folders watched now, by path, with their watch descriptors.
    private var watches: [String: Int32] = [:]

    public init() throws {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        if fd < 0 { throw LoopError.cannotWrite(path: "inotify", reason: String(cString: strerror(errno))) }
    }

    deinit { close(fd) }

    /// Starts watching `folders` now, so that a change made before the wait that follows (``waitForChange(in:where:)``
    /// with the same folders, or ``waitForSave(of:)`` of a file in one) is not lost. Call it before saying that
    /// changes are watched: whoever reads that may change a file at once.
    public func startWatching(_ folders: [URL]) {
        watch(folders)
    }

    /// Starts watching the folder of `file` (see ``startWatching(_:)``), creating it if it is missing.
    public func startWatching(file: URL) {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        watch([folder])
    }

    /// Blocks until `file` is written, created or renamed into place; then waits a moment for the editor to finish.
    public func waitForSave(of file: URL) {
        startWatching(file: file)
        let name = file.lastPathComponent
        while !readEvents().contains(name) {}
        // Debounce: an editor may write several times for one save.
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, 150) > 0 { _ = readEvents() }
    }

    /// Blocks until a file in one of `folders` is written, created, renamed or removed and `relevant` says it
    /// matters; then waits for a quiet moment and returns every relevant file that changed meanwhile.
    public func waitForChange(in folders: [URL], where relevant: (URL) -> Bool) -> [URL] {
        let byWatch = watch(folders)
        var changed: [URL] = []
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while changed.isEmpty || poll(&poller, 1, 150) > 0 {
            for (watch, name) in readEventsByWatch() {
                guard let folder = byWatch[watch] else { continue }
                let file = folder.appendingPathComponent(name)
                if relevant(file), !changed.contains(file) { changed.append(file) }
            }
        }
        return changed
    }

    /// Watches exactly `folders`: those watched already stay watched (their queued events are kept), the others are
    /// added, and folders no longer asked for are let go. Returns the folder of each watch descriptor.
    @discardableResult
    private func watch(_ folders: [URL]) -> [Int32: URL] {
        let mask =
            UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
        let wanted = Dictionary(folders.map { ($0.standardizedFileURL.path, $0) }) { first, _ in first }
        for (path, watch) in watches where wanted[path] == nil {
            inotify_rm_watch(fd, watch)
            watches[path] = nil
        }
        var byWatch: [Int32: URL] = [:]
        for (path, folder) in wanted {
            if watches[path] == nil {
                let watch = inotify_add_watch(fd, path, mask)
                guard watch >= 0 else { continue }
                watches[path] = watch
            }
            byWatch[watches[path]!] = folder
        }
        return byWatch
    }

    /// Reads one batch of events; returns the names they are about.
    private func readEvents() -> [String] {
        readEventsByWatch().map(\.name)
    }

    /// Reads one batch of events; returns each one's watch and the name it is about.
    private func readEventsByWatch() -> [(watch: Int32, name: String)] {
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
