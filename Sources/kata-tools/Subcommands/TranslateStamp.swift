import ArgumentParser
import KataCommandLine

extension Kata.Translate {
    /// `kata translate stamp`.
    struct Stamp: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stamp",
            abstract: "Record that translations are up to date with their source chapters (and no longer drafts).",
            discussion: """
                Run it when a chapter is translated, and again after bringing a stale translation up to date: \
                it rewrites the stamp at the top of the file with the source's hashes as they are now. It refuses \
                a translation that does not match its source (a changed code block, a missing hint).
                """)

        @OptionGroup var options: WorkbookOptions
        @OptionGroup var arguments: TranslationArguments

        @Flag(help: "Stamp every translated chapter of the language (otherwise name the chapters).")
        var all = false

        func validate() throws {
            if !all && arguments.chapters.isEmpty {
                throw ValidationError(
                    "name the chapters to stamp (kata translate stamp \(arguments.language) <chapter>), or pass --all")
            }
        }

        func run() throws {
            let workspace = try options.workspace(language: .source)
            let writer = try arguments.writer(for: workspace)
            let chapters = try arguments.chapters(of: writer, existing: true)
            var failed = false
            for chapter in chapters {
                do {
                    print(try workspace.output.run { try writer.stamp(chapter) }, terminator: "")
                } catch {
                    failed = true
                }
            }
            if failed { throw ExitCode(1) }
        }
    }
}
