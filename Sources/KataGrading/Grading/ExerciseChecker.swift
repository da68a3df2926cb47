import Foundation
import KataBasics
import KataBuilding
import KataSystem
import KataWorkbook

/// Compiles, runs and grades one exercise against a Swift file: the learner's, a reference solution or a starter.
package struct ExerciseChecker: Sendable {
    /// Bumped when grading changes, so that old cached verdicts are not reused.
    static let gradingVersion = "kata-grading-15"

    package let workbook: Workbook
    package let compiler: ExerciseCompiler
    package let cache: VerdictCache
    /// Where programs are built: `.kata/build`. Their folders are named `<id>-<key>-<pid>`, so that what a kata that
    /// died left can be told from what a running one builds (``Leftovers``).
    package let buildRoot: URL
    /// How many programs build and run at once (specify exercises have one per mutant).
    package var width: Int
    /// What confines the learner's programs on this computer: found (by starting bubblewrap once) when a program
    /// first runs, not for a verdict the cache answers.
    package var sandbox: Sandbox {
        get { chosenSandbox ?? Sandbox.detect(environment: environment) }
        set { chosenSandbox = newValue }
    }
    var chosenSandbox: Sandbox?
    let environment: [String: String]
    /// The sandbox a verdict is cached under: the one this computer should offer.
    var expectedSandbox: Sandbox.Name {
        chosenSandbox?.name ?? Sandbox.expectedName(environment: environment, remembered: sandboxRecord)
    }
    /// What trying the sandbox showed: `.kata/cache/sandbox.txt`.
    let sandboxRecord: URL
    /// Where KataSpec's sources are (the harness's are beside them), and the cache libraries are built into.
    let kataSpecSources: URL
    let libraryCache: URL
    /// Ends what dead preparations left running, before the harness's build sweeps their folders
    /// (``Prerequisites/endOrphans``).
    let endOrphans: @Sendable () -> Void

    /// A checker of `workbook`'s exercises with what a command prepared: the compiler and KataSpec (`prerequisites`),
    /// and the workbook's `seal` for its caches (nil: nothing cached is trusted). Making one reads and writes nothing;
    /// what comes before a first check (ending a dead preparation's compilers, building KataSpec, sweeping dead
    /// katas' build folders) is the application's.
    package init(
        workbook: Workbook, prerequisites: Prerequisites, seal: Seal?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        let kata = workbook.root.appendingPathComponent(".kata")
        let cacheRoot = kata.appendingPathComponent("cache")
        self.workbook = workbook
        self.compiler = ExerciseCompiler(
            toolchain: prerequisites.toolchain, library: prerequisites.library, plan: prerequisites.plan,
            units: UnitCache(directory: cacheRoot.appendingPathComponent("units"), seal: seal))
        self.cache = VerdictCache(directory: cacheRoot.appendingPathComponent("verdicts"), seal: seal)
        self.buildRoot = kata.appendingPathComponent("build")
        self.width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        self.environment = environment
        self.sandboxRecord = cacheRoot.appendingPathComponent("sandbox.txt")
        self.kataSpecSources = prerequisites.kataSpecSources
        self.libraryCache = prerequisites.cache
        self.endOrphans = prerequisites.endOrphans
    }

    /// Checks `exercise` against `contents`, the file at `path` (relative to the workbook root).
    ///
    /// With `verdictOnly`, a specify exercise's check stops at the first mutant that survives, since the verdict is
    /// then known: what `kata verify` needs of a starter, which must fail. Such a result lists only the mutants that
    /// ran, and is cached apart from a whole one.
    package func check(
        _ exercise: Exercise, path: String, contents: String, useCache: Bool = true, verdictOnly: Bool = false
    ) throws(BuildError) -> CheckResult {
        let start = Date()
        var (programs, limits, key) = prepare(exercise, path: path, contents: contents)
        if verdictOnly { key = SHA256.hex(key + " verdict only") }
        if useCache, var cached = cache.lookup(key) {
            cached.duration = Date().timeIntervalSince(start)
            cached.cached = true
            return cached
        }
        var result = try grade(
            exercise, programs: programs, limits: limits, key: key, path: path, contents: contents,
            verdictOnly: verdictOnly)
        result.duration = Date().timeIntervalSince(start)
        // A verdict is kept under the sandbox it ran in: when bubblewrap turned out not to work, it is not kept.
        if result.status != .error && result.sandbox == expectedSandbox { cache.store(result, key: key) }
        return result
    }

    /// Compiles the modules of `exercise`'s programs with `contents` as the learner's file, without linking or
    /// running them, so that they are in the unit cache when the learner first checks: the chapter's specs (kept
    /// while the learner's file declares the same things), and a specify exercise's subject and mutants; and screens
    /// the file's declarations, so that what screening asks the compiler about them is remembered too. A
    /// preparation does this for the exercise `kata next` shows; what does not compile is left for the check to say.
    package func warm(_ exercise: Exercise, path: String, contents: String) {
        let (programs, limits, _) = prepare(exercise, path: path, contents: contents)
        guard let first = programs.first, let engine = try? engine(for: exercise),
            engine.missingTests(first, exercise: exercise) == nil
        else { return }
        let compiler = compiler(for: engine)
        // Named <id>-<key>-<pid> like a check's build folder, so a killed preparation's is swept the same way.
        let folder = buildRoot.appendingPathComponent("\(exercise.id)-warm-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        // What the starter declares, which a check holds the learner's declarations to (see ``SignatureScreen``).
        _ = starterDeclarations(exercise, limits: limits, engine: engine, in: folder)?.value
        for program in programs {
            let programFolder = folder.appendingPathComponent(program.variant.description)
            let outcome = try? compiler.compile(
                program, in: programFolder, listDeclarations: program.variant == first.variant, linking: false)
            if program.variant == first.variant, case .built = outcome {
                _ = try? screenDeclarations(
                    exercise, program: program, folder: programFolder, path: path, contents: contents, engine: engine)
            }
        }
    }

    /// The key under which the verdict on `contents` is cached: a hash of everything a check reads.
    package func verdictKey(_ exercise: Exercise, path: String, contents: String) -> String {
        prepare(exercise, path: path, contents: contents).key
    }

    private func prepare(_ exercise: Exercise, path: String, contents: String)
        -> (programs: [GeneratedProgram], limits: RunLimits, key: String)
    {
        let limits = RunLimits.defaults(timeout: exercise.timeout)
        let generator = ProgramGenerator(
            chapterPath: relativePath(workbook.chapter(of: exercise).url), filePath: path, fileContents: contents,
            limits: limits)
        let programs = generator.programs(for: exercise)
        return (programs, limits, cacheKey(exercise, programs: programs, limits: limits))
    }

    /// Grades `exercise` by running its stages (``GradingStage``) in order, until one reaches the verdict.
    private func grade(
        _ exercise: Exercise, programs: [GeneratedProgram], limits: RunLimits, key: String, path: String,
        contents: String, verdictOnly: Bool
    ) throws(BuildError) -> CheckResult {
        var result = CheckResult(
            id: exercise.id, kind: exercise.kind, status: .error, diagnostics: [], compilerOutput: nil, run: nil,
            mutants: [], duration: 0)
        result.sandbox = expectedSandbox
        if chosenSandbox == nil {
            // Trying bubblewrap takes a few tens of milliseconds: done while the program compiles.
            let environment = self.environment
            DispatchQueue.global().async { _ = Sandbox.detect(environment: environment) }
        }
        guard let first = programs.first else {
            result.note = .noSubject
            return result
        }
        let engine = try engine(for: exercise)
        if let missing = engine.missingTests(first, exercise: exercise) {
            result.note = missing
            return result
        }
        let folder = buildRoot.appendingPathComponent("\(exercise.id)-\(key.prefix(12))-\(getpid())")
        // KATA_KEEP_BUILD=1 keeps the generated sources and programs (for the benchmark and for debugging kata).
        let keep = ProcessInfo.processInfo.environment["KATA_KEEP_BUILD"] == "1"
        defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
        let folders = Dictionary(
            uniqueKeysWithValues: programs.map { program in
                (
                    program.variant,
                    folder.appendingPathComponent(keep ? program.variant.description : "run-\(randomName())")
                )
            })
        var grading = Grading(
            exercise: exercise, path: path, contents: contents, programs: programs, limits: limits, engine: engine,
            folders: folders,
            starter: starterDeclarations(exercise, limits: limits, engine: engine, in: folder),
            verdictOnly: verdictOnly, result: result)
        // The starter's compile ends before the folder it works in is removed, whatever this check's outcome.
        defer { _ = grading.starter?.value }
        for stage in GradingStage.allCases {
            if try run(stage, on: &grading) == .done { break }
        }
        return grading.result
    }

    private func cacheKey(_ exercise: Exercise, programs: [GeneratedProgram], limits: RunLimits) -> String {
        var hash = SHA256()
        hash.update(field: Self.gradingVersion)
        hash.update(field: compiler.toolchain.version)
        hash.update(field: compiler.library.key)
        hash.update(field: (ExerciseCompiler.flags + ExerciseCompiler.learnerFlags).joined(separator: " "))
        hash.update(field: "\(limits)")
        hash.update(field: expectedSandbox.rawValue)
        hash.update(field: exercise.id)
        hash.update(field: "\(exercise.engine.rawValue) \(exercise.languageMode.rawValue)")
        if exercise.engine != .kataSpec {
            hash.update(
                field: (try? RuntimeLibrary.key(
                    .harness, kataSpecSources: kataSpecSources, toolchain: compiler.toolchain, cache: libraryCache))
                    ?? "")
        }
        for program in programs { hash.update(field: program.fingerprint) }
        for mutant in exercise.mutants { hash.update(field: mutant.note) }
        return hash.hexDigest()
    }

    /// The warnings about the learner's file (with their notes), at places inside it; nil when there are none.
    static func learnersWarnings(_ warnings: [CompilerDiagnostic], path: String, contents: String)
        -> [CompilerDiagnostic]?
    {
        var kept: [CompilerDiagnostic] = []
        var keeping = false
        for diagnostic in withinFile(warnings, path: path, contents: contents) {
            if diagnostic.severity == .warning { keeping = diagnostic.file == path }
            if keeping, !diagnostic.file.hasPrefix("/") { kept.append(diagnostic) }
        }
        return kept.isEmpty ? nil : kept
    }

    /// `url` relative to the workbook root.
    package func relativePath(_ url: URL) -> String {
        let root = workbook.root.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
