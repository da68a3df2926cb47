import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataCommandLine
import KataTools
import KataWorkbook

extension Kata {
    /// `kata translate`: the translator's commands.
    struct Translate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ToolCommand.translate.name,
            abstract: ToolCommand.translate.abstract,
            discussion: """
                A translation lives beside its source: chapters/<language>/NN-slug.md. Its code blocks are the \
                source's, byte for byte; its prose, hints and mutant notes are translated. See docs/TRANSLATING.md.
                """,
            subcommands: [Status.self, Start.self, Stamp.self, Sync.self])
    }
}

/// The arguments every `kata translate` command takes: the language, and optionally chapters.
struct TranslationArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The language, as its folder is named (zh-Hans).", valueName: "language"))
    var language: String

    @Argument(
        help: ArgumentHelp(
            "Chapters, by slug (tdd-and-bdd), number (01) or file name; all of them when none is named.",
            valueName: "chapter"))
    var chapters: [String] = []
}

extension TranslationArguments {
    /// The writer for the language, or its error printed and the command stopped.
    func writer(for workspace: Workspace) throws -> TranslationWriter {
        try Output.run {
            try TranslationWriter(
                workbook: workspace.sourceWorkbook, displayBase: workspace.displayBase, language: language)
        }
    }

    /// The chapters named, or, when none is named, every chapter that has a translation (`existing`) or none.
    func chapters(of writer: TranslationWriter, existing: Bool) throws -> [Chapter] {
        let named = try Output.run { try writer.chapters(named: chapters) }
        guard chapters.isEmpty else { return named }
        return named.filter { FileManager.default.fileExists(atPath: writer.url(of: $0).path) == existing }
    }
}
