import Foundation

/// Turns an exercise and a Swift file (the learner's or a reference solution) into the sources of its test programs.
///
/// Every block keeps its origin through `#sourceLocation`, so that compiler errors, and the `#filePath` and
/// `#line` that KataSpec records for a failure, name the chapter's line or the learner's line, never a generated file.
public struct ProgramGenerator: Sendable {
    /// The exercise's chapter, relative to the workbook root (`chapters/00-welcome.md`).
    public var chapterPath: String
    /// The learner's (or the solution's) file, relative to the workbook root.
    public var filePath: String
    /// The learner's (or the solution's) code.
    public var fileContents: String
    /// Run-time limits that `main.swift` applies to itself before any learner code runs.
    public var limits: RunLimits

    public init(chapterPath: String, filePath: String, fileContents: String, limits: RunLimits) {
        self.chapterPath = chapterPath
        self.filePath = filePath
        self.fileContents = fileContents
        self.limits = limits
    }

    /// The programs a check builds: the chapter's specs for an implement exercise; for a specify exercise the
    /// learner's specs against the subject, then against each mutant.
    public func programs(for exercise: Exercise) -> [GeneratedProgram] {
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
        var files: [GeneratedProgram.File] = []
        var specSources: [String] = []
        for (index, block) in exercise.support.enumerated() {
            files.append(chapterFile("support-\(index + 1).swift", block))
        }
        if let implementation {
            files.append(chapterFile("implementation.swift", implementation))
            files.append(file("learner.swift", code: fileContents, path: filePath, line: 1))
            specSources.append(fileContents)
        } else {
            files.append(file("learner.swift", code: fileContents, path: filePath, line: 1))
            for (index, block) in exercise.specs.enumerated() {
                files.append(chapterFile("spec-\(index + 1).swift", block))
                specSources.append(block.code)
            }
        }
        let classes = specSources.flatMap(SpecClassScanner.classes(in:))
        files.append(GeneratedProgram.File(name: "main.swift", contents: mainFile(classes)))
        return GeneratedProgram(variant: variant, files: files, specClasses: classes)
    }

    private func chapterFile(_ name: String, _ block: CodeBlock) -> GeneratedProgram.File {
        file(name, code: block.code, path: chapterPath, line: block.codeLocation.line)
    }

    private func file(_ name: String, code: String, path: String, line: Int) -> GeneratedProgram.File {
        let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        var contents = "import Foundation\nimport KataSpec\n#sourceLocation(file: \"\(escaped)\", line: \(line))\n"
        contents += code
        if !code.hasSuffix("\n") { contents += "\n" }
        contents += "#sourceLocation()\n"
        return GeneratedProgram.File(name: name, contents: contents)
    }

    /// The entry point: limits first, then the runner. Kept in kata's hands, so learner code cannot replace it.
    private func mainFile(_ classes: [String]) -> String {
        let list = classes.map { "\($0).self" }.joined(separator: ", ")
        return """
            import Foundation
            import KataSpec
            #if canImport(Glibc)
            import Glibc
            #endif

            @main
            enum KataGeneratedMain {
                static func main() {
                    #if canImport(Glibc)
                    func limit(_ resource: __rlimit_resource, _ value: UInt64) {
                        var bounds = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
                        _ = setrlimit(__rlimit_resource_t(resource.rawValue), &bounds)
                    }
                    limit(RLIMIT_CPU, \(limits.cpuSeconds))
                    limit(RLIMIT_AS, \(limits.memoryBytes))
                    limit(RLIMIT_FSIZE, \(limits.fileSizeBytes))
                    limit(RLIMIT_CORE, 0)
                    // Processes: the user's count now plus a margin, measured by kata (not enforced for root).
                    if let processes = ProcessInfo.processInfo.environment["KATA_PROCESS_LIMIT"].flatMap(UInt64.init) {
                        limit(__RLIMIT_NPROC, processes)
                    }
                    if let folder = ProcessInfo.processInfo.environment["KATA_WORKDIR"] {
                        _ = FileManager.default.changeCurrentDirectoryPath(folder)
                    }
                    #endif
                    SpecRunner.main([\(list)])
                }
            }

            """
    }
}

/// Finds spec classes (`class X: QuickSpec` and the other faces) in Swift source, ignoring comments and strings.
enum SpecClassScanner {
    static let superclasses: Set<String> = ["Spec", "QuickSpec", "KiwiSpec", "SpectaSpec"]

    static func classes(in code: String) -> [String] {
        let text = stripCommentsAndStrings(code)
        let pattern = /class\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([A-Za-z_][A-Za-z0-9_]*)/
        return text.matches(of: pattern).compactMap { match in
            superclasses.contains(String(match.output.2)) ? String(match.output.1) : nil
        }
    }

    /// Blanks out `//` and `/* */` comments and string literals, so `"class X: Spec"` in a string is not a class.
    static func stripCommentsAndStrings(_ code: String) -> String {
        var result = ""
        var iterator = Array(code.unicodeScalars)[...]
        var inString = false
        while let scalar = iterator.popFirst() {
            if inString {
                if scalar == "\\" {
                    _ = iterator.popFirst()
                } else if scalar == "\"" || scalar == "\n" {
                    inString = false
                }
                continue
            }
            if scalar == "/", iterator.first == "/" {
                while let next = iterator.first, next != "\n" { iterator.removeFirst() }
                continue
            }
            if scalar == "/", iterator.first == "*" {
                iterator.removeFirst()
                while let next = iterator.popFirst() {
                    if next == "*", iterator.first == "/" {
                        iterator.removeFirst()
                        break
                    }
                }
                result += " "
                continue
            }
            if scalar == "\"" {
                inString = true
                result += "\"\""
                continue
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
