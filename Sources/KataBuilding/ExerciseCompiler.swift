import Foundation
import KataBasics
import KataSystem
import KataWorkbook

/// Compiles a generated program against the cached KataSpec library: module `Exercise`, then `ExerciseSpecs`
/// against its interface, each through the unit cache (see ``CompileUnit``), then links them.
package struct ExerciseCompiler: Sendable {
    /// What came of a compile.
    package enum Outcome: Sendable {
        /// The program, and the compiler's warnings about the learner's module (the other modules' are suppressed).
        case built(URL, warnings: [CompilerDiagnostic])
        case failed([CompilerDiagnostic], output: String)
    }

    package var toolchain: Toolchain
    package var library: SpecLibrary
    /// kata's harness for Swift Testing and XCTest, when an exercise on one of them is checked.
    package var harness: RuntimeLibrary?
    /// The jobs to run directly; nil to go through `swiftc`.
    var plan: CompilerPlan?
    /// Where compiled modules are kept; nil to keep none.
    var units: UnitCache?

    /// Flags for exercise code: Swift 5 mode, so a learner meets the testing ideas before strict concurrency; line
    /// tables (no other debug information), so that kata can name the line an example was running when its time ran
    /// out (`StackSymbolizer`).
    package static let flags = [
        "-swift-version", "5", "-Onone", "-parse-as-library", "-diagnostic-style", "llvm", "-gline-tables-only",
    ]

    /// The flags for code in `mode`: Swift 6 mode brings complete concurrency checking, as a team's code has it.
    package static func flags(_ mode: LanguageMode) -> [String] {
        mode == .swift5 ? flags : ["-swift-version", "6"] + flags.dropFirst(2)
    }
    /// Warnings about the chapter's code and KataSpec are not a learner's concern. The learner's module keeps its
    /// warnings (an endlessly recursive function, an unused result: often what explains a failure), and strict memory
    /// safety's are errors there: unsafe code is not accepted (see ``CompileUnit/isLearners``).
    static let otherFlags = ["-suppress-warnings"]
    package static let learnerFlags = ["-strict-memory-safety", "-Werror", "StrictMemorySafety"]

    package init(toolchain: Toolchain, library: SpecLibrary, plan: CompilerPlan? = nil, units: UnitCache? = nil) {
        self.toolchain = toolchain
        self.library = library
        self.plan = plan
        self.units = units
    }

    /// Writes the program's files into `folder` and compiles them into `folder/program`; with `listDeclarations`, the
    /// compiler also writes the symbol graph of the learner's module (every declaration and where it is) into
    /// `folder/symbols`. Without `linking`, the modules are compiled (and kept in the unit cache) but not linked,
    /// and the outcome names the folder.
    package func compile(
        _ program: GeneratedProgram, in folder: URL, listDeclarations: Bool = false, linking: Bool = true
    ) throws(BuildError) -> Outcome {
        let fileManager = FileManager.default
        try write(program, in: folder)
        let subject = Subject(program)
        let exerciseUnit = try exerciseUnit(
            program, in: folder,
            listDeclarations: listDeclarations && program.learnerModule == GeneratedProgram.exerciseModule)
        let exercise: URL
        var warnings: [CompilerDiagnostic] = []
        switch try build(exerciseUnit, in: folder, subject: subject) {
        case .success(let built): (exercise, warnings) = built
        case .failure(let failure): return .failed(failure.diagnostics, output: failure.output)
        }
        // The learner's declarations are listed even when the specs then fail to compile: a learner's `equal` that
        // makes a spec ambiguous is screening's to explain, not the compiler's.
        if exerciseUnit.listsDeclarations {
            try? fileManager.createSymbolicLink(
                at: folder.appendingPathComponent("symbols"),
                withDestinationURL: exercise.appendingPathComponent("symbols"))
        }
        if exerciseUnit.isLearners {
            try linkLearnersObject(exercise.appendingPathComponent(exerciseUnit.object), in: folder)
        }
        let interface =
            (try? Data(contentsOf: exercise.appendingPathComponent(exerciseUnit.interface)))
            .map { data in
                var hash = SHA256()
                hash.update(data)
                return hash.hexDigest()
            } ?? ""
        let specsUnit = CompileUnit(
            module: GeneratedProgram.specsModule,
            files: program.specFiles.map { folder.appendingPathComponent($0.name) },
            contents: program.specFiles.map(\.contents), emitsInterface: false,
            listsDeclarations: listDeclarations && program.learnerModule == GeneratedProgram.specsModule,
            imports: (exercise, interface), isLearners: program.learnerModule == GeneratedProgram.specsModule,
            languageMode: program.languageMode, runtime: try runtime(for: program))
        let specs: URL
        switch try build(specsUnit, in: folder, subject: subject) {
        case .success(let built):
            specs = built.folder
            warnings += built.warnings
        case .failure(let failure): return .failed(failure.diagnostics, output: failure.output)
        }
        if specsUnit.listsDeclarations {
            try? fileManager.createSymbolicLink(
                at: folder.appendingPathComponent("symbols"),
                withDestinationURL: specs.appendingPathComponent("symbols"))
        }
        if specsUnit.isLearners {
            try linkLearnersObject(specs.appendingPathComponent(specsUnit.object), in: folder)
        }
        guard linking else { return .built(folder, warnings: warnings) }
        let binary = folder.appendingPathComponent("program")
        let objects = [
            exercise.appendingPathComponent(exerciseUnit.object).path,
            specs.appendingPathComponent(specsUnit.object).path,
        ]
        let linked = try run(
            linkJobs(objects: objects, output: binary, in: folder, program: program), in: folder, output: binary,
            subject: subject)
        if case .failure(let failure) = linked { return .failed(failure.diagnostics, output: failure.output) }
        return .built(binary, warnings: warnings)
    }

    /// Where `compile` leaves a link to the object of the learner's module, for ``ObjectScreen``: in `folder`, once
    /// that module compiled, whether or not the rest of the program then did (and only then).
    package static func learnersObject(in folder: URL) -> URL {
        folder.appendingPathComponent("learner.o")
    }

    /// Leaves the link; one that cannot be made is an error, since its absence says that the module did not compile.
    private func linkLearnersObject(_ object: URL, in folder: URL) throws(BuildError) {
        let link = Self.learnersObject(in: folder)
        try? FileManager.default.removeItem(at: link)
        do {
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: object)
        } catch {
            throw .cannotWrite(path: link.path, reason: error.localizedDescription)
        }
    }

    /// Compiles only the code under test of `program` (module `Exercise`), with its symbol graph: what a starter
    /// declares, to hold a learner's file to it. The folder of the graph, or nil when the code does not compile.
    package func declarations(of program: GeneratedProgram, in folder: URL) throws(BuildError) -> URL? {
        try write(program, in: folder)
        guard
            case .success(let built) = try build(
                try exerciseUnit(program, in: folder, listDeclarations: true), in: folder, subject: Subject(program))
        else { return nil }
        return built.folder.appendingPathComponent("symbols")
    }

    private func write(_ program: GeneratedProgram, in folder: URL) throws(BuildError) {
        let fileManager = FileManager.default
        try? fileManager.removeItem(at: folder)
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in program.files {
                try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.name))
            }
        } catch {
            throw .cannotWrite(path: folder.path, reason: (error as NSError).localizedDescription)
        }
    }

    private func exerciseUnit(_ program: GeneratedProgram, in folder: URL, listDeclarations: Bool) throws(BuildError)
        -> CompileUnit
    {
        CompileUnit(
            module: GeneratedProgram.exerciseModule,
            files: program.exerciseFiles.map { folder.appendingPathComponent($0.name) },
            contents: program.exerciseFiles.map(\.contents), emitsInterface: true, listsDeclarations: listDeclarations,
            imports: nil, isLearners: program.learnerModule == GeneratedProgram.exerciseModule,
            languageMode: program.languageMode, runtime: try runtime(for: program))
    }

    /// The library of kata's a program imports and links: KataSpec for the book's older frameworks, the harness (built
    /// the first time one needs it) for Swift Testing and XCTest.
    package func runtime(for program: GeneratedProgram) throws(BuildError) -> RuntimeLibrary {
        guard program.engine != .kataSpec else { return library }
        guard let harness else { throw .noHarness }
        return harness
    }

    /// The modules of its library a program links.
    static func linkedModules(_ engine: TestEngine) -> [String]? {
        switch engine {
        case .kataSpec: nil
        case .swiftTesting: ["KataHarness"]
        case .xcTest: ["KataHarness", "KataXCTestHarness"]
        }
    }

    /// A compile or link that failed: the compiler's diagnostics and its whole output.
    package struct Failure: Error {
        var diagnostics: [CompilerDiagnostic]
        var output: String
    }

    /// What a job that kata stops at a limit is said to have been compiling: the learner's file, and the file each
    /// generated file stands for (where the compiler says it was).
    struct Subject {
        var file: String?
        var origins: [String: String]

        init(file: String?, origins: [String: String]) {
            self.file = file
            self.origins = origins
        }

        init(_ program: GeneratedProgram) {
            file = program.files.first { $0.name == GeneratedProgram.learnerFile }?.origin
            origins = Dictionary(
                program.files.compactMap { file in file.origin.map { (file.name, $0) } }, uniquingKeysWith: { $1 })
        }

        /// The error for a job stopped at `stop`: at the line the compiler said, when that is in the learner's file
        /// (a line of the chapter's code is not the learner's to change).
        func stopped(_ stop: CompileLimits.Stop, output: String) -> BuildError {
            if let place = StackDumpPlace.find(in: output), let origin = origins[place.file], origin == file {
                return .compilerStopped(stop, file: origin, line: place.line)
            }
            return .compilerStopped(stop, file: file, line: nil)
        }
    }

    /// The unit's folder and the compiler's warnings about it: from the cache, or compiled now (in `folder`, where its
    /// sources are) and stored. A learner's unit keeps its warnings beside its object (``CompileUnit/warningsFile``,
    /// under its seal), so that a later check that reuses it shows them too.
    private func build(
        _ unit: CompileUnit, in folder: URL, subject: Subject
    ) throws(BuildError) -> Result<(folder: URL, warnings: [CompilerDiagnostic]), Failure> {
        let key = unit.key(base: [toolchain.version] + Self.flags(unit.languageMode))
        guard let units else { return try compileUnit(unit, key: key, in: folder, subject: subject) }
        return try units.flights.exclusively(key) { () throws(BuildError) in
            try compileUnit(unit, key: key, in: folder, subject: subject)
        }
    }

    /// ``build(_:in:subject:)`` for one unit at a time per key.
    private func compileUnit(
        _ unit: CompileUnit, key: String, in folder: URL, subject: Subject
    ) throws(BuildError) -> Result<(folder: URL, warnings: [CompilerDiagnostic]), Failure> {
        if let cached = units?.lookup(key, unit: unit, needsSymbols: unit.listsDeclarations) {
            return .success((cached, unit.warnings(in: cached)))
        }
        let staging = units?.staging() ?? folder.appendingPathComponent("unit-\(unit.module)")
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: staging.path, reason: (error as NSError).localizedDescription)
        }
        let compiled: Result<String, Failure>
        do {
            compiled = try run(compileJob(unit, into: staging), in: folder, output: staging, subject: subject)
        } catch {
            // Stopped at a limit: nothing of it is kept.
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
        switch compiled {
        case .failure(let failure):
            try? FileManager.default.removeItem(at: staging)
            return .failure(failure)
        case .success(let output):
            let warnings = unit.isLearners ? CompilerDiagnostic.warnings(in: output) : []
            if unit.isLearners { unit.keep(warnings, in: staging) }
            return .success((units?.store(staging, key: key, unit: unit) ?? staging, warnings))
        }
    }

    /// The job that compiles `unit` into `staging`.
    private func compileJob(_ unit: CompileUnit, into staging: URL) -> [(URL, [String])] {
        let files = unit.files.map(\.lastPathComponent)
        let object = staging.appendingPathComponent(unit.object).path
        var extra =
            Self.flags(unit.languageMode) + (unit.isLearners ? Self.learnerFlags : Self.otherFlags)
            + ["-I", (unit.runtime ?? library).directory.path]
        if let imports = unit.imports { extra += ["-I", imports.directory.path] }
        if unit.emitsInterface { extra.append("-enable-testing") }
        if unit.emitsInterface || unit.listsDeclarations {
            extra += ["-emit-module-path", staging.appendingPathComponent(unit.interface).path]
        }
        if unit.listsDeclarations {
            extra += [
                "-emit-symbol-graph", "-emit-symbol-graph-dir", staging.appendingPathComponent("symbols").path,
                "-symbol-graph-minimum-access-level", "private",
            ]
        }
        if let plan {
            let (frontend, arguments) = plan.compile(files: files, module: unit.module, object: object, extra: extra)
            return [(URL(fileURLWithPath: frontend), arguments)]
        }
        let emitModule = unit.emitsInterface || unit.listsDeclarations ? ["-emit-module"] : []
        return [
            (
                toolchain.swiftc,
                ["-c", "-wmo"] + emitModule + extra + ["-module-name", unit.module, "-o", object] + files
            )
        ]
    }

    /// The jobs that link `objects` with the program's library of kata's into `output`.
    private func linkJobs(objects: [String], output: URL, in folder: URL, program: GeneratedProgram) throws(BuildError)
        -> [(URL, [String])]
    {
        let linkFlags = try runtime(for: program).linkFlags(Self.linkedModules(program.engine))
        if let plan {
            let autolink = folder.appendingPathComponent("program.autolink").path
            // The libraries the objects ask for, read from them directly when they are ELF files.
            let entries = AutolinkEntries.write(
                objects.map { URL(fileURLWithPath: $0) }, to: URL(fileURLWithPath: autolink))
            let extract =
                entries == nil ? [(URL(fileURLWithPath: plan.autolinkExtract), objects + ["-o", autolink])] : []
            let (linker, arguments) = plan.link(
                objects: objects, autolink: autolink, output: output.path, extra: linkFlags, entries: entries)
            return extract + [(URL(fileURLWithPath: linker), arguments)]
        }
        return [(toolchain.swiftc, objects + linkFlags + toolchain.linkerFlags + ["-o", output.path])]
    }

    /// Runs `jobs` in order in `folder`, within the toolchain's limits, stopping at the first that fails; what they
    /// printed when all succeed. A job stopped at a limit is an error about `subject`, never a failure to keep.
    private func run(
        _ jobs: [(URL, [String])], in folder: URL, output: URL, subject: Subject
    ) throws(BuildError) -> Result<String, Failure> {
        var printed = ""
        for (executable, arguments) in jobs {
            let result: ExternalCommand.Result
            do {
                result = try ExternalCommand(
                    executable: executable, arguments: arguments, directory: folder, limits: toolchain.limits
                ).run()
            } catch {
                throw .cannotWrite(path: output.path, reason: (error as NSError).localizedDescription)
            }
            if let stop = result.stopped { throw subject.stopped(stop, output: result.output) }
            // What came first of a flood of errors (an invalid character repeated over a line) says enough.
            if result.outputCut {
                return .failure(Failure(diagnostics: CompilerDiagnostic.parse(result.output), output: result.output))
            }
            if result.status == 0 {
                printed += result.output
                continue
            }
            if let problem = Self.environmentProblem(result) {
                throw .environment(problem: problem, output: result.output)
            }
            return .failure(Failure(diagnostics: CompilerDiagnostic.parse(result.output), output: result.output))
        }
        return .success(printed)
    }

    /// Why a failed compile is this computer's problem rather than the code's, when it is.
    static func environmentProblem(_ result: ExternalCommand.Result) -> String? {
        let output = result.output
        let signatures: [(String, String)] = [
            ("No space left on device", "the disk is full"),
            ("Disk quota exceeded", "the disk quota is used up"),
            ("Read-only file system", "the build folder is on a read-only file system"),
            ("Cannot allocate memory", "the computer ran out of memory"),
            ("LLVM ERROR: out of memory", "the computer ran out of memory"),
            ("Too many open files", "too many files are open"),
            ("unable to execute command: Killed", "the linker was killed (often: too little memory)"),
            ("Stack dump:", "the Swift compiler crashed"),
            ("PLEASE submit a bug report", "the Swift compiler crashed"),
            ("compile command failed due to signal", "the Swift compiler crashed"),
        ]
        if let match = signatures.first(where: { output.contains($0.0) }) { return match.1 }
        if result.signalled { return "the compiler was stopped by signal \(result.status)" }
        return nil
    }

    /// Checks one plain example block as far as the compiler's diagnostics go (script mode, no code generated or
    /// linked): `kata verify` uses it. Through SIL, not `-typecheck` alone, since some errors are found there only: a
    /// missing `return`, a constant read before it is set, and Swift 6 mode's data races (a value sent to two tasks).
    package func typecheck(
        code: String, path: String, line: Int, in folder: URL, engine: TestEngine = .kataSpec,
        languageMode: LanguageMode = .swift5
    ) throws(BuildError) -> [CompilerDiagnostic]? {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("main.swift")
        // An example written with a real framework imports it itself, as a team's code does.
        let imports = engine == .kataSpec ? "import Foundation\nimport KataSpec\n" : "import Foundation\n"
        let contents =
            imports + "#sourceLocation(file: \"\(path)\", line: \(line))\n\(code)\n#sourceLocation()\n"
        do {
            try Data(contents.utf8).write(to: file)
        } catch {
            throw .cannotWrite(path: file.path, reason: (error as NSError).localizedDescription)
        }
        let flags =
            ["-swift-version", languageMode.rawValue, "-diagnostic-style", "llvm", "-suppress-warnings"]
            + (engine == .kataSpec ? ["-I", library.directory.path] : [])
        // Straight to the frontend where the plan says how, as a check's compiles are: the driver would only start it.
        let (executable, arguments) =
            plan.map { plan in
                let (frontend, arguments) = plan.emitSIL(files: [file.path], module: "main", extra: flags)
                return (URL(fileURLWithPath: frontend), arguments)
            } ?? (toolchain.swiftc, ["-emit-sil", "-o", "/dev/null"] + flags + [file.path])
        guard
            let result = try? ExternalCommand(
                executable: executable, arguments: arguments, directory: folder, limits: toolchain.limits
            ).run()
        else { throw .cannotWrite(path: file.path, reason: "cannot run \(executable.lastPathComponent)") }
        if let stop = result.stopped {
            throw Subject(file: path, origins: ["main.swift": path]).stopped(stop, output: result.output)
        }
        return result.status == 0 && !result.outputCut ? nil : CompilerDiagnostic.parse(result.output)
    }
}
