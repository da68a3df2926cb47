import Foundation
import KataBasics
import KataMessages
import KataWorkbook

/// A loaded workbook together with the learner's progress and files, in the learner's language.
package struct Workspace: Sendable {
    /// The validated workbook, with its words in the learner's language where a translation is ready (the code
    /// is always the source's).
    package let workbook: Workbook
    /// The workbook as its chapters are written, in the source language.
    package let sourceWorkbook: Workbook
    /// The edition the learner reads: its language, and the exercises it shows in the source language.
    package let edition: Edition
    /// Where the language was chosen.
    let languageOrigin: LanguagePreference.Origin
    /// Warnings from choosing the language (a `KATA_LANG` that names no translation, say), one per line.
    package let notices: [String]
    /// The progress store in `<workbook>/.kata`.
    package let store: ProgressStore
    /// Paths shown to the user are relative to this folder when inside it.
    package let displayBase: URL
    /// How the learner types kata (``KataCommand``): what every command kata tells them to type starts with.
    package let kataCommand: String

    /// Locates and loads the workbook (see ``WorkbookLocator``) in `language`, or in the learner's language (see
    /// ``LanguagePreference``) when it is nil.
    package init(
        explicitPath: String?, currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        language: Language? = nil, kataCommand: String = "kata",
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(WorkbookError) {
        let root = try WorkbookLocator.locate(
            explicit: explicitPath, environment: environment, currentDirectory: currentDirectory)
        try self.init(
            root: root, displayBase: currentDirectory, language: language, kataCommand: kataCommand,
            environment: environment)
    }

    /// Loads the workbook at `root` in `language`, or in the learner's language when it is nil.
    package init(
        root: URL, displayBase: URL, language: Language? = nil, kataCommand: String = "kata",
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(WorkbookError) {
        let source = try WorkbookLoader(root: root, displayBase: displayBase).load()
        self.kataCommand = kataCommand
        let kata = root.appendingPathComponent(".kata")
        store = ProgressStore(directory: kata)
        self.displayBase = displayBase.standardizedFileURL
        sourceWorkbook = source
        let translations = TranslationLoader(workbook: source, displayBase: displayBase)
        let chosen: (Language, LanguagePreference.Origin, [String])
        if let language {
            chosen = (language, .unset, [])
        } else {
            chosen = LanguagePreference(directory: kata).choose(
                environment: environment, available: [.source] + translations.languages(), kataCommand: kataCommand)
        }
        (languageOrigin, notices) = (chosen.1, chosen.2)
        edition =
            chosen.0.isSource
            ? Edition(source: source) : Edition(source: source, translation: translations.load(chosen.0))
        workbook = edition.workbook
    }

    /// kata's own words in the learner's language.
    package var messages: Messages { Messages(edition.language, kataCommand: kataCommand) }

    /// The exercise with this id, or the only one whose id starts with it.
    package func exercise(_ idOrPrefix: String) throws(LoopError) -> Exercise {
        let exercises = workbook.exercises
        // Ids are short; a huge one is neither echoed nor compared letter by letter with every id.
        guard idOrPrefix.utf8.count <= 128 else { throw .idTooLong(length: idOrPrefix.count) }
        if let exact = exercises.first(where: { $0.id == idOrPrefix }) { return exact }
        let matches = exercises.filter { $0.id.hasPrefix(idOrPrefix) }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 { throw .ambiguousPrefix(idOrPrefix, matches: matches.map(\.id)) }
        throw .unknownExercise(idOrPrefix, suggestions: workbook.exerciseSuggestions(for: idOrPrefix))
    }

    /// The current exercise: the first unsolved one from the exercise the learner last chose with
    /// `kata next <id>` (a workshop that starts at a chapter), or else from the start of the workbook.
    /// When everything after the chosen one is solved, it is the first unsolved one of the workbook.
    package func current(in progress: Progress) -> Exercise? {
        let exercises = workbook.exercises
        let start = progress.chosen.flatMap { id in exercises.firstIndex { $0.id == id } } ?? 0
        return exercises[start...].first { progress[$0.id].state != .solved }
            ?? exercises.first { progress[$0.id].state != .solved }
    }

    /// The learner's file for an exercise.
    package func learnerFile(_ exercise: Exercise) -> URL {
        workbook.url(exercise.learnerPath)
    }

    /// The largest learner file kata reads.
    package static let learnerFileLimit = 1 << 20

    /// Where the learner's file is, reached by the one rule for learners' files (see ``LearnerPath``).
    package func learnerPath(_ exercise: Exercise) -> LearnerPath {
        LearnerPath(root: workbook.root, relative: exercise.learnerPath)
    }

    /// The learner's code: a regular file of the workbook reached through no link (see ``LearnerPath``), UTF-8, of
    /// reasonable size.
    func learnerCode(_ exercise: Exercise) throws(LoopError) -> String {
        switch learnerPath(exercise).text(limit: Self.learnerFileLimit) {
        case .success(let text): return text
        case .failure(let failure): throw error(failure, exercise)
        }
    }

    /// The learner's error for a learner's file that could not be read.
    func error(_ failure: LearnerPath.Failure, _ exercise: Exercise) -> LoopError {
        let path = display(learnerFile(exercise))
        switch failure {
        case .link(let link):
            return .learnerFileLink(id: exercise.id, path: path, link: display(workbook.url(link)))
        case .file(.missing):
            return .noLearnerFile(id: exercise.id, path: path)
        case .file(let failure):
            return .unreadableLearnerFile(id: exercise.id, path: path, reason: failure)
        }
    }

    /// A path as the user should see it: relative to the folder kata was started in when it is inside it, on one
    /// line, its control characters shown as escapes (a folder's name can hold anything but `/`).
    package func display(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = displayBase.path.hasSuffix("/") ? displayBase.path : displayBase.path + "/"
        return (path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path).withVisibleControlsOnOneLine
    }
}
