import Foundation
import KataBasics
import KataBuilding
import KataWorkbook

/// Compiles, runs and grades one exercise against a Swift file: the learner's, a reference solution or a starter.
public struct ExerciseChecker: Sendable {
    /// Bumped when grading changes, so that old cached verdicts are not reused.
    static let gradingVersion = "kata-grading-12"

    public let workbook: Workbook
    public let compiler: ExerciseCompiler
    public let cache: VerdictCache
    /// Where programs are built: `.kata/build`.
    let buildRoot: URL
    /// How many programs build and run at once (specify exercises have one per mutant).
    public var width: Int
    /// What confines the learner's programs on this computer: found (by starting bubblewrap once) when a program
    /// first runs, not for a verdict the cache answers.
    public var sandbox: Sandbox {
        get { chosenSandbox ?? Sandbox.detect(environment: environment) }
        set { chosenSandbox = newValue }
    }
    private var chosenSandbox: Sandbox?
    private let environment: [String: String]
    /// The sandbox a verdict is cached under: the one this computer should offer.
    private var expectedSandbox: String {
        chosenSandbox?.name ?? Sandbox.expectedName(environment: environment, remembered: sandboxRecord)
    }
    /// What trying the sandbox showed: `.kata/cache/sandbox.txt`.
    private let sandboxRecord: URL

    /// Finds the compiler and prepares KataSpec (building it into `.kata/cache` the first time, or waiting for the
    /// preparation `kata next` started: `willWait` is called first).
    public init(
        workbook: Workbook, environment: [String: String] = ProcessInfo.processInfo.environment,
        willBuildLibrary: () -> Void = {}, willWait: () -> Void = {}
    ) throws(BuildError) {
        let kata = workbook.root.appendingPathComponent(".kata")
        let cacheRoot = kata.appendingPathComponent("cache")
        let prerequisites = try Prerequisites.load(
            workbookRoot: workbook.root, environment: environment, willBuildLibrary: willBuildLibrary,
            willWait: willWait)
        self.workbook = workbook
        let seal = try? Seal(kataFolder: kata)
        self.compiler = ExerciseCompiler(
            toolchain: prerequisites.toolchain, library: prerequisites.library, plan: prerequisites.plan,
            units: UnitCache(directory: cacheRoot.appendingPathComponent("units"), seal: seal))
        self.cache = VerdictCache(directory: cacheRoot.appendingPathComponent("verdicts"), seal: seal)
        self.buildRoot = kata.appendingPathComponent("build")
        // Build folders are named <id>-<key>-<pid>: those of a kata that died are removed.
        Leftovers.sweep(buildRoot)
        self.width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        self.environment = environment
        self.sandboxRecord = cacheRoot.appendingPathComponent("sandbox.txt")
        if environment["KATA_SANDBOX"] == "require",
            case .none(let reason) = Sandbox.detect(environment: environment).kind
        {
            throw .noSandbox(reason: reason)
        }
    }

    /// Checks `exercise` against `contents`, the file at `path` (relative to the workbook root).
    public func check(
        _ exercise: Exercise, path: String, contents: String, useCache: Bool = true
    ) throws(BuildError) -> CheckResult {
        let start = Date()
        let (programs, limits, key) = prepare(exercise, path: path, contents: contents)
        if useCache, var cached = cache.lookup(key) {
            cached.duration = Date().timeIntervalSince(start)
            cached.cached = true
            return cached
        }
        var result = try grade(exercise, programs: programs, limits: limits, key: key, path: path, contents: contents)
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
    public func warm(_ exercise: Exercise, path: String, contents: String) {
        let (programs, limits, _) = prepare(exercise, path: path, contents: contents)
        guard let first = programs.first, !first.specClasses.isEmpty else { return }
        // Named <id>-<key>-<pid> like a check's build folder, so a killed preparation's is swept the same way.
        let folder = buildRoot.appendingPathComponent("\(exercise.id)-warm-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        // What the starter declares, which a check holds the learner's declarations to (see ``SignatureScreen``).
        if exercise.kind == .implement {
            _ = try? compiler.declarations(
                of: starterProgram(exercise, path: path, limits: limits), in: folder.appendingPathComponent("starter"))
        }
        for program in programs {
            let programFolder = folder.appendingPathComponent(program.variant.description)
            let outcome = try? compiler.compile(
                program, in: programFolder, listDeclarations: program.variant == first.variant, linking: false)
            if program.variant == first.variant, case .built = outcome {
                _ = try? screenDeclarations(
                    exercise, program: program, folder: programFolder, path: path, contents: contents)
            }
        }
    }

    /// The key under which the verdict on `contents` is cached: a hash of everything a check reads.
    public func verdictKey(_ exercise: Exercise, path: String, contents: String) -> String {
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

    private func grade(
        _ exercise: Exercise, programs: [GeneratedProgram], limits: RunLimits, key: String, path: String,
        contents: String
    ) throws(BuildError) -> CheckResult {
        var result = CheckResult(
            id: exercise.id, kind: exercise.kind, status: .error, diagnostics: [], compilerOutput: nil, run: nil,
            mutants: [], message: nil, duration: 0)
        result.sandbox = expectedSandbox
        if chosenSandbox == nil {
            // Trying bubblewrap takes a few tens of milliseconds: done while the program compiles.
            let environment = self.environment
            DispatchQueue.global().async { _ = Sandbox.detect(environment: environment) }
        }
        guard let first = programs.first else {
            result.message = "the exercise has nothing to run against: add a subject block to the chapter"
            return result
        }
        if first.specClasses.isEmpty {
            if exercise.kind == .specify { result.note = .noSpecClass }
            result.message =
                exercise.kind == .specify
                ? "your file declares no spec class; write one like `final class LeapYearSpec: QuickSpec { override class func spec() { ... } }`"
                : "the chapter has no spec class for this exercise (a class inheriting from QuickSpec, AsyncSpec, KiwiSpec, SpectaSpec or Spec)"
            return result
        }
        let refused = try screenText(exercise, path: path, contents: contents)
        guard refused.isEmpty else {
            result.refuse(refused)
            return result
        }
        let folder = buildRoot.appendingPathComponent("\(exercise.id)-\(key.prefix(12))-\(getpid())")
        // KATA_KEEP_BUILD=1 keeps the generated sources and programs (for the benchmark and for debugging kata).
        let keep = ProcessInfo.processInfo.environment["KATA_KEEP_BUILD"] == "1"
        defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
        let compiler = self.compiler
        // Each program's folder has a random name, so a learner's spec cannot tell the subject from a mutant by its
        // own path (in the sandbox every program also runs as /tmp/kata/program). KATA_KEEP_BUILD keeps plain names.
        let folders = Dictionary(
            uniqueKeysWithValues: programs.map { program in
                (
                    program.variant,
                    folder.appendingPathComponent(keep ? program.variant.description : "run-\(randomName())")
                )
            })
        // The first program also lists the program's declarations, for screening the learner's.
        let build: @Sendable ([GeneratedProgram]) -> [Result<ExerciseCompiler.Outcome, BuildError>] = { programs in
            parallelMap(programs, width: self.width) { program in
                Result { () throws(BuildError) in
                    try compiler.compile(
                        program, in: folders[program.variant]!, listDeclarations: program.variant == first.variant)
                }
            }
        }
        // The subject builds first; the mutants only once the learner's specs pass against it, so a red check does
        // not wait for them. A mutant's build then reuses the learner's specs compiled for the subject (a mutant has
        // the subject's interface) and its own module from earlier checks: mostly it is a link.
        var stages = CheckResult.Stages()
        var clock = Date()
        /// Adds the time since the last lap to `stage`.
        func lap(_ stage: WritableKeyPath<CheckResult.Stages, Double>) {
            let now = Date()
            stages[keyPath: stage] += now.timeIntervalSince(clock)
            clock = now
            result.stages = stages
        }
        // What the starter declares, for holding the learner's declarations to it: compiled beside the learner's code
        // (and once ever: its module is kept like any other; a learner's first check of the starter is the same unit).
        let starterFolder = folder.appendingPathComponent("starter")
        let starter =
            exercise.kind == .implement
            ? Background { () -> Result<URL?, BuildError> in
                Result { () throws(BuildError) in
                    try compiler.declarations(
                        of: self.starterProgram(exercise, path: path, limits: limits), in: starterFolder)
                }
            } : nil
        // Its compile ends before the folder it works in is removed, whatever this check's outcome.
        defer { _ = starter?.value }
        var builds = build([first])
        lap(\.build)
        let subjectBuild = try builds[0].get()
        // What the learner's module defines for the linker, before anything of it runs (or its link is blamed).
        let linkerFindings = screenObject(
            program: first, folder: folders[first.variant]!, path: path, contents: contents)
        lap(\.screen)
        guard linkerFindings.isEmpty else {
            result.refuse(linkerFindings)
            return result
        }
        guard case .built(let binary, let warnings) = subjectBuild else {
            // The learner's module compiled and the specs did not: a declaration that screening refuses (a generic
            // `equal` that makes a spec ambiguous) is the cause to name.
            if FileManager.default.fileExists(atPath: folders[first.variant]!.appendingPathComponent("symbols").path) {
                let shadows = try screenDeclarations(
                    exercise, program: first, folder: folders[first.variant]!, path: path, contents: contents)
                lap(\.screen)
                if !shadows.isEmpty {
                    result.refuse(shadows)
                    return result
                }
            }
            if case .failed(let diagnostics, let output) = subjectBuild {
                result.status = .compileError
                result.diagnostics = Self.refusingUnsafeCode(
                    Self.withinFile(diagnostics, path: path, contents: contents), path: path)
                result.refused = result.diagnostics != diagnostics
                if diagnostics.isEmpty { result.compilerOutput = output }
            }
            return result
        }
        let shadows = try screenDeclarations(
            exercise, program: first, folder: folders[first.variant]!, path: path, contents: contents)
        lap(\.screen)
        guard shadows.isEmpty else {
            result.refuse(shadows)
            return result
        }
        if let starter, let starterSymbols = try starter.value.get() {
            let changed = try screenSignatures(
                exercise, learnerSymbols: folders[first.variant]!.appendingPathComponent("symbols"),
                starterSymbols: starterSymbols, path: path, program: first)
            lap(\.screen)
            guard changed.isEmpty else {
                result.refuse(changed)
                return result
            }
        }
        // An implement exercise runs every example of the chapter: nothing in the learner's file may leave one
        // out. In a specify exercise the specs are the learner's, and focus and exclusion work as in the real
        // runners; an example that does not run catches no mutant, and the report says how many were left out.
        result.warnings = Self.learnersWarnings(warnings, path: path, contents: contents)
        result.sandbox = sandbox.name
        if chosenSandbox == nil { sandbox.remember(in: sandboxRecord) }
        let runner = ProgramRunner(
            limits: limits, sourcePaths: [relativePath(workbook.chapter(of: exercise).url), path],
            runAll: exercise.kind == .implement, sandbox: sandbox, libraryDirectory: compiler.library.directory,
            symbolizer: StackSymbolizer(swiftc: compiler.toolchain.swiftc))
        let run: RunReport
        let subjectStart = Date()
        do {
            run = try runner.run(binary, in: folders[first.variant]!)
        } catch {
            throw .cannotWrite(path: folder.path, reason: (error as NSError).localizedDescription)
        }
        let subjectSeconds = Date().timeIntervalSince(subjectStart)
        lap(\.run)
        result.run = run
        if let problem = run.problem {
            result.message = problem
            result.note = run.problemSaid.map(CheckResult.Note.run)
            return result
        }
        let ran = run.ran
        if run.failed > 0 || run.timedOutAfter != nil {
            result.status = .failed
            if exercise.kind == .specify {
                result.note = .specsMustPass(failed: run.failed)
                result.message =
                    "your specs must pass against the correct code before they can catch mutants; "
                    + "\(plural(run.failed, "example")) failed against it"
            }
            return result
        }
        if ran == 0 {
            result.note = .noExamples(specify: exercise.kind == .specify)
            result.message =
                exercise.kind == .specify
                ? "your spec has no examples that run; add an `it` with an expectation"
                : "no examples ran"
            return result
        }
        guard exercise.kind == .specify else {
            result.status = .passed
            return result
        }
        builds += build(Array(programs.dropFirst(builds.count)))
        lap(\.build)
        // A mutant that could not be built for a reason outside the code (a limit, a full disk) is not caught: the
        // check has no verdict.
        for case .failure(let error) in builds.dropFirst() { throw error }
        // A mutant that never ends need not cost the exercise's whole timeout: the learner's specs have just run
        // against the subject, so a few times that long is plenty (see RunLimits.forMutant).
        let mutantRunner: ProgramRunner = {
            var runner = runner
            runner.limits = limits.forMutant(subjectSeconds: subjectSeconds)
            // A mutant's report shows no example's failure: where one ran out of time is nobody's question.
            runner.symbolizer = nil
            return runner
        }()
        let mutantRuns = parallelMap(Array(zip(exercise.mutants, builds.dropFirst())), width: width) { pair in
            let (mutant, build) = pair
            let folder = folders[.mutant(mutant.name)]!
            switch build {
            case .success(.built(let binary, _)):
                let report = try? mutantRunner.run(binary, in: folder)
                let failures = report?.examples.filter(\.status.isFailure) ?? []
                let caught = report == nil || report?.problem != nil || !failures.isEmpty
                var result = CheckResult.MutantResult(
                    name: mutant.name, note: mutant.note, caught: caught, caughtBy: failures.map(\.name), report: report
                )
                // Caught only because an example ran out of time: no expectation said what broke.
                if let limit = report?.timedOutAfter, report?.problem == nil, !failures.isEmpty,
                    failures.allSatisfy({ $0.status == .timedOut })
                {
                    result.timedOutAfter = limit
                }
                return result
            default:
                // A mutant that does not compile with specs that compile against the subject is caught by
                // the compiler; `kata verify` reports it as a chapter mistake.
                return CheckResult.MutantResult(
                    name: mutant.name, note: mutant.note, caught: true, caughtBy: ["(did not compile)"], report: nil)
            }
        }
        lap(\.run)
        result.mutants = mutantRuns
        result.shape = exercise.shape.map { ShapeCheck($0, run: run) }
        result.status = mutantRuns.allSatisfy(\.caught) && result.shape?.met != false ? .passed : .failed
        return result
    }

    private func cacheKey(_ exercise: Exercise, programs: [GeneratedProgram], limits: RunLimits) -> String {
        var hash = SHA256()
        hash.update(field: Self.gradingVersion)
        hash.update(field: compiler.toolchain.version)
        hash.update(field: compiler.library.key)
        hash.update(field: (ExerciseCompiler.flags + ExerciseCompiler.learnerFlags).joined(separator: " "))
        hash.update(field: "\(limits)")
        hash.update(field: expectedSandbox)
        hash.update(field: exercise.id)
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

extension CheckResult {
    /// Not accepted: the file is refused with `findings` (what screening found), as a compile error that says why.
    fileprivate mutating func refuse(_ findings: [CompilerDiagnostic]) {
        status = .compileError
        diagnostics = findings
        refused = true
    }
}
