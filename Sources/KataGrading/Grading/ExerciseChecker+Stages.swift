import Foundation
import KataBasics
import KataBuilding
import KataWorkbook

/// The stages of a check (``GradingStage``), each a step on one ``Grading``.
extension ExerciseChecker {
    /// Runs one stage.
    func run(_ stage: GradingStage, on grading: inout Grading) throws(BuildError) -> StageOutcome {
        switch stage {
        case .screenText: try screenText(&grading)
        case .buildSubject: try buildSubject(&grading)
        case .screenObject: screenObject(&grading)
        case .screenDeclarations: try screenDeclarations(&grading)
        case .holdSignatures: try holdSignatures(&grading)
        case .runSubject: try runSubject(&grading)
        case .runMutants: try runMutants(&grading)
        case .measureShape: measureShape(&grading)
        }
    }

    /// The engine `exercise` runs on, its library built the first time one needs it.
    func engine(for exercise: Exercise) throws(BuildError) -> Engine {
        switch exercise.engine {
        case .kataSpec:
            return Engine(
                kind: .kataSpec, library: compiler.library, protectedNames: try compiler.library.publicNames())
        case .swiftTesting, .xcTest:
            #if canImport(Darwin)
                // kata's harness is built with the Linux toolchain's layout, and XCTest's corelibs API (FORMAT.md,
                // "Engines"): say so rather than fail in the compiler.
                throw .realFrameworksNotHere(
                    exercise: exercise.id, framework: exercise.engine.displayName)
            #endif
            // An older toolchain's library does not speak the event stream the harness asks for: say which Swift the
            // chapter needs instead of failing in the harness. A version kata cannot read is given the benefit.
            if let found = compiler.toolchain.swiftVersion, found < Toolchain.realFrameworksMinimum {
                throw .realFrameworksNeedNewerSwift(
                    exercise: exercise.id, framework: exercise.engine.displayName, found: compiler.toolchain.version)
            }
            let harness = try RuntimeLibrary.prepare(
                .harness, kataSpecSources: kataSpecSources, toolchain: compiler.toolchain, cache: libraryCache,
                endOrphans: endOrphans
            ).library
            return Engine(
                kind: exercise.engine, library: harness, protectedNames: KataSpecNames(topLevel: [], members: []))
        }
    }

    /// The compiler for `engine`'s programs.
    func compiler(for engine: Engine) -> ExerciseCompiler {
        var compiler = self.compiler
        if engine.kind != .kataSpec { compiler.harness = engine.library }
        return compiler
    }

    /// What the starter declares, for holding the learner's declarations to it (implement exercises): compiled
    /// beside the learner's code, and once ever (its module is kept like any other; a learner's first check of the
    /// starter is the same unit, compiled once: see ``UnitFlights``).
    func starterDeclarations(
        _ exercise: Exercise, limits: RunLimits, engine: Engine, in folder: URL
    ) -> Background<Result<URL?, BuildError>>? {
        guard exercise.kind == .implement else { return nil }
        let compiler = compiler(for: engine)
        let program = starterProgram(exercise, limits: limits)
        let starterFolder = folder.appendingPathComponent("starter")
        return Background { () -> Result<URL?, BuildError> in
            Result { () throws(BuildError) in try compiler.declarations(of: program, in: starterFolder) }
        }
    }

    private func screenText(_ grading: inout Grading) throws(BuildError) -> StageOutcome {
        let refused = LearnerFileScreen(
            path: grading.path, kataSpecNames: grading.engine.protectedNames.topLevel,
            chapterSpecClasses: Self.chapterSpecClasses(grading.exercise)
        ).findings(in: grading.contents)
        return refused.isEmpty ? .goOn : grading.refuse(refused)
    }

    /// Builds the first program; the mutants build only once the learner's specs pass against it, so a red check does
    /// not wait for them. It also lists the learner's declarations, for screening them.
    private func buildSubject(_ grading: inout Grading) throws(BuildError) -> StageOutcome {
        grading.subjectBuild = try compiler(for: grading.engine).compile(
            grading.first, in: grading.firstFolder, listDeclarations: true)
        grading.lap(\.build)
        return .goOn
    }

    /// What the learner's module defines for the linker, before anything of it runs (or its link is blamed).
    private func screenObject(_ grading: inout Grading) -> StageOutcome {
        var built = false
        if case .built? = grading.subjectBuild { built = true }
        let findings = screenObject(
            program: grading.first, folder: grading.firstFolder, path: grading.path, contents: grading.contents,
            library: grading.engine.library, moduleBuilt: built)
        grading.lap(\.screen)
        return findings.isEmpty ? .goOn : grading.refuse(findings)
    }

    /// The learner's declarations that would change what the chapter's code calls. When the learner's module compiled
    /// and the specs did not, such a declaration (a generic `equal` that makes a spec ambiguous) is the cause to
    /// name; otherwise the compiler's errors are the verdict.
    private func screenDeclarations(_ grading: inout Grading) throws(BuildError) -> StageOutcome {
        let listed = FileManager.default.fileExists(
            atPath: grading.firstFolder.appendingPathComponent("symbols").path)
        if listed {
            let shadows = try screenDeclarations(
                grading.exercise, program: grading.first, folder: grading.firstFolder, path: grading.path,
                contents: grading.contents, engine: grading.engine)
            grading.lap(\.screen)
            if !shadows.isEmpty { return grading.refuse(shadows) }
        }
        switch grading.subjectBuild {
        case .built(let binary, let warnings)?:
            grading.subject = (binary, warnings)
            return .goOn
        case .failed(let diagnostics, let output)?:
            let path = grading.path
            grading.result.status = .compileError
            grading.result.diagnostics = Self.refusingUnsafeCode(
                Self.withinFile(diagnostics, path: path, contents: grading.contents), path: path)
            grading.result.refused = grading.result.diagnostics != diagnostics
            if diagnostics.isEmpty { grading.result.compilerOutput = output }
            return .done
        case nil:
            return .done
        }
    }

    /// The learner's declarations of what the chapter's code uses, held to the starter's.
    private func holdSignatures(_ grading: inout Grading) throws(BuildError) -> StageOutcome {
        guard let starter = grading.starter, let starterSymbols = try starter.value.get() else { return .goOn }
        let changed = try screenSignatures(
            grading.exercise, learnerSymbols: grading.firstFolder.appendingPathComponent("symbols"),
            starterSymbols: starterSymbols, path: grading.path, contents: grading.contents, program: grading.first)
        grading.lap(\.screen)
        return changed.isEmpty ? .goOn : grading.refuse(changed)
    }

    /// Runs the first program. An implement exercise runs every example of the chapter: nothing in the learner's file
    /// may leave one out. In a specify exercise the specs are the learner's, and focus and exclusion work as in the
    /// real runners; an example that does not run catches no mutant, and the report says how many were left out.
    private func runSubject(_ grading: inout Grading) throws(BuildError) -> StageOutcome {
        guard let subject = grading.subject else { return .done }
        let exercise = grading.exercise
        grading.result.warnings = Self.learnersWarnings(
            subject.warnings, path: grading.path, contents: grading.contents)
        grading.result.sandbox = sandbox.name
        if chosenSandbox == nil { sandbox.remember(in: sandboxRecord) }
        let launch = ProgramLaunch(
            limits: grading.limits, sourcePaths: [relativePath(workbook.chapter(of: exercise).url), grading.path],
            sandbox: sandbox, libraryDirectories: [grading.engine.library.directory],
            // Swift Testing's library reads /proc/self as it starts its threads; a KataSpec program sees no /proc.
            proc: grading.engine.kind == .kataSpec ? nil : SandboxProc.folder(in: libraryCache),
            symbolizer: grading.engine.kind == .kataSpec ? StackSymbolizer(swiftc: compiler.toolchain.swiftc) : nil)
        let runner = grading.engine.runner(launch, runAll: exercise.kind == .implement, program: grading.first)
        let start = Date()
        let run: RunReport
        do {
            run = try runner.run(subject.binary, in: grading.firstFolder)
        } catch {
            throw .cannotWrite(path: grading.firstFolder.path, reason: (error as NSError).localizedDescription)
        }
        grading.subjectSeconds = Date().timeIntervalSince(start)
        grading.runner = runner
        grading.lap(\.run)
        grading.result.run = run
        if let said = run.problemSaid {
            grading.result.note = .run(said)
            return .done
        }
        if run.failed > 0 || run.timedOutAfter != nil {
            grading.result.status = .failed
            if exercise.kind == .specify { grading.result.note = .specsMustPass(failed: run.failed) }
            return .done
        }
        if run.ran == 0 {
            grading.result.note = .noExamples(specify: exercise.kind == .specify)
            return .done
        }
        guard exercise.kind == .specify else {
            grading.result.status = .passed
            return .done
        }
        return .goOn
    }

    /// Builds each mutant (mostly a link: the learner's specs compiled for the subject serve, since a mutant has the
    /// subject's interface) and runs the learner's specs against it, side by side.
    private func runMutants(_ grading: inout Grading) throws(BuildError) -> StageOutcome {
        guard var runner = grading.runner else { return .done }
        let compiler = compiler(for: grading.engine)
        let folders = grading.folders
        let mutants = Array(zip(grading.exercise.mutants, grading.programs.dropFirst()))
        let build = { @Sendable (program: GeneratedProgram) in
            Result { () throws(BuildError) in try compiler.compile(program, in: folders[program.variant]!) }
        }
        // A mutant that never ends need not cost the exercise's whole timeout: the learner's specs have just run
        // against the subject, so a few times that long is plenty (see RunLimits.forMutant).
        runner.launch.limits = grading.limits.forMutant(subjectSeconds: grading.subjectSeconds)
        // A mutant's report shows no example's failure: where one ran out of time is nobody's question.
        runner.launch.symbolizer = nil
        let mutantRunner = runner
        let run = { @Sendable (mutant: Mutant, build: Result<ExerciseCompiler.Outcome, BuildError>) in
            Self.mutantResult(mutant, build: build, runner: mutantRunner, folder: folders[.mutant(mutant.name)]!)
        }
        if grading.verdictOnly {
            // One at a time, until one survives.
            for (mutant, program) in mutants {
                let built = build(program)
                if case .failure(let error) = built { throw error }
                let result = run(mutant, built)
                grading.result.mutants.append(result)
                if !result.caught { break }
            }
            grading.lap(\.run)
            return .goOn
        }
        let builds = parallelMap(mutants.map(\.1), width: width, build)
        grading.lap(\.build)
        // A mutant that could not be built for a reason outside the code (a limit, a full disk) is not caught: the
        // check has no verdict.
        for case .failure(let error) in builds { throw error }
        grading.result.mutants = parallelMap(Array(zip(grading.exercise.mutants, builds)), width: width) {
            run($0.0, $0.1)
        }
        grading.lap(\.run)
        return .goOn
    }

    /// What became of `mutant`: caught by the compiler when it did not build with specs that compile against the
    /// subject (`kata verify` reports that as a chapter mistake), else by what the learner's specs said of it.
    private static func mutantResult(
        _ mutant: Mutant, build: Result<ExerciseCompiler.Outcome, BuildError>, runner: any TestProgramRunner,
        folder: URL
    ) -> CheckResult.MutantResult {
        guard case .success(.built(let binary, _)) = build else {
            return CheckResult.MutantResult(
                name: mutant.name, note: mutant.note, caught: true, caughtBy: [], report: nil, notCompiled: true)
        }
        return CheckResult.MutantResult(mutant, report: try? runner.run(binary, in: folder))
    }

    /// Holds a specify exercise's specs to the shape its prompt asks for, and gives the verdict.
    private func measureShape(_ grading: inout Grading) -> StageOutcome {
        if let run = grading.result.run {
            grading.result.shape = grading.exercise.shape.map { ShapeCheck($0, run: run) }
        }
        let caught = grading.result.mutants.allSatisfy(\.caught)
        grading.result.status = caught && grading.result.shape?.met != false ? .passed : .failed
        return .done
    }
}
