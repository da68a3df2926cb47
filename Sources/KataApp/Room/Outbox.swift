import Foundation
import KataBasics
import KataRoomWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Events waiting for the room to acknowledge them: `.kata/room/outbox.jsonl`, one JSON event a line.
/// Appends and removals happen under a lock, each append in one `write` followed by `fsync`, so a crash leaves
/// at worst a partial last line, which is skipped.
package struct Outbox: Sendable {
    /// `.kata/room`.
    package let directory: URL
    /// The outbox file.
    package var fileURL: URL { directory.appendingPathComponent("outbox.jsonl") }

    /// An outbox in `<workbook>/.kata/room`.
    package init(kataFolder: URL) {
        directory = kataFolder.appendingPathComponent("room")
    }

    /// Appends events, durably, before anything is sent.
    package func append(_ events: [RoomEvent]) throws(RoomError) {
        guard !events.isEmpty else { return }
        var data = Data()
        for event in events {
            guard let line = try? RoomWire.encoder.encode(event) else { continue }
            data.append(line)
            data.append(0x0A)
        }
        try locked { () throws(RoomError) in
            let fd = open(fileURL.path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
            guard fd >= 0 else { throw .cannotWrite(path: fileURL.path, reason: String(cString: strerror(errno))) }
            defer { close(fd) }
            let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written == data.count, fsync(fd) == 0 else {
                throw .cannotWrite(path: fileURL.path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// The events not yet acknowledged, oldest first (lines that cannot be read, such as a partial last line,
    /// are skipped).
    package func pending() -> [RoomEvent] {
        (try? locked { () throws(RoomError) in readEvents() }) ?? []
    }

    /// Drops the acknowledged events.
    package func remove(acknowledged ids: Set<String>) throws(RoomError) {
        guard !ids.isEmpty else { return }
        try locked { () throws(RoomError) in
            let kept = readEvents().filter { !ids.contains($0.id) }
            if kept.isEmpty {
                unlink(fileURL.path)
                return
            }
            var data = Data()
            for event in kept {
                guard let line = try? RoomWire.encoder.encode(event) else { continue }
                data.append(line)
                data.append(0x0A)
            }
            let temporary = directory.appendingPathComponent(".outbox.\(getpid()).tmp")
            guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: nil),
                rename(temporary.path, fileURL.path) == 0
            else {
                throw .cannotWrite(path: fileURL.path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Runs `body` while holding the sender lock, or returns nil at once when another kata process is sending,
    /// so that two commands never send the same events at the same time.
    package func whileSending<T>(_ body: () -> T) -> T? {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fd = open(directory.appendingPathComponent("sender.lock").path, O_RDWR | O_CREAT, 0o600)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return nil }
        defer { flock(fd, LOCK_UN) }
        return body()
    }

    private func readEvents() -> [RoomEvent] {
        guard let data = try? Data(contentsOf: fileURL) else { return [] }
        return data.split(separator: 0x0A).compactMap { try? RoomWire.decoder.decode(RoomEvent.self, from: Data($0)) }
    }

    private func locked<T>(_ body: () throws(RoomError) -> T) throws(RoomError) -> T {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: directory.path, reason: (error as NSError).localizedDescription)
        }
        let lock = directory.appendingPathComponent("outbox.lock")
        let fd = open(lock.path, O_RDWR | O_CREAT, 0o600)
        guard fd >= 0 else { throw .cannotWrite(path: lock.path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cannotWrite(path: lock.path, reason: String(cString: strerror(errno))) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
