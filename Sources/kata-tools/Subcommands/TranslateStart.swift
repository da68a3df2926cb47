import ArgumentParser
import KataCommandLine

extension Kata.Translate {
    /// `kata translate start`.
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Start translating chapters: a copy of the source, as a draft, to translate in place.",
            discussion: """
                Writes chapters/<language>/NN-slug.md: the source chapter with a draft stamp at the top. Learners \
                keep seeing the source until the translation is stamped. With no chapter named, starts every \
                chapter that has no translation yet. Never overwrites a file.
                """)

        @OptionGroup var options: WorkbookOptions
        @OptionGroup var arguments: TranslationArguments

        func run() throws {
            let workspace = try options.workspace(language: .source)
            let writer = try arguments.writer(for: workspace)
            let chapters = try arguments.chapters(of: writer, existing: false)
            if chapters.isEmpty {
                print("Every chapter has a \(writer.language.code) translation already; nothing to start.")
                return
            }
            for chapter in chapters {
                print(try workspace.output.run { try writer.start(chapter) }, terminator: "")
            }
        }
    }
}
