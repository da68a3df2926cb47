import Foundation
import KataBasics
import KataWorkbook

/// Turns an exercise and a Swift file (the learner's or a reference solution) into the sources of its test programs.
///
/// Every block keeps its origin through `#sourceLocation`, so that compiler errors, and the `#filePath` and
/// `#line` that KataSpec records for a failure, name the chapter's line or the learner's line, never a generated file.
package struct ProgramGenerator: Sendable {
    /// The exercise's chapter, relative to the workbook root (`chapters/00-welcome.md`).
    package var chapterPath: String
    /// The learner's (or the solution's) file, relative to the workbook root.
    package var filePath: String
    /// The learner's (or the solution's) code.
    package var fileContents: String
    /// Run-time limits that `main.swift` applies to itself before any learner code runs.
    package var limits: RunLimits

    package init(chapterPath: String, filePath: String, fileContents: String, limits: RunLimits) {
        self.chapterPath = chapterPath
        self.filePath = filePath
        self.fileContents = fileContents
        self.limits = limits
    }

    /// The programs a check builds: the chapter's specs for an implement exercise; for a specify exercise the
    /// learner's specs against the subject, then against each mutant.
    package func programs(for exercise: Exercise) -> [GeneratedProgram] {
        switch exercise.kind {
        case .implement:
            return [program(.specs, exercise: exercise, implementation: nil)]
        case .specify:
            var programs: [GeneratedProgram] = []
            if let subject = exercise.subject {
                programs.append(program(.subject, exercise: exercise, implementation: subject))
            }
            for mutant in exercise.mutants {
                programs.append(program(.mutant(mutant.name), exercise: exercise, implementation: mutant.block))
            }
            return programs
        }
    }

    func program(_ variant: GeneratedProgram.Variant, exercise: Exercise, implementation: CodeBlock?)
        -> GeneratedProgram
    {
        let engine = exercise.engine
        var exerciseFiles: [GeneratedProgram.File] = []
        var specFiles: [GeneratedProgram.File] = []
        var specSources: [XCTestScanner.Source] = []
        for (index, block) in exercise.support.enumerated() {
            exerciseFiles.append(chapterFile("support-\(index + 1).swift", block, testing: false, engine: engine))
        }
        if let implementation {
            exerciseFiles.append(chapterFile("implementation.swift", implementation, testing: false, engine: engine))
            specFiles.append(
                file(
                    GeneratedProgram.learnerFile, code: fileContents, path: filePath, line: 1, testing: true,
                    engine: engine))
            specSources.append(.init(code: fileContents, path: filePath, firstLine: 1))
        } else {
            exerciseFiles.append(
                file(
                    GeneratedProgram.learnerFile, code: fileContents, path: filePath, line: 1, testing: false,
                    engine: engine))
            for (index, block) in exercise.specs.enumerated() {
                specFiles.append(chapterFile("spec-\(index + 1).swift", block, testing: true, engine: engine))
                specSources.append(.init(code: block.code, path: chapterPath, firstLine: block.codeLocation.line))
            }
        }
        let main: String
        let classes: [String]
        switch engine {
        case .kataSpec:
            classes = specSources.flatMap { SpecClassScanner.classes(in: $0.code) }
            main = Self.mainFile(classes, limits: limits)
        case .swiftTesting:
            classes = []
            main = Self.mainFile(
                runner: "await KataHarness.SwiftTestingHarness.main()", imports: ["KataHarness"], limits: limits)
        case .xcTest:
            let cases = XCTestScanner.testCases(in: specSources)
            classes = cases.map(\.className)
            main = Self.mainFile(
                runner: "KataXCTestHarness.XCTestHarness.main([\n" + cases.map(Self.xcTestCase).joined(separator: ",\n")
                    + "\n])",
                imports: ["XCTest", "KataXCTestHarness"], limits: limits)
        }
        specFiles.append(GeneratedProgram.File(name: "main.swift", contents: main))
        return GeneratedProgram(
            variant: variant, exerciseFiles: exerciseFiles, specFiles: specFiles, specClasses: classes,
            learnerModule: implementation == nil ? GeneratedProgram.exerciseModule : GeneratedProgram.specsModule,
            engine: engine, languageMode: exercise.languageMode)
    }

    private func chapterFile(_ name: String, _ block: CodeBlock, testing: Bool, engine: TestEngine)
        -> GeneratedProgram.File
    {
        file(name, code: block.code, path: chapterPath, line: block.codeLocation.line, testing: testing, engine: engine)
    }

    /// A file of the program; `testing` files are in `ExerciseSpecs` and see all of `Exercise`. Code written with a
    /// real framework imports it itself, as in a team's project; KataSpec is imported for the code of its chapters.
    private func file(
        _ name: String, code: String, path: String, line: Int, testing: Bool, engine: TestEngine
    ) -> GeneratedProgram.File {
        let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        var contents = engine == .kataSpec ? "import Foundation\nimport KataSpec\n" : "import Foundation\n"
        if testing { contents += "@testable import \(GeneratedProgram.exerciseModule)\n" }
        contents += "#sourceLocation(file: \"\(escaped)\", line: \(line))\n"
        contents += code
        if !code.hasSuffix("\n") { contents += "\n" }
        contents += "#sourceLocation()\n"
        return GeneratedProgram.File(name: name, contents: contents, origin: path)
    }

    /// One XCTest class as the harness takes it: each test method with where it is declared.
    static func xcTestCase(_ testCase: XCTestScanner.TestCase) -> String {
        let methods = testCase.methods.map { method in
            let path = method.path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"")
            return
                "        .init(\"\(method.name)\", KataXCTestHarness.XCTestHarness.test(\(testCase.className).\(method.name)), "
                + "file: \"\(path)\", line: \(method.line))"
        }
        return "    .init(\(testCase.className).self, [\n" + methods.joined(separator: ",\n") + "\n    ])"
    }

    /// The entry point: limits first, then the runner. Kept in kata's hands, so learner code cannot replace it: every
    /// name it uses is qualified with its module, and screening refuses a learner's declaration of those modules'
    /// names.
    static func mainFile(_ classes: [String], limits: RunLimits) -> String {
        let list = classes.map { "\($0).self" }.joined(separator: ", ")
        return mainFile(
            runner: "KataSpec.SpecRunner.main([\(list)], modules: [\"Exercise\", \"ExerciseSpecs\"])",
            imports: ["KataSpec"], limits: limits)
    }

    /// The entry point that sets the limits, then calls `runner` (which may `await`).
    static func mainFile(runner: String, imports: [String], limits: RunLimits) -> String {
        let asynchronous = runner.hasPrefix("await ")
        return """
            import Foundation
            \(imports.map { "import \($0)" }.joined(separator: "\n"))
            @testable import Exercise
            #if canImport(Glibc)
            import Glibc
            #endif

            @main
            enum KataGeneratedMain {
                static func main()\(asynchronous ? " async" : "") {
                    #if canImport(Glibc)
                    func limit(_ resource: Glibc.__rlimit_resource, _ value: Swift.UInt64) {
                        var bounds = Glibc.rlimit(rlim_cur: Glibc.rlim_t(value), rlim_max: Glibc.rlim_t(value))
                        _ = unsafe Glibc.setrlimit(Glibc.__rlimit_resource_t(resource.rawValue), &bounds)
                    }
                    limit(Glibc.RLIMIT_CPU, \(limits.cpuSeconds))
                    limit(Glibc.RLIMIT_AS, \(limits.memoryBytes))
                    limit(Glibc.RLIMIT_FSIZE, \(limits.fileSizeBytes))
                    limit(Glibc.RLIMIT_CORE, 0)
                    // Processes: the user's count now plus a margin, measured by kata.
                    let environment = Foundation.ProcessInfo.processInfo.environment
                    if let processes = environment["KATA_PROCESS_LIMIT"].flatMap(Swift.UInt64.init) {
                        limit(Glibc.__RLIMIT_NPROC, processes)
                    }
                    if let folder = environment["KATA_WORKDIR"] {
                        _ = Foundation.FileManager.default.changeCurrentDirectoryPath(folder)
                    }
                    #endif
                    \(runner)
                }
            }

            """
    }
}

/// Finds spec classes (`class X: QuickSpec` and the other faces) in Swift source, ignoring comments and strings.
package enum SpecClassScanner {
    static let superclasses: Set<String> = ["Spec", "QuickSpec", "AsyncSpec", "KiwiSpec", "SpectaSpec"]

    package static func classes(in code: String) -> [String] {
        let text = SwiftCodeText(code).text
        let pattern = /class\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([A-Za-z_][A-Za-z0-9_]*)/
        return text.matches(of: pattern).compactMap { match in
            superclasses.contains(String(match.output.2)) ? String(match.output.1) : nil
        }
    }
}
