import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Waits for a file to be saved, with inotify (no polling). Editors save in different ways (write in place,
/// or write a new file and rename it over the old one), so the file's folder is watched.
public final class FileWatcher {
    private let fd: Int32
    private var watches: [Int32] = []

    public init() throws {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        if fd < 0 { throw LoopError.cannotWrite(path: "inotify", reason: String(cString: strerror(errno))) }
    }

    deinit { close(fd) }

    /// Blocks until `file` is written, created or renamed into place; then waits a moment for the editor to finish.
    public func waitForSave(of file: URL) {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for watch in watches { inotify_rm_watch(fd, watch) }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
        watches = [inotify_add_watch(fd, folder.path, mask)]
        let name = file.lastPathComponent
        while !readEvents().contains(name) {}
        // Debounce: an editor may write several times for one save.
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, 150) > 0 { _ = readEvents() }
    }

    /// Blocks until a file in one of `folders` is written, created, renamed or removed and `relevant` says it
    /// matters; then waits for a quiet moment and returns every relevant file that changed meanwhile.
    public func waitForChange(in folders: [URL], where relevant: (URL) -> Bool) -> [URL] {
        for watch in watches { inotify_rm_watch(fd, watch) }
        let mask =
            UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
        var byWatch: [Int32: URL] = [:]
        watches = folders.compactMap { folder in
            let watch = inotify_add_watch(fd, folder.path, mask)
            guard watch >= 0 else { return nil }
            byWatch[watch] = folder
            return watch
        }
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
            let (watch, length) = buffer.withUnsafeBytes { raw in
                (
                    raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                    Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                )
            }
            let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)]
            names.append((watch, String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)))
            offset += headerSize + length
        }
        return names
    }
}
