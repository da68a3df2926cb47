import Foundation
import KataBasics
import KataBuilding
import KataWorkbook

/// Screening: a learner's file may be judged by the chapter's specs, never change them.
extension ExerciseChecker {
    /// The learner's declarations that would change what the chapter's code calls, read from the symbol graph the
    /// compiler wrote for `program` into `folder/symbols`.
    func screenDeclarations(
        _ exercise: Exercise, program: GeneratedProgram, folder: URL, path: String, contents: String, engine: Engine
    ) throws(BuildError) -> [CompilerDiagnostic] {
        let graph: SymbolGraph
        do {
            graph = try SymbolGraph(folder: folder.appendingPathComponent("symbols"), module: program.learnerModule)
        } catch {
            throw .cannotWrite(
                path: folder.path, reason: "the compiler's list of declarations cannot be read: \(error)")
        }
        let tokens = chapterTokens(exercise, program: program)
        let screen = DeclarationScreen(
            path: path, modules: [GeneratedProgram.exerciseModule, GeneratedProgram.specsModule],
            kataSpecNames: engine.protectedNames, chapterTokens: tokens,
            chapterSpecClasses: Self.chapterSpecClasses(exercise), contents: contents,
            codeUnderTest: program.learnerModule == GeneratedProgram.specsModule
                ? Self.topLevelNames(in: exercise.support + [exercise.subject].compactMap { $0 }) : [])
        let (findings, questions) = screen.screen(graph)
        guard !questions.isEmpty else { return findings }
        let probe = NameProbe(toolchain: compiler.toolchain, library: engine.library)
        // The modules the learner's file imports, and those the chapter's code does (`import Testing` in its specs).
        let chapterImports = (exercise.specs + exercise.support).flatMap { Self.imports(in: $0.code) }
        let imports = Array(Set(Self.imports(in: contents) + chapterImports)).sorted()
        let existing = try probe.existing(
            Array(questions.keys), imports: imports, in: folder.appendingPathComponent("probe"))
        let shadows = questions.filter { existing.contains($0.key) }.map(\.value)
        return (findings + shadows).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// What the learner's compiled module defines for the linker, when it compiled into `folder` (see
    /// ``ObjectScreen``); `moduleBuilt` when the whole program did (so the learner's module did too).
    func screenObject(
        program: GeneratedProgram, folder: URL, path: String, contents: String, library: RuntimeLibrary,
        moduleBuilt: Bool
    ) -> [CompilerDiagnostic] {
        let screen = ObjectScreen(
            path: path, module: program.learnerModule,
            holdsEntryPoint: program.learnerModule == GeneratedProgram.specsModule,
            libraryExports: library.linkerExports(toolchain: compiler.toolchain))
        return Self.screenObject(
            at: ExerciseCompiler.learnersObject(in: folder), moduleBuilt: moduleBuilt, screen: screen,
            contents: contents, toolchain: compiler.toolchain)
    }

    /// What ``ObjectScreen`` finds in the learner's object, linked at `link` once the learner's module compiled: none
    /// when it did not (no link, and not `moduleBuilt`), since then nothing of it runs. A module that compiled but
    /// whose object cannot be read (the link leads nowhere, the file is not an object) is refused, since nothing
    /// else shows what it defines.
    static func screenObject(
        at link: URL, moduleBuilt: Bool, screen: ObjectScreen, contents: String, toolchain: Toolchain?
    ) -> [CompilerDiagnostic] {
        let linked = (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != nil
        guard moduleBuilt || linked else { return [] }
        guard let object = ObjectFile.read(link, toolchain: toolchain) else {
            return [.kata(.screenLinkerUnreadable, ["path": link.path], file: screen.path, line: 1, column: 1)]
        }
        return screen.findings(in: object, contents: contents)
    }

    /// The learner's declarations of what the chapter's code uses, held to the starter's (see ``SignatureScreen``).
    func screenSignatures(
        _ exercise: Exercise, learnerSymbols: URL, starterSymbols: URL, path: String, contents: String,
        program: GeneratedProgram
    ) throws(BuildError) -> [CompilerDiagnostic] {
        let learner: SymbolGraph
        let starter: SymbolGraph
        do {
            learner = try SymbolGraph(folder: learnerSymbols, module: program.learnerModule)
            starter = try SymbolGraph(folder: starterSymbols, module: GeneratedProgram.exerciseModule)
        } catch {
            throw .cannotWrite(
                path: learnerSymbols.path, reason: "the compiler's list of declarations cannot be read: \(error)")
        }
        return SignatureScreen(
            path: path, chapterTokens: chapterTokens(exercise, program: program), contents: contents
        ).findings(learner: learner, starter: starter)
    }

    /// The exercise's program with the starter in the learner's place (under the learner's path, so that its module
    /// is the one a check of the unchanged starter compiles).
    func starterProgram(_ exercise: Exercise, limits: RunLimits) -> GeneratedProgram {
        // Always at the learner's path, whichever file is checked (a reference solution in `kata verify`, a hand-in):
        // then it is one unit with the learner's module of a file that is still the starter.
        ProgramGenerator(
            chapterPath: relativePath(workbook.chapter(of: exercise).url), filePath: exercise.learnerPath,
            fileContents: exercise.starter.code, limits: limits
        ).programs(for: exercise)[0]
    }

    /// The identifiers and operators of everything compiled beside the learner's file.
    func chapterTokens(_ exercise: Exercise, program: GeneratedProgram) -> SwiftTokens {
        var tokens = SwiftTokens()
        for block in exercise.support + exercise.specs + [exercise.subject].compactMap({ $0 })
            + exercise.mutants.map(\.block)
        {
            tokens.add(block.code)
        }
        for file in program.files where file.name == "main.swift" { tokens.add(file.contents) }
        return tokens
    }

    /// Diagnostics at the end of the learner's file moved onto its last line, so that they name a line the learner
    /// has: the compiler reports a missing `}` where the generated file that holds the learner's code ends
    /// (`learner.swift`, past `#sourceLocation`'s reach).
    static func withinFile(_ diagnostics: [CompilerDiagnostic], path: String, contents: String)
        -> [CompilerDiagnostic]
    {
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        let count = max(1, contents.hasSuffix("\n") ? lines.count - 1 : lines.count)
        return diagnostics.map { diagnostic in
            let atEnd = diagnostic.file == GeneratedProgram.learnerFile
            guard atEnd || (diagnostic.file == path && diagnostic.line > count) else { return diagnostic }
            var moved = diagnostic
            moved.file = path
            moved.line = count
            moved.column = lines[count - 1].utf8.count + 1
            return moved
        }
    }

    /// The compiler's findings of unsafe code in the learner's file (strict memory safety), said as kata's refusal:
    /// code that reads or writes memory directly could find the result channel's secret and forge results. The
    /// compiler's notes, which name the unsafe thing, stay below each.
    static func refusingUnsafeCode(_ diagnostics: [CompilerDiagnostic], path: String) -> [CompilerDiagnostic] {
        var result: [CompilerDiagnostic] = []
        var notes: [CompilerDiagnostic]?
        /// One note is enough: the first that names the unsafe thing.
        func flush() {
            if let notes, let note = notes.first(where: { $0.message.hasPrefix("reference to") }) ?? notes.first {
                result.append(note)
            }
            notes = nil
        }
        for diagnostic in diagnostics {
            if diagnostic.severity == .note, notes != nil {
                notes?.append(diagnostic)
                continue
            }
            flush()
            if diagnostic.severity == .error, diagnostic.file == path,
                diagnostic.message.hasSuffix("[#StrictMemorySafety]")
            {
                result.append(.kata(.screenUnsafeCode, file: path, line: diagnostic.line, column: diagnostic.column))
                notes = []
            } else {
                result.append(diagnostic)
            }
        }
        flush()
        return result
    }

    /// The names that blocks declare at the top level (a line that starts with the declaration, as chapters write
    /// them): `struct Counter`, `func countdown(from:)`, `let limit`.
    static func topLevelNames(in blocks: [CodeBlock]) -> Set<String> {
        // Line by line: a pattern whose `\s+` ran on across line breaks would try each line start against the rest
        // of the block (a block of many lines of `public` alone would take time in the square of its length).
        let pattern =
            /(?:(?:public|internal|private|fileprivate|final|open|indirect|nonisolated)\s+)*(?:class|struct|enum|protocol|actor|typealias|func|let|var)\s+([A-Za-z_]\w*)/
        var names: Set<String> = []
        for block in blocks {
            for line in SwiftCodeText(block.code).text.split(separator: "\n") {
                if let match = line.prefixMatch(of: pattern) { names.insert(String(match.output.1)) }
            }
        }
        return names
    }

    /// The spec classes of an implement exercise's spec blocks; a specify exercise's specs are the learner's own.
    static func chapterSpecClasses(_ exercise: Exercise) -> Set<String> {
        Set(exercise.specs.flatMap { SpecClassScanner.classes(in: $0.code) })
    }

    /// The modules a file imports itself (`import Dispatch`, `@testable import X`, `import struct Foundation.Date`).
    static func imports(in contents: String) -> [String] {
        SwiftCodeText(contents).importedModules
    }
}
