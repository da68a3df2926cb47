import ArgumentParser
import KataCommandLine

extension Kata.Translate {
    /// `kata translate sync`.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Copy the source's code blocks into translations after the source changed them.",
            discussion: """
                For authors who changed a chapter's code: copies changed code into each translation in place, \
                adds blocks and hints the source gained (in the source language, to translate) and removes blocks \
                it lost. The stamp is left alone, so kata verify keeps reporting the changed sections until a \
                translator brings them up to date and stamps the translation.
                """)

        @OptionGroup var options: WorkbookOptions
        @OptionGroup var arguments: TranslationArguments

        func run() throws {
            let workspace = try options.workspace(language: .source)
            let writer = try arguments.writer(for: workspace)
            let chapters = try arguments.chapters(of: writer, existing: true)
            for chapter in chapters {
                print(try workspace.output.run { try writer.sync(chapter) }, terminator: "")
            }
        }
    }
}
