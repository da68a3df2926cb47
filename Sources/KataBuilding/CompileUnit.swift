import Foundation
import KataBasics
import KataSystem
import KataWorkbook

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One module of a test program, compiled to an object file (and, for `Exercise`, its interface) and kept in
/// `.kata/cache/units/<key>/`, where the key is a hash of everything the compile reads: the sources, the flags,
/// the compiler, KataSpec, and the interface of the module it imports.
///
/// What a learner does not change is then compiled once: a specify exercise's subject and mutants, and the
/// chapter's specs for as long as the learner's file keeps the same declarations (a change inside a function body
/// leaves `Exercise.swiftmodule` byte for byte the same). A unit is sealed like a verdict (see ``Seal``): one changed
/// outside kata is compiled again, never linked.
struct CompileUnit: Sendable {
    var module: String
    /// The sources, written in the program's folder.
    var files: [URL]
    /// The sources' contents, in order (hashed into the key).
    var contents: [String]
    /// Emit `<module>.swiftmodule` (for the module the other imports) with `-enable-testing`.
    var emitsInterface: Bool
    /// Also write the module's symbol graph into `symbols/` (for screening the learner's declarations).
    var listsDeclarations: Bool
    /// The unit whose interface this one imports, and that interface's hash.
    var imports: (directory: URL, interface: String)?
    /// The learner's module: compiled with strict memory safety, whose findings are errors (code that reads or writes
    /// memory directly could forge the results of the specs that share its process).
    var isLearners = false
    /// The language mode it compiles in.
    var languageMode: LanguageMode = .swift5
    /// The library of kata's it imports (KataSpec, or the harness).
    var runtime: RuntimeLibrary?

    /// The cache key: everything the compile reads, except whether it lists declarations (a unit that does also
    /// serves one that does not).
    func key(base: [String]) -> String {
        var hash = SHA256()
        for field in base { hash.update(field: field) }
        hash.update(field: module)
        hash.update(field: emitsInterface ? "interface" : "object")
        hash.update(field: imports?.interface ?? "")
        hash.update(field: isLearners ? ExerciseCompiler.learnerFlags.joined(separator: " ") : "")
        hash.update(field: languageMode.rawValue)
        hash.update(field: runtime?.key ?? "")
        for (file, contents) in zip(files, contents) {
            hash.update(field: file.lastPathComponent)
            hash.update(field: contents)
        }
        return String(hash.hexDigest().prefix(32))
    }

    var object: String { "\(module).o" }
    var interface: String { "\(module).swiftmodule" }
    /// The learner's unit: the compiler's warnings about it, as JSON (sealed with the object).
    static let warningsFile = "warnings.json"

    /// Writes a learner's unit's warnings into its folder.
    func keep(_ warnings: [CompilerDiagnostic], in folder: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try? encoder.encode(warnings).write(to: folder.appendingPathComponent(Self.warningsFile))
    }

    /// The warnings kept with a unit: none for a unit that is not the learner's.
    func warnings(in folder: URL) -> [CompilerDiagnostic] {
        guard isLearners, let data = try? Data(contentsOf: folder.appendingPathComponent(Self.warningsFile)) else {
            return []
        }
        return (try? JSONDecoder().decode([CompilerDiagnostic].self, from: data)) ?? []
    }
}

/// The folder of compiled units, `.kata/cache/units`.
package struct UnitCache: Sendable {
    let directory: URL
    let seal: Seal?
    /// The units this kata is compiling now (shared by every copy of this cache).
    let flights = UnitFlights()

    package init(directory: URL, seal: Seal?) {
        self.directory = directory
        self.seal = seal
    }
    /// How many units the cache keeps; the least recently used go first.
    static let capacity = 400

    /// The unit's folder when it is in the cache, whole and sealed, with its symbol graph if `needsSymbols`.
    func lookup(_ key: String, unit: CompileUnit, needsSymbols: Bool) -> URL? {
        let folder = directory.appendingPathComponent(key)
        guard let signature = try? String(contentsOf: folder.appendingPathComponent("seal"), encoding: .utf8),
            let sealed = sealedBytes(folder, unit: unit), seal?.verifies(signature, for: sealed) ?? true
        else { return nil }
        if needsSymbols && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("symbols").path) {
            return nil
        }
        // Least recently used goes first: a hit counts as a use.
        utimes(folder.path, nil)
        return folder
    }

    /// A fresh folder to compile a unit in, inside the cache (so that ``store`` is a rename).
    func staging() -> URL {
        directory.appendingPathComponent(".building-\(randomName())-\(getpid())")
    }

    /// Seals the unit compiled in `staging` and moves it to its key; the folder it is now in.
    ///
    /// A sound unit already under that key is never replaced (another check may be linking from it): one stored
    /// meanwhile by another kata is used instead, and a symbol graph it lacks is moved into it. Only a unit whose
    /// seal does not match is replaced.
    func store(_ staging: URL, key: String, unit: CompileUnit) -> URL {
        let folder = directory.appendingPathComponent(key)
        guard let sealed = sealedBytes(staging, unit: unit) else { return staging }
        let signature = seal?.signature(of: sealed) ?? ""
        guard (try? Data(signature.utf8).write(to: staging.appendingPathComponent("seal"))) != nil else {
            return staging
        }
        defer { prune() }
        if rename(staging.path, folder.path) == 0 { return folder }
        if lookup(key, unit: unit, needsSymbols: false) != nil {
            let symbols = folder.appendingPathComponent("symbols")
            if !FileManager.default.fileExists(atPath: symbols.path) {
                _ = rename(staging.appendingPathComponent("symbols").path, symbols.path)
            }
            try? FileManager.default.removeItem(at: staging)
            return folder
        }
        // What is there does not match its seal: set it aside, then put this unit in its place.
        let aside = directory.appendingPathComponent(".building-\(randomName())-\(getpid())")
        _ = rename(folder.path, aside.path)
        try? FileManager.default.removeItem(at: aside)
        return rename(staging.path, folder.path) == 0 ? folder : staging
    }

    /// What the seal covers: the object file, the interface, and a learner's unit's warnings (so that a unit stored
    /// before it kept them is compiled again rather than shown without them).
    private func sealedBytes(_ folder: URL, unit: CompileUnit) -> Data? {
        guard var data = try? Data(contentsOf: folder.appendingPathComponent(unit.object)) else { return nil }
        if unit.emitsInterface {
            guard let interface = try? Data(contentsOf: folder.appendingPathComponent(unit.interface)) else {
                return nil
            }
            data.append(interface)
        }
        if unit.isLearners {
            guard let warnings = try? Data(contentsOf: folder.appendingPathComponent(CompileUnit.warningsFile)) else {
                return nil
            }
            data.append(warnings)
        }
        return data
    }

    /// How long a unit stays after its last use, whatever the capacity: a check links from its units and reads their
    /// symbol graphs for as long as it runs, which on a loaded machine (a `kata verify` beside other builds) can be
    /// minutes after it looked them up.
    static let inUse: TimeInterval = 15 * 60

    /// Keeps the cache to ``capacity`` units, removing the least recently used; none used in the last ``inUse``.
    func prune(now: Date = Date()) {
        Leftovers.sweep(directory, only: ".building-")
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: directory.path),
            names.count > Self.capacity
        else { return }
        let dated = names.filter { !$0.hasPrefix(".") }.map { name -> (String, Date) in
            let attributes = try? fileManager.attributesOfItem(atPath: directory.appendingPathComponent(name).path)
            return (name, attributes?[.modificationDate] as? Date ?? .distantPast)
        }.sorted { $0.1 < $1.1 }
        let cutoff = now.addingTimeInterval(-Self.inUse)
        for (name, date) in dated.prefix(dated.count - Self.capacity * 3 / 4) where date < cutoff {
            try? fileManager.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
