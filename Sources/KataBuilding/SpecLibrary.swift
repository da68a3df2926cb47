import Foundation
import KataBasics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// KataSpec compiled once into `.kata/cache/kataspec/<key>/`, keyed by its sources, the compiler and the flags,
/// so that a check compiles only the exercise.
public struct SpecLibrary: Sendable {
    /// Folder with `libKataSpec.so` and `KataSpec.swiftmodule`.
    public let directory: URL
    /// The cache key (a hash of sources, compiler version and flags).
    public let key: String

    static let flags = [
        "-swift-version", "6", "-Onone", "-wmo", "-parse-as-library", "-module-name", "KataSpec", "-emit-library",
        "-emit-symbol-graph",
    ]

    /// Where the KataSpec sources are: `KATA_SPEC_SOURCES`, the workbook's `Sources/KataSpec`, or next to the `kata` binary.
    public static func locateSources(
        workbookRoot: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BuildError) -> URL {
        var candidates: [URL] = []
        if let explicit = environment["KATA_SPEC_SOURCES"], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        candidates.append(workbookRoot.appendingPathComponent("Sources/KataSpec"))
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            candidates.append(folder.appendingPathComponent("Sources/KataSpec"))
            folder = folder.deletingLastPathComponent()
        }
        for candidate in candidates where !sourceFiles(in: candidate).isEmpty {
            return candidate.standardizedFileURL
        }
        throw .noSpecSources(searched: Array(candidates.prefix(3).map(\.path)))
    }

    /// The library for these sources, built now if the cache has none. `built` says whether it was. When another
    /// kata is building it (a preparation that `kata next` started), `willWait` is called and this waits for it.
    public static func prepare(
        sources: URL, toolchain: Toolchain, cache: URL, willBuild: () -> Void = {}, willWait: () -> Void = {}
    ) throws(BuildError) -> (library: SpecLibrary, built: Bool) {
        let files = sourceFiles(in: sources)
        let root = cache.appendingPathComponent("kataspec")
        let key = contentKey(files: files, sources: sources, toolchain: toolchain, root: root)
        let directory = root.appendingPathComponent(key)
        let library = SpecLibrary(directory: directory, key: key)
        if library.isComplete { return (library, false) }
        return try FileLock(root.appendingPathComponent(".lock")).holding(whenBusy: willWait) {
            () throws(BuildError) in
            if library.isComplete { return (library, false) }
            // A preparation killed mid-build may have left its compiler running into its staging folder.
            DetachedGroupRecord.endOrphans(in: cache)
            Leftovers.sweep(root, only: ".building-")
            willBuild()
            try build(files: files, into: directory, toolchain: toolchain)
            return (library, true)
        }
    }

    /// The hash of the sources' contents, the compiler and the flags. Hashing 200 KB on every check
    /// would cost more than the rest of an unchanged check, so the key is remembered under a hash of
    /// the files' paths, sizes and modification times, and recomputed only when one of those changes.
    private static func contentKey(files: [URL], sources: URL, toolchain: Toolchain, root: URL) -> String {
        var stamp = SHA256()
        stamp.update(field: toolchain.version)
        for file in files {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            stamp.update(field: "\(file.path)|\(attributes?[.size] ?? 0)|\(modified)")
        }
        let remembered = root.appendingPathComponent("keys/\(stamp.hexDigest().prefix(24))")
        if let key = try? String(contentsOf: remembered, encoding: .utf8), key.count == 24 { return key }
        var hash = SHA256()
        hash.update(field: toolchain.version)
        for flag in flags { hash.update(field: flag) }
        for file in files {
            hash.update(field: String(file.path.dropFirst(sources.path.count)))
            hash.update(field: (try? String(contentsOf: file, encoding: .utf8)) ?? "")
        }
        let key = String(hash.hexDigest().prefix(24))
        try? FileManager.default.createDirectory(
            at: remembered.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(key.utf8).write(to: remembered, options: .atomic)
        return key
    }

    /// The compiler flags that let an exercise import and link this library.
    public var linkFlags: [String] {
        ["-I", directory.path, "-L", directory.path, "-lKataSpec", "-Xlinker", "-rpath", "-Xlinker", directory.path]
    }

    /// The names KataSpec exports, stored beside the library when it was built.
    public func publicNames() throws(BuildError) -> KataSpecNames {
        do {
            return try KataSpecNames.load(from: directory)
        } catch {
            throw .cannotWrite(
                path: KataSpecNames.file(in: directory).path,
                reason: "cannot read KataSpec's names (\(error)); delete \(directory.path) so that kata builds it again"
            )
        }
    }

    /// The names the library exports for the linker (its dynamic symbol table), remembered in a file beside it: what
    /// no learner's module may define (see ``ObjectScreen``). Empty when the library cannot be read.
    package func linkerExports(toolchain: Toolchain) -> Set<String> {
        let remembered = directory.appendingPathComponent("linker-exports.txt")
        if let text = try? String(contentsOf: remembered, encoding: .utf8) {
            return Set(text.split(separator: "\n").map(String.init))
        }
        let library = ObjectFile.read(
            directory.appendingPathComponent("libKataSpec.so"), symbols: .dynamic, toolchain: toolchain)
        guard let names = library.map({ Set($0.definedSymbols.map(\.name)) }), !names.isEmpty else { return [] }
        try? Data(names.sorted().joined(separator: "\n").utf8).write(to: remembered, options: .atomic)
        return names
    }

    private var isComplete: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("complete").path)
    }

    private static func build(files: [URL], into directory: URL, toolchain: Toolchain) throws(BuildError) {
        let staging = directory.deletingLastPathComponent().appendingPathComponent(".building-\(getpid())")
        try? FileManager.default.removeItem(at: staging)
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: staging.path, reason: (error as NSError).localizedDescription)
        }
        let symbols = staging.appendingPathComponent("symbols")
        // Code generation on every core (about a fifth faster on two), and lld where the toolchain has it; neither
        // changes what is built, so neither is part of the key.
        let speed = ["-num-threads", "\(max(1, ProcessInfo.processInfo.activeProcessorCount))"] + toolchain.linkerFlags
        let arguments =
            flags + speed + [
                "-emit-module", "-emit-module-path", staging.appendingPathComponent("KataSpec.swiftmodule").path,
                "-emit-symbol-graph-dir", symbols.path,
                "-o", staging.appendingPathComponent("libKataSpec.so").path,
            ] + files.map(\.path)
        let result: ExternalCommand.Result
        do {
            result = try ExternalCommand(
                executable: toolchain.swiftc, arguments: arguments, directory: staging,
                limits: toolchain.limits.forLibrary
            ).run()
        } catch {
            throw .specLibraryFailed(output: (error as NSError).localizedDescription)
        }
        if let stop = result.stopped {
            try? FileManager.default.removeItem(at: staging)
            throw .specLibraryStopped(stop)
        }
        guard result.status == 0 else {
            try? FileManager.default.removeItem(at: staging)
            throw .specLibraryFailed(output: result.output)
        }
        // The names screening protects (a learner's file may not declare them), from the library's own interface.
        do {
            try KataSpecNames(symbolGraphFolder: symbols).write(to: staging)
            try FileManager.default.removeItem(at: symbols)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw .specLibraryFailed(output: "cannot read KataSpec's symbol graph: \(error)")
        }
        _ = FileManager.default.createFile(atPath: staging.appendingPathComponent("complete").path, contents: Data())
        try? FileManager.default.removeItem(at: directory)
        guard rename(staging.path, directory.path) == 0 else {
            throw .cannotWrite(path: directory.path, reason: String(cString: strerror(errno)))
        }
    }

    static func sourceFiles(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        // Sorted by path, each path computed once: `URL.path` is too slow to call inside a sort.
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .map { ($0.standardizedFileURL.path, $0.standardizedFileURL) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
