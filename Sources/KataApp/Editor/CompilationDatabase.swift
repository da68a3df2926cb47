import Foundation
import KataBasics
import KataBuilding
import KataWorkbook

/// The JSON compilation database (`compile_commands.json`, as clang and sourcekit-lsp read it) that tells an editor
/// how kata compiles each learner file: one module of the learner's file with the chapter's code for that exercise
/// (``ChapterCodeFile``), in Swift 5 mode, importing Foundation and KataSpec as the files kata generates do.
///
/// kata builds two modules, the code under test and the specs (see ``GeneratedProgram``); the editor gets one.
/// What a learner's file can see is the same either way (`@testable import` shows the internal declarations, and
/// private ones stay private to their file), so the editor reports what the compiler reports in a check; only a
/// declaration of the learner's that repeats one of the chapter's is an error in the editor where kata refuses
/// it with its own message.
struct CompilationDatabase {
    /// One file's command.
    struct Entry: Codable, Equatable {
        var directory: String
        var file: String
        var arguments: [String]
    }

    /// The workbook root.
    var root: URL
    /// The folder whose `KataSpec.swiftmodule` the editor imports (`.kata/editor/KataSpec`).
    var library: URL
    /// Where the chapter's code of each exercise is written.
    var chapterCode: (Exercise) -> URL?

    /// The entries of every exercise of `workbook`, the learner's file first and then the chapter's code.
    func entries(_ workbook: Workbook) -> [Entry] {
        workbook.exercises.flatMap(entries(for:))
    }

    private func entries(for exercise: Exercise) -> [Entry] {
        let learner = root.appendingPathComponent(exercise.learnerPath).path
        let files = [chapterCode(exercise)?.path, learner].compactMap { $0 }
        let module = exercise.kind == .implement ? GeneratedProgram.exerciseModule : GeneratedProgram.specsModule
        let arguments = arguments(module: module) + files
        return files.reversed().map { Entry(directory: root.path, file: $0, arguments: arguments) }
    }

    /// The compiler's arguments before the files: kata's flags for exercise code (``ExerciseCompiler/flags``, less
    /// what only shapes its output), the learner's module's own (``ExerciseCompiler/learnerFlags``: unsafe code is an
    /// error in the editor as in a check, and warnings show), and the imports kata adds at the top of every file.
    private func arguments(module: String) -> [String] {
        var arguments = ["swiftc", "-module-name", module, "-swift-version", "5", "-parse-as-library"]
        arguments += ExerciseCompiler.learnerFlags + ["-I", library.path]
        for imported in ["Foundation", "KataSpec"] {
            arguments += ["-Xfrontend", "-import-module", "-Xfrontend", imported]
        }
        return arguments
    }

    /// The database as JSON, the same bytes for the same entries.
    func json(_ workbook: Workbook) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(entries(workbook))) ?? Data("[]".utf8)) + Data("\n".utf8)
    }
}
