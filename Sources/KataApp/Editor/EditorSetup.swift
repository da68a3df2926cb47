import Foundation
import KataBasics
import KataWorkbook

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files that let an editor running sourcekit-lsp understand the learner's files as kata compiles them: the
/// compiler's own errors at their lines, completion of KataSpec and of the chapter's types, and "go to definition".
///
/// - `.kata/editor/KataSpec` links to the KataSpec build (relinked when KataSpec is built again);
/// - `.kata/editor/<chapter>/<id>.chapter.swift` holds the chapter's code of each exercise (``ChapterCodeFile``);
/// - `exercises/compile_commands.json` says how each learner file compiles (``CompilationDatabase``), and
///   `.kata/editor/compile_commands.json` holds the same, for the chapter's files and for a learner who keeps a
///   database of their own.
///
/// The workbook root holds kata's own `Package.swift`, which sourcekit-lsp opens as a SwiftPM workspace; the learner's
/// files are in none of its targets, so sourcekit-lsp looks for a build system in their folders and finds the
/// database in `exercises/` (an implicit workspace). kata's own sources stay in the package's workspace.
package struct EditorSetup {
    /// The workspace.
    package let workspace: Workspace

    /// The setup of `workspace`'s workbook.
    package init(workspace: Workspace) {
        self.workspace = workspace
    }

    private var root: URL { workspace.workbook.root.standardizedFileURL }
    /// `.kata/editor`.
    var folder: URL { root.appendingPathComponent(".kata/editor") }
    /// The link to the KataSpec build.
    var libraryLink: URL { folder.appendingPathComponent("KataSpec") }
    /// The database the editor finds beside the learner's files.
    var database: OwnedFile {
        OwnedFile(path: LearnerPath(root: root, relative: "exercises/compile_commands.json"), records: folder)
    }

    /// Writes every file, linking to the KataSpec build in `library`. Returns what the learner should hear about a
    /// file kata left alone; with `announcing`, that they heard it (said once for each text of that file).
    package func refresh(library: URL, announcing: Bool) -> [String] {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        link(library)
        let chapterFiles = Dictionary(
            uniqueKeysWithValues: workspace.workbook.exercises.compactMap { exercise -> (String, URL)? in
                writeChapterCode(of: exercise).map { (exercise.id, $0) }
            })
        let json = CompilationDatabase(root: root, library: libraryLink) { chapterFiles[$0.id] }
            .json(workspace.workbook)
        let copy = folder.appendingPathComponent("compile_commands.json")
        if FileManager.default.contents(atPath: copy.path) != json { try? json.write(to: copy, options: .atomic) }
        return notices(database.write(json), announcing: announcing)
    }

    /// Where the chapter's code of `exercise` is written (``ChapterCodeFile``).
    package func chapterFile(of exercise: Exercise) -> URL {
        folder.appendingPathComponent("\(exercise.chapterSlug)/\(exercise.id).chapter.swift")
    }

    /// The chapter's code of `exercise`, as the learner's edition places it.
    func chapterCode(of exercise: Exercise) -> ChapterCodeFile {
        ChapterCodeFile(
            exercise: exercise, chapterPath: relative(workspace.workbook.chapter(of: exercise).url),
            edition: workspace.edition, messages: workspace.messages)
    }

    /// Writes the chapter's code of `exercise` unless the file holds it already, and returns the file; nil when the
    /// exercise has no chapter code besides its specs. `kata next` writes it itself, since it points there, whether
    /// or not a preparation runs (which writes every exercise's, once KataSpec is built).
    @discardableResult
    package func writeChapterCode(of exercise: Exercise) -> URL? {
        guard let text = chapterCode(of: exercise).text else { return nil }
        let file = chapterFile(of: exercise)
        Self.writeReadOnly(Data(text.utf8), to: file)
        return file
    }

    /// What the learner should hear about a file kata left alone, without writing anything (KataSpec is not
    /// built yet: the files are written once it is).
    package func leftAlone(announcing: Bool) -> [String] {
        notices(database.owner(), announcing: announcing)
    }

    /// After a check: when KataSpec was built again (or the files were never written, because a preparation was
    /// stopped), the files are brought up to date, so that the editor sees the KataSpec that checks use.
    func keepUp(library: URL) {
        let linked = try? FileManager.default.destinationOfSymbolicLink(atPath: libraryLink.path)
        guard linked != library.standardizedFileURL.path else { return }
        _ = refresh(library: library, announcing: false)
    }

    private func notices(_ outcome: OwnedFile.Outcome, announcing: Bool) -> [String] {
        guard case .leftAlone(let told) = outcome, !told else { return [] }
        if announcing { database.markTold() }
        return [
            workspace.messages(
                .editorLeftAlone,
                [
                    "path": workspace.display(database.url), "command": workspace.messages.kata("next"),
                    "copy": workspace.display(folder.appendingPathComponent("compile_commands.json")),
                ])
        ]
    }

    /// Points the link at `library`, replacing it in one step (an editor reading through it never finds it missing).
    private func link(_ library: URL) {
        let target = library.standardizedFileURL.path
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: libraryLink.path)) == target { return }
        let temporary = folder.appendingPathComponent(".KataSpec-\(getpid())")
        unlink(temporary.path)
        guard symlink(target, temporary.path) == 0 else { return }
        if rename(temporary.path, libraryLink.path) != 0 { unlink(temporary.path) }
    }

    /// Writes `data` to `url` unless it holds it already, and makes it read-only: an editor then says so before the
    /// learner changes a file that kata would write again.
    private static func writeReadOnly(_ data: Data, to url: URL) {
        if FileManager.default.contents(atPath: url.path) == data { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard (try? data.write(to: url, options: .atomic)) != nil else { return }
        chmod(url.path, 0o444)
    }

    private func relative(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root.path + "/") ? String(path.dropFirst(root.path.count + 1)) : path
    }
}
