import Foundation
import KataBasics
import KataSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A library of kata's own that test programs load, compiled once from its sources into the library cache
/// (`.kata/cache/<recipe>/<key>/`), keyed by its sources, the compiler and the flags, so that a check compiles only
/// the exercise: KataSpec, which every spelling of the book's older frameworks comes from, or kata's harness for the
/// toolchain's own Swift Testing and XCTest (see ``Recipe``).
package struct RuntimeLibrary: Sendable {
    /// What a library is made of: its modules, built in order (each may import the ones before it).
    package struct Recipe: Sendable, Equatable {
        /// The folder of the library cache it is built into.
        var folder: String
        /// Its modules, in build order; each module's sources are the folder of that name beside KataSpec's.
        var modules: [String]
        /// Whether its public names are listed for screening (KataSpec's: a learner's file may not declare them).
        var listsNames: Bool

        /// KataSpec, the learners' spec and mock library.
        package static let kataSpec = Recipe(folder: "kataspec", modules: ["KataSpec"], listsNames: true)
        /// kata's harness: runs the real frameworks' tests and hands kata their records (Sources/KataHarness), and the
        /// same for XCTest (Sources/KataXCTestHarness).
        package static let harness = Recipe(
            folder: "harness", modules: ["KataHarness", "KataXCTestHarness"], listsNames: false)
    }

    /// Folder with `lib<Module>.so` and `<Module>.swiftmodule` of each module.
    package let directory: URL
    /// The cache key (a hash of sources, compiler version and flags).
    package let key: String
    /// What it is.
    package let recipe: Recipe

    static let flags = ["-swift-version", "6", "-Onone", "-wmo", "-parse-as-library", "-emit-library"]

    /// Where KataSpec's sources are: `KATA_SPEC_SOURCES`, the workbook's `Sources/KataSpec`, or next to the `kata`
    /// binary. The harness's modules are the folders beside it.
    static func locateSources(
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

    /// The library `recipe` makes of the sources beside `kataSpecSources`, built now if the cache has none. `built`
    /// says whether it was. When another kata is building it (a preparation that `kata next` started), `willWait` is
    /// called and this waits for it. `endOrphans` ends what dead preparations left running (``Prerequisites/endOrphans``).
    package static func prepare(
        _ recipe: Recipe = .kataSpec, kataSpecSources: URL, toolchain: Toolchain, cache: URL,
        endOrphans: () -> Void, willBuild: () -> Void = {}, willWait: () -> Void = {}
    ) throws(BuildError) -> (library: RuntimeLibrary, built: Bool) {
        let (modules, key) = try sources(recipe, kataSpecSources: kataSpecSources, toolchain: toolchain, cache: cache)
        let root = cache.appendingPathComponent(recipe.folder)
        let directory = root.appendingPathComponent(key)
        let library = RuntimeLibrary(directory: directory, key: key, recipe: recipe)
        if library.isComplete { return (library, false) }
        return try FileLock(root.appendingPathComponent(".lock")).holding(whenBusy: willWait) {
            () throws(BuildError) in
            if library.isComplete { return (library, false) }
            // A preparation killed mid-build (perhaps while this waited for the lock) may have left its compiler
            // running into its staging folder.
            endOrphans()
            Leftovers.sweep(root, only: ".building-")
            willBuild()
            try build(modules, recipe: recipe, into: directory, toolchain: toolchain)
            return (library, true)
        }
    }

    /// The key `recipe`'s library has for these sources, built or not (a verdict on a program that loads it is kept
    /// under it).
    package static func key(
        _ recipe: Recipe, kataSpecSources: URL, toolchain: Toolchain, cache: URL
    ) throws(BuildError) -> String {
        try sources(recipe, kataSpecSources: kataSpecSources, toolchain: toolchain, cache: cache).key
    }

    /// Each module's sources, and the library's key.
    private static func sources(
        _ recipe: Recipe, kataSpecSources: URL, toolchain: Toolchain, cache: URL
    ) throws(BuildError) -> (modules: [(name: String, files: [URL])], key: String) {
        let parent = kataSpecSources.deletingLastPathComponent()
        // KataSpec is the folder given (`KATA_SPEC_SOURCES` may name a copy of any name); the harness's modules are
        // the folders beside it.
        let folder = { (name: String) in name == "KataSpec" ? kataSpecSources : parent.appendingPathComponent(name) }
        let modules = recipe.modules.map { (name: $0, files: sourceFiles(in: folder($0))) }
        if let missing = modules.first(where: \.files.isEmpty) {
            throw .noSpecSources(searched: [folder(missing.name).path])
        }
        let root = cache.appendingPathComponent(recipe.folder)
        return (modules, contentKey(files: modules.flatMap(\.files), sources: parent, toolchain: toolchain, root: root))
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

    /// The compiler flags that let an exercise import and link `modules` of this library (by default all).
    func linkFlags(_ modules: [String]? = nil) -> [String] {
        ["-I", directory.path, "-L", directory.path] + (modules ?? recipe.modules).map { "-l\($0)" }
            + ["-Xlinker", "-rpath", "-Xlinker", directory.path]
    }

    /// The compiler flags that let an exercise import and link all of this library.
    var linkFlags: [String] { linkFlags() }

    /// The names KataSpec exports, stored beside the library when it was built.
    package func publicNames() throws(BuildError) -> KataSpecNames {
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
        var names: Set<String> = []
        for module in recipe.modules {
            let library = ObjectFile.read(
                directory.appendingPathComponent("lib\(module).so"), symbols: .dynamic, toolchain: toolchain)
            names.formUnion(library.map { $0.definedSymbols.map(\.name) } ?? [])
        }
        guard !names.isEmpty else { return [] }
        try? Data(names.sorted().joined(separator: "\n").utf8).write(to: remembered, options: .atomic)
        return names
    }

    private var isComplete: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("complete").path)
    }

    private static func build(
        _ modules: [(name: String, files: [URL])], recipe: Recipe, into directory: URL, toolchain: Toolchain
    ) throws(BuildError) {
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
        var built: [String] = []
        for module in modules {
            // A later module links the earlier ones, found beside it wherever the folder is ($ORIGIN).
            let earlier =
                built.isEmpty
                ? []
                : ["-I", staging.path, "-L", staging.path, "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN"]
                    + built.map { "-l\($0)" }
            let names = recipe.listsNames ? ["-emit-symbol-graph", "-emit-symbol-graph-dir", symbols.path] : []
            let arguments =
                flags + speed + earlier + names + [
                    "-module-name", module.name, "-emit-module", "-emit-module-path",
                    staging.appendingPathComponent("\(module.name).swiftmodule").path,
                    "-o", staging.appendingPathComponent("lib\(module.name).so").path,
                ] + module.files.map(\.path)
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
            built.append(module.name)
        }
        if recipe.listsNames {
            // The names screening protects (a learner's file may not declare them), from the library's own interface.
            do {
                try KataSpecNames(symbolGraphFolder: symbols).write(to: staging)
                try FileManager.default.removeItem(at: symbols)
            } catch {
                try? FileManager.default.removeItem(at: staging)
                throw .specLibraryFailed(output: "cannot read KataSpec's symbol graph: \(error)")
            }
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

/// KataSpec built as a ``RuntimeLibrary``.
package typealias SpecLibrary = RuntimeLibrary
