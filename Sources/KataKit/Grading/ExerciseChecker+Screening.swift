import Foundation

/// Screening: a learner's file may be judged by the chapter's specs, never change them.
extension ExerciseChecker {
    /// The mistakes found in the file's text, before anything is built.
    func screenText(_ exercise: Exercise, path: String, contents: String) throws(BuildError) -> [CompilerDiagnostic] {
        let names = try compiler.library.publicNames()
        return LearnerFileScreen(
            path: path, kataSpecNames: names.topLevel, chapterSpecClasses: Self.chapterSpecClasses(exercise)
        ).findings(in: contents)
    }

    /// The learner's declarations that would change what the chapter's code calls, read from the symbol graph the
    /// compiler wrote for `program` into `folder/symbols`.
    func screenDeclarations(
        _ exercise: Exercise, program: GeneratedProgram, folder: URL, path: String, contents: String
    ) throws(BuildError) -> [CompilerDiagnostic] {
        let graph: SymbolGraph
        do {
            graph = try SymbolGraph(folder: folder.appendingPathComponent("symbols"), module: program.learnerModule)
        } catch {
            throw .cannotWrite(
                path: folder.path, reason: "the compiler's list of declarations cannot be read: \(error)")
        }
        var tokens = SwiftTokens()
        for block in exercise.support + exercise.specs + [exercise.subject].compactMap({ $0 })
            + exercise.mutants.map(\.block)
        {
            tokens.add(block.code)
        }
        for file in program.files where file.name == "main.swift" { tokens.add(file.contents) }
        let screen = DeclarationScreen(
            path: path, modules: [GeneratedProgram.exerciseModule, GeneratedProgram.specsModule],
            kataSpecNames: try compiler.library.publicNames(), chapterTokens: tokens,
            chapterSpecClasses: Self.chapterSpecClasses(exercise), contents: contents,
            codeUnderTest: program.learnerModule == GeneratedProgram.specsModule
                ? Self.topLevelNames(in: exercise.support + [exercise.subject].compactMap { $0 }) : [])
        let (findings, questions) = screen.screen(graph)
        guard !questions.isEmpty else { return findings }
        let probe = NameProbe(toolchain: compiler.toolchain, library: compiler.library)
        let existing = try probe.existing(
            Array(questions.keys), imports: Self.imports(in: contents), in: folder.appendingPathComponent("probe"))
        let shadows = questions.filter { existing.contains($0.key) }.map(\.value)
        return (findings + shadows).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The names that blocks declare at the top level (a line that starts with the declaration, as chapters write
    /// them): `struct Counter`, `func countdown(from:)`, `let limit`.
    static func topLevelNames(in blocks: [CodeBlock]) -> Set<String> {
        let pattern =
            /(?m)^(?:(?:public|internal|private|fileprivate|final|open|indirect|nonisolated)\s+)*(?:class|struct|enum|protocol|actor|typealias|func|let|var)\s+([A-Za-z_]\w*)/
        var names: Set<String> = []
        for block in blocks {
            for match in SwiftCodeText(block.code).text.matches(of: pattern) { names.insert(String(match.output.1)) }
        }
        return names
    }

    /// The spec classes of an implement exercise's spec blocks; a specify exercise's specs are the learner's own.
    static func chapterSpecClasses(_ exercise: Exercise) -> Set<String> {
        Set(exercise.specs.flatMap { SpecClassScanner.classes(in: $0.code) })
    }

    /// The modules a file imports itself (`import Dispatch`, `@testable import X`, `import struct Foundation.Date`).
    static func imports(in contents: String) -> [String] {
        let code = SwiftCodeText(contents).text
        let pattern =
            /(?m)^\s*(?:@\w+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)/
        return Array(Set(code.matches(of: pattern).map { String($0.output.1) })).sorted()
    }
}
