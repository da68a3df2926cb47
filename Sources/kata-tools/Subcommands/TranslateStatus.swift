import ArgumentParser
import Foundation
import KataBasics
import KataCommandLine
import KataMessages
import KataTools
import KataWorkbook

extension Kata.Translate {
    /// `kata translate status`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Where each chapter's translation stands, and every problem with it, in a second.",
            discussion: """
                The same checks as kata verify makes of translations (code blocks byte for byte, hints, notes, \
                stale sections), without compiling anything. Exit status 1 if a translation has an error.
                """)

        @OptionGroup var options: WorkbookOptions

        @Argument(help: ArgumentHelp("The language (all of them when none is named).", valueName: "language"))
        var language: String?

        func run() throws {
            let workspace = try options.workspace(language: .source)
            let loader = TranslationLoader(workbook: workspace.sourceWorkbook, displayBase: workspace.displayBase)
            var languages = loader.languages()
            if let language {
                guard let chosen = Language.resolve(language, among: languages) else {
                    Output.printError(
                        "kata: error: this workbook has no translation into '\(language)' (it has \(languages.isEmpty ? "none" : languages.map(\.code).joined(separator: ", "))); start one with kata translate start \(language) <chapter>"
                    )
                    throw ExitCode(1)
                }
                languages = [chosen]
            }
            if languages.isEmpty {
                print("This workbook has no translations; start one with kata translate start <language> <chapter>.")
                return
            }
            var errors = 0
            for language in languages {
                let translation = loader.load(language)
                print(TranslationReport(translation: translation, workbook: workspace.sourceWorkbook).text)
                for diagnostic in translation.allDiagnostics { print(diagnostic.description) }
                errors += translation.allDiagnostics.count { $0.severity == .error }
            }
            if errors > 0 { throw ExitCode(1) }
        }
    }
}
