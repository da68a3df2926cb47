import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataCommandLine
import KataMessages
import KataTools
import KataWorkbook

extension Kata {
    /// `kata verify`.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ToolCommand.verify.name,
            abstract: ToolCommand.verify.abstract,
            discussion:
                "Every reference solution must pass; every starter must fail; a specify exercise's reference specs "
                + "must pass against the subject and catch every mutant; every plain `swift` block must compile; "
                + "every translation (chapters/<language>/) must have its source's code blocks byte for byte and "
                + "as many hints, and is reported when the source changed since it was stamped (a warning). Runs "
                + "on all cores; what has not changed since it was last checked is not built again (by the hash of "
                + "everything a check reads). Exit status 1 on an error.")

        @OptionGroup var options: WorkbookOptions

        @Argument(
            help: ArgumentHelp(
                "Only these exercises or chapters (exercise ids, chapter slugs such as ocmock, or file names such as "
                    + "06-ocmock).", valueName: "id"))
        var given: [String] = []

        @Flag(help: "Run everything again instead of reusing cached verdicts.")
        var noCache = false

        @Flag(help: "Check only what changed since a verify last found it sound.")
        var changed = false

        @Flag(help: "Show how long each check took, and where the time went (build, screen, run).")
        var timings = false

        @Option(
            help: ArgumentHelp(
                "How many checks run side by side (default: as many as this computer has cores).",
                valueName: "n"))
        var jobs: Int?

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of checks, 1 or more; got \(jobs).") }
        }

        func run() throws {
            let workspace = try options.workspace(language: .source)
            try refuseLearnersCopy(workspace)
            let ids = try selection(in: workspace.sourceWorkbook)
            let start = Date()
            let report = try checkExercises(ids, in: workspace)
            for problem in report.problems { print(problem.description) }
            if timings { print(TimingTable(report.timings).text, terminator: "") }
            let chapters = checkChapters(ids, in: workspace)
            for diagnostic in chapters.translations + chapters.quotes { print(diagnostic.description) }
            try summarize(report, chapters, ids: ids, in: workspace, seconds: Date().timeIntervalSince(start))
        }

        /// Stops on a learner's copy of an assignment: the solutions verify checks are with the instructor.
        private func refuseLearnersCopy(_ workspace: Workspace) throws {
            let note = workspace.sourceWorkbook.url(Workbook.solutionsElsewhere)
            guard FileManager.default.fileExists(atPath: note.path) else { return }
            workspace.output.error(
                "kata verify checks the reference solutions, and this workbook is a learner's copy of an "
                    + "assignment: they are with the instructor (\(workspace.display(note))). Check your own work "
                    + "with \(Kata.line("check <id>")).")
            throw ExitCode(1)
        }

        /// Checks the exercises and example blocks `ids` take in (all when empty), showing progress on standard error.
        private func checkExercises(_ ids: [String], in workspace: Workspace) throws -> Verifier.Report {
            let verbose = isatty(STDERR_FILENO) == 1
            var verifier = Verifier(workspace: workspace, useCache: !noCache) { done, total, label in
                if verbose {
                    Output.printError("\u{1B}[2K\r[\(done)/\(total)] \(label)\u{1B}[1A")
                } else if done == total || done % 10 == 0 {
                    Output.printError("verify: \(done)/\(total) done")
                }
            }
            verifier.onlyChanged = changed
            verifier.jobs = jobs
            let report = try workspace.output.run {
                try verifier.run(only: ids) { Output.printError("Preparing KataSpec (first run only)...") }
            }
            if verbose { Output.printError("") }
            return report
        }

        /// What verify finds in the chapters themselves: each translation against its source, and the places the
        /// chapters (source and translations) quote of kata's output.
        private struct ChapterFindings {
            var translations: [Diagnostic] = []
            var quotes: [Diagnostic] = []
            /// `<language> <shown> of <chapters> chapters`, for each translation.
            var coverage: [String] = []
        }

        /// Checks the translations and quoted places of the chapters `ids` take in (all when empty).
        private func checkChapters(_ ids: [String], in workspace: Workspace) -> ChapterFindings {
            let source = workspace.sourceWorkbook
            let translations = TranslationLoader(workbook: source, displayBase: workspace.displayBase)
            var findings = ChapterFindings()
            let root = source.root.standardizedFileURL.path + "/"
            let fromRoot = { (url: URL) in String(url.standardizedFileURL.path.dropFirst(root.count)) }
            let chosen = { (slug: String) in
                ids.isEmpty || ids.contains(slug)
                    || source.chapters.contains { $0.slug == slug && $0.exercises.contains { ids.contains($0.id) } }
            }
            var quoted = source.chapters.filter { chosen($0.slug) }.map {
                (path: fromRoot($0.url), display: workspace.display($0.url), document: $0.document)
            }
            for language in translations.languages() {
                let translation = translations.load(language)
                quoted += translation.chapters.filter { chosen($0.slug) }.map {
                    (path: fromRoot($0.url), display: workspace.display($0.url), document: $0.document)
                }
                findings.translations += translation.diagnostics(only: ids, in: source)
                findings.coverage.append(
                    "\(language.code) \(translation.shownCount) of \(translation.sourceChapterCount) chapters")
            }
            // What the chapters quote of kata's output must point at their code.
            findings.quotes = QuotedLocationCheck(chapters: quoted).diagnostics()
            return findings
        }

        /// Prints the last line: sound, or how many problems; exits 1 on a problem.
        private func summarize(
            _ report: Verifier.Report, _ chapters: ChapterFindings, ids: [String], in workspace: Workspace,
            seconds elapsed: Double
        ) throws {
            let translationErrors = chapters.translations.count { $0.severity == .error }
            let warnings = chapters.translations.count { $0.severity == .warning }
            let seconds = String(format: "%.1f", elapsed)
            let exercises = workspace.workbook.exercises.count
            let translated =
                chapters.coverage.isEmpty ? "" : "; translated: \(chapters.coverage.joined(separator: ", "))"
            let checked =
                changed
                ? "; \(plural(report.checks - report.unchanged, "check")) of \(report.checks) changed since a verify found them sound"
                : ""
            let warned = warnings == 0 ? "" : ", \(plural(warnings, "warning")) about translations"
            if report.problems.isEmpty && translationErrors == 0 && chapters.quotes.isEmpty {
                let chapterCount = plural(workspace.workbook.chapters.count, "chapter")
                // A verify of some exercises or chapters vouches for those only.
                let what =
                    ids.isEmpty
                    ? "the workbook is sound (\(plural(exercises, "exercise")) in \(chapterCount)"
                    : "\(given.joined(separator: ", ")) \(given.count == 1 ? "is" : "are") sound "
                        + "(\(selectedCount(ids, in: workspace.sourceWorkbook)) of the workbook's \(plural(exercises, "exercise"))"
                print("verify: \(what)\(translated)\(checked))\(warned) in \(seconds) s")
            } else {
                let inTranslations = translationErrors == 0 ? "" : " (\(translationErrors) in translations)"
                let changedChecks = checked.isEmpty ? "" : " (\(checked.dropFirst(2)))"
                let problems = report.problems.count + translationErrors + chapters.quotes.count
                print(
                    "verify: \(plural(problems, "problem")) found\(inTranslations)\(changedChecks)\(warned) in \(seconds) s"
                )
                throw ExitCode(1)
            }
        }

        /// The exercise ids and chapter slugs `given` names; a name that is neither is a usage error.
        private func selection(in workbook: Workbook) throws -> [String] {
            try given.map { name in
                if workbook.exercises.contains(where: { $0.id == name }) { return name }
                let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
                if let chapter = workbook.chapters.first(where: {
                    $0.slug == name || $0.fileStem == stem
                        || $0.url.lastPathComponent == (name as NSString).lastPathComponent
                }) {
                    return chapter.slug
                }
                // A chapter's slug close to the name is named before the exercises that contain it ("kiw" is `kiwi`
                // mistyped, not a part of `kiwi-let-cart`).
                let chapter = Suggestion.closest(to: stem, in: workbook.chapters.map(\.slug))
                let meant = chapter.map { [$0] } ?? workbook.exerciseSuggestions(for: name)
                let suggestion =
                    meant.isEmpty
                    ? ""
                    : " (did you mean \(meant.count > 1 ? "one of " : "")"
                        + meant.map { "'\($0)'" }.joined(separator: ", ") + "?)"
                Output().error(
                    "'\(name)' is neither an exercise id nor a chapter of this workbook\(suggestion); chapters are "
                        + workbook.chapters.map(\.slug).joined(separator: ", ") + " (or their file names, such as "
                        + (workbook.chapters.first?.fileStem ?? "01-basics") + "); kata list shows the exercise ids")
                throw ExitCode(2)
            }
        }

        /// How many exercises `ids` (exercise ids and chapter slugs) take in.
        private func selectedCount(_ ids: [String], in workbook: Workbook) -> Int {
            workbook.chapters.reduce(0) { count, chapter in
                count + chapter.exercises.count { ids.contains(chapter.slug) || ids.contains($0.id) }
            }
        }
    }
}
