import Foundation

/// Compiles a generated program against the cached KataSpec library.
public struct ExerciseCompiler: Sendable {
    /// What came of a compile.
    public enum Outcome: Sendable {
        case built(URL)
        case failed([CompilerDiagnostic], output: String)
    }

    public var toolchain: Toolchain
    public var library: SpecLibrary

    /// Flags for exercise code: Swift 5 mode, so a learner meets the testing ideas before strict concurrency.
    static let flags = [
        "-swift-version", "5", "-Onone", "-wmo", "-parse-as-library", "-module-name", "Exercise",
        "-diagnostic-style", "llvm", "-suppress-warnings",
    ]

    public init(toolchain: Toolchain, library: SpecLibrary) {
        self.toolchain = toolchain
        self.library = library
    }

    /// Writes the program's files into `folder` and compiles them into `folder/program`; with `listDeclarations`, the
    /// compiler also writes the program's symbol graph (every declaration and where it is) into `folder/symbols`.
    public func compile(
        _ program: GeneratedProgram, in folder: URL, listDeclarations: Bool = false
    ) throws(BuildError) -> Outcome {
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
        let binary = folder.appendingPathComponent("program")
        var arguments = Self.flags + library.linkFlags + ["-o", binary.path]
        if listDeclarations {
            arguments += [
                "-emit-executable", "-emit-module", "-emit-module-path",
                folder.appendingPathComponent("Exercise.swiftmodule").path,
                "-emit-symbol-graph", "-emit-symbol-graph-dir", folder.appendingPathComponent("symbols").path,
                "-symbol-graph-minimum-access-level", "private",
            ]
        }
        arguments += program.files.map(\.name)
        let result: ExternalCommand.Result
        do {
            result = try ExternalCommand(executable: toolchain.swiftc, arguments: arguments, directory: folder).run()
        } catch {
            throw .cannotWrite(path: binary.path, reason: (error as NSError).localizedDescription)
        }
        if result.status == 0 { return .built(binary) }
        if let problem = Self.environmentProblem(result) { throw .environment(problem: problem, output: result.output) }
        return .failed(CompilerDiagnostic.parse(result.output), output: result.output)
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

    /// Type-checks one plain example block (script mode, no linking): `kata verify` uses it.
    public func typecheck(code: String, path: String, line: Int, in folder: URL) throws(BuildError)
        -> [CompilerDiagnostic]?
    {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("main.swift")
        let contents =
            "import Foundation\nimport KataSpec\n#sourceLocation(file: \"\(path)\", line: \(line))\n\(code)\n#sourceLocation()\n"
        do {
            try Data(contents.utf8).write(to: file)
        } catch {
            throw .cannotWrite(path: file.path, reason: (error as NSError).localizedDescription)
        }
        let arguments = [
            "-typecheck", "-swift-version", "5", "-diagnostic-style", "llvm", "-suppress-warnings",
            "-I", library.directory.path, file.path,
        ]
        guard
            let result = try? ExternalCommand(executable: toolchain.swiftc, arguments: arguments, directory: folder)
                .run()
        else { throw .cannotWrite(path: file.path, reason: "cannot run swiftc") }
        return result.status == 0 ? nil : CompilerDiagnostic.parse(result.output)
    }
}
