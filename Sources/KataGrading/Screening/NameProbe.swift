import Foundation
import KataBuilding
import KataSystem

/// Asks the compiler whether names already exist in the libraries a program imports, without the learner's code:
/// one small file that only mentions each name, type-checked once. The answers are kept beside the KataSpec build,
/// so a name is asked about once per compiler and library, not on every check.
struct NameProbe {
    var toolchain: Toolchain
    /// The library of kata's the program imports (KataSpec, or the harness).
    var library: RuntimeLibrary

    private var cacheFile: URL { library.directory.appendingPathComponent("probed-names.json") }

    /// The questions whose name already exists. `imports` are the modules the learner's file imports itself.
    func existing(
        _ questions: [DeclarationScreen.Question], imports: [String], in folder: URL
    ) throws(BuildError) -> Set<DeclarationScreen.Question> {
        let importKey = imports.sorted().joined(separator: ",")
        var cache = (try? JSONDecoder().decode([String: Bool].self, from: Data(contentsOf: cacheFile))) ?? [:]
        let key = { (question: DeclarationScreen.Question) in "\(importKey)|\(Self.probe(question, index: 0))" }
        let unknown = questions.filter { cache[key($0)] == nil }
        if !unknown.isEmpty {
            let answers = try ask(unknown, imports: imports, in: folder)
            for (question, exists) in answers { cache[key(question)] = exists }
            if let data = try? JSONEncoder().encode(cache) { try? data.write(to: cacheFile, options: .atomic) }
        }
        return Set(questions.filter { cache[key($0)] == true })
    }

    private func ask(
        _ questions: [DeclarationScreen.Question], imports: [String], in folder: URL
    ) throws(BuildError) -> [DeclarationScreen.Question: Bool] {
        var lines = ["import Foundation"] + (library.recipe == .kataSpec ? ["import KataSpec"] : [])
        lines += ["#if canImport(Glibc)", "import Glibc", "#endif"]
        lines += imports.map { "import \($0)" }
        let firstProbeLine = lines.count + 1
        lines += questions.enumerated().map { Self.probe($1, index: $0) }
        let file = folder.appendingPathComponent("name-probe.swift")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        } catch {
            throw .cannotWrite(path: file.path, reason: (error as NSError).localizedDescription)
        }
        let arguments = [
            "-typecheck", "-swift-version", "5", "-diagnostic-style", "llvm", "-I", library.directory.path, file.path,
        ]
        let result: ExternalCommand.Result
        do {
            result = try ExternalCommand(
                executable: toolchain.swiftc, arguments: arguments, directory: folder, limits: toolchain.limits
            ).run()
        } catch {
            throw .cannotWrite(path: file.path, reason: "cannot run swiftc: \(error)")
        }
        // No answer to remember: an answer is kept for as long as KataSpec is.
        if let stop = result.stopped { throw .compilerStopped(stop, file: nil, line: nil) }
        // A line whose only errors say the name is missing asks about a new name; any other outcome (no error, an
        // ambiguity, a type used as a value) means the libraries declare it.
        var missing: Set<Int> = []
        var otherErrors: Set<Int> = []
        for diagnostic in CompilerDiagnostic.parse(result.output) where diagnostic.severity == .error {
            guard diagnostic.file.hasSuffix("name-probe.swift") else { continue }
            if diagnostic.message.hasPrefix("cannot find '") || diagnostic.message.contains("has no member '") {
                missing.insert(diagnostic.line)
            } else {
                otherErrors.insert(diagnostic.line)
            }
        }
        var answers: [DeclarationScreen.Question: Bool] = [:]
        for (index, question) in questions.enumerated() {
            let line = firstProbeLine + index
            answers[question] = !(missing.contains(line) && !otherErrors.contains(line))
        }
        return answers
    }

    /// One line of Swift that mentions the name and nothing else.
    static func probe(_ question: DeclarationScreen.Question, index: Int) -> String {
        switch question {
        case .topLevel(let name):
            return "func kataProbe\(index)() { _ = `\(name)` }"
        case .member(let type, let name, let isStatic):
            let reference = name.hasPrefix("init(") ? "Self.\(name)" : (isStatic ? "Self.`\(name)`" : "self.`\(name)`")
            return "extension \(type) { \(isStatic ? "static " : "")func kataProbe\(index)() { _ = \(reference) } }"
        }
    }
}
