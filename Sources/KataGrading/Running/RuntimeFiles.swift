import Foundation
import KataMessages
import KataSystem

#if canImport(Glibc)
    import Glibc
#endif

/// What of the host a learner's program needs in the sandbox: the folders that hold the shared libraries it loads
/// (the Swift runtime of the toolchain, the C and C++ libraries, the dynamic loader) and the symbolic links on the
/// way to them (`/lib64 -> usr/lib64`).
///
/// The sandbox shows the program these, read-only, and nothing else of the host: found once per library, by asking
/// the dynamic loader which libraries KataSpec's library loads (`ld.so --list`). A learner's program loads the same
/// libraries, or others from the same folders (FoundationNetworking beside Foundation, say).
package struct RuntimeFiles: Sendable, Equatable {
    /// Folders to show read-only at their own path (real paths, no link on the way).
    var folders: [String]
    /// Symbolic links to recreate: (the link's path, what it points to, as written).
    var links: [(path: String, target: String)]

    package static func == (left: RuntimeFiles, right: RuntimeFiles) -> Bool {
        left.folders == right.folders && left.links.map(\.path) == right.links.map(\.path)
            && left.links.map(\.target) == right.links.map(\.target)
    }

    /// The runtime of a program linked against the shared libraries in `folders` (KataSpec's, or kata's harness and
    /// the framework it runs), or nil when the loader cannot say (then the program cannot run in the sandbox).
    static func needed(byLibrariesIn folders: [URL]) -> RuntimeFiles? {
        let libraries = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
                .filter { $0.hasPrefix("lib") && $0.hasSuffix(".so") }.map { folder.appendingPathComponent($0) }
        }
        let key = libraries.map(\.path).joined(separator: "\n")
        lock.lock()
        defer { lock.unlock() }
        if let known = known[key] { return known }
        guard !libraries.isEmpty, let loader = loaderPath() else { return nil }
        var listed: [String] = []
        for library in libraries {
            guard let paths = list(library, loader: loader) else { return nil }
            listed += paths
        }
        let files = resolving([loader] + listed)
        known[key] = files
        return files
    }

    /// The folders and links that make every path in `paths` reachable as it is on the host.
    static func resolving(_ paths: [String]) -> RuntimeFiles {
        var folders: [String] = []
        var links: [(path: String, target: String)] = []
        for path in paths {
            let (real, seen) = resolve(path)
            let folder = (real as NSString).deletingLastPathComponent
            if !folders.contains(folder) { folders.append(folder) }
            for link in seen where !links.contains(where: { $0.path == link.path }) { links.append(link) }
        }
        // A link inside a folder that is shown anyway comes with it.
        links.removeAll { link in folders.contains { link.path.hasPrefix($0 + "/") } }
        return RuntimeFiles(folders: folders.sorted(), links: links)
    }

    /// The real path of `path` and every symbolic link met on the way.
    static func resolve(_ path: String) -> (real: String, links: [(path: String, target: String)]) {
        var links: [(path: String, target: String)] = []
        var pending = path.split(separator: "/").map(String.init)
        var current = ""
        var hops = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            if component == "." || component.isEmpty { continue }
            if component == ".." {
                current = (current as NSString).deletingLastPathComponent
                if current == "/" { current = "" }
                continue
            }
            let candidate = current + "/" + component
            guard hops < 40, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate) else {
                current = candidate
                continue
            }
            hops += 1
            links.append((candidate, target))
            pending = target.split(separator: "/").map(String.init) + pending
            if target.hasPrefix("/") { current = "" }
        }
        return (current.isEmpty ? "/" : current, links)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var known: [String: RuntimeFiles] = [:]

    /// The libraries the loader maps for `library`, as absolute paths.
    private static func list(_ library: URL, loader: String) -> [String]? {
        // Remembered beside the library (kata's cache, which a program cannot write), while every file still exists:
        // asking the loader costs a few milliseconds on every check.
        let remembered = URL(fileURLWithPath: library.path + ".needs")
        if let text = try? String(contentsOf: remembered, encoding: .utf8) {
            let paths = text.split(separator: "\n").map(String.init)
            if paths.first == loader, paths.count > 1, paths.allSatisfy({ access($0, F_OK) == 0 }) {
                return Array(paths.dropFirst())
            }
        }
        guard let paths = listed(library, loader: loader) else { return nil }
        let staging = URL(fileURLWithPath: remembered.path + ".\(getpid()).tmp")
        if (try? Data(([loader] + paths).joined(separator: "\n").utf8).write(to: staging)) != nil {
            if rename(staging.path, remembered.path) != 0 { unlink(staging.path) }
        }
        return paths
    }

    /// The loader's answer for `library`.
    private static func listed(_ library: URL, loader: String) -> [String]? {
        guard
            let result = try? ExternalCommand(
                executable: URL(fileURLWithPath: loader), arguments: ["--list", library.path]
            ).run(), result.status == 0
        else { return nil }
        var paths: [String] = []
        for line in result.output.split(separator: "\n") {
            // "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x…)" or "\t/lib64/ld-linux-x86-64.so.2 (0x…)"
            let text = line.trimmingCharacters(in: .whitespaces)
            let target = text.range(of: " => ").map { String(text[$0.upperBound...]) } ?? text
            guard target.hasPrefix("/"), let end = target.range(of: " (") else { continue }
            paths.append(String(target[..<end.lowerBound]))
        }
        return paths.isEmpty ? nil : paths
    }

    /// The dynamic loader kata itself was started with (the `PT_INTERP` of its own executable): programs built by
    /// the same toolchain on the same system use the same one.
    static func loaderPath() -> String? {
        guard let file = FileHandle(forReadingAtPath: "/proc/self/exe") else { return nil }
        defer { try? file.close() }
        func read(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard (try? file.seek(toOffset: UInt64(offset))) != nil, let data = try? file.read(upToCount: count),
                data.count == count
            else { return nil }
            return Array(data)
        }
        func integer(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }  // little-endian
        }
        // A 64-bit ELF file: its program headers say where the loader's path is.
        guard let header = read(0, 64), header.prefix(4) == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2 else {
            return nil
        }
        let table = integer(header, 0x20, 8)
        let size = integer(header, 0x36, 2)
        let count = integer(header, 0x38, 2)
        guard size >= 56, count < 256, let entries = read(table, size * count) else { return nil }
        for index in 0..<count where integer(entries, index * size, 4) == 3 {  // PT_INTERP
            let offset = integer(entries, index * size + 8, 8)
            let length = integer(entries, index * size + 32, 8)
            guard length > 1, length < 4096, let path = read(offset, length - 1) else { return nil }
            return String(decoding: path, as: UTF8.self)
        }
        return nil
    }
}
