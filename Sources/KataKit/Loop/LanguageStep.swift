import Foundation

/// `kata lang [code]`: shows the languages the workbook can be read in, or chooses one and remembers it.
public struct LanguageStep {
    /// The workspace, in the language chosen so far.
    public let workspace: Workspace
    /// How to draw.
    public let style: TerminalStyle

    /// Creates the step.
    public init(workspace: Workspace, style: TerminalStyle) {
        self.workspace = workspace
        self.style = style
    }

    private var loader: TranslationLoader {
        TranslationLoader(workbook: workspace.sourceWorkbook, displayBase: workspace.displayBase)
    }

    private var preference: LanguagePreference {
        LanguagePreference(directory: workspace.workbook.root.appendingPathComponent(".kata"))
    }

    /// Lists the languages, marking the current one.
    public func show() -> LoopOutput {
        let languages = [Language.source] + loader.languages()
        let current = workspace.edition.language
        var lines = [style.paint("Language: \(current.name) (\(current.code))", .bold) + origin(), ""]
        let width = languages.map(\.code.count).max() ?? 2
        for language in languages {
            let pointer = language == current ? style.paint("→", .bold) : " "
            lines.append(
                "\(pointer) \(language.code.padding(toLength: width, withPad: " ", startingAt: 0))  "
                    + style.paint(coverage(language), .dim))
        }
        lines.append("")
        lines.append(
            "Choose one with \(KataCommand.line("lang <code>")); \(LanguagePreference.environmentKey)=<code> chooses one for a single command."
        )
        return LoopOutput(text: lines.joined(separator: "\n") + "\n", warnings: workspace.notices)
    }

    /// Chooses `code` (a language code or a unique start of one) and remembers it in `.kata/language`.
    public func choose(_ code: String) throws(LoopError) -> LoopOutput {
        let languages = [Language.source] + loader.languages()
        guard let language = Language.resolve(code, among: languages) else {
            throw .unknownLanguage(code, available: languages.map(\.code))
        }
        try preference.remember(language)
        var lines = ["Language: \(language.name) (\(language.code)), remembered in .kata/language."]
        if !language.isSource {
            let translation = loader.load(language)
            let shown = translation.shownCount
            let total = translation.sourceChapterCount
            lines.append(
                shown == total
                    ? "Every chapter is translated."
                    : "\(shown) of \(total) chapters are translated; the others are shown in \(Language.source.name) until they are."
            )
            lines.append("Back to \(Language.source.name): \(KataCommand.line("lang \(Language.source.code)"))")
        }
        if let override = ProcessInfo.processInfo.environment[LanguagePreference.environmentKey], !override.isEmpty {
            lines.append(
                "\(LanguagePreference.environmentKey)=\(override) is set in this shell, and chooses the language of every command run from it."
            )
        }
        return LoopOutput(text: lines.joined(separator: "\n") + "\n")
    }

    private func origin() -> String {
        switch workspace.languageOrigin {
        case .unset: ""
        case .environment: style.paint(", from \(LanguagePreference.environmentKey)", .dim)
        case .remembered: style.paint(", remembered in .kata/language", .dim)
        }
    }

    private func coverage(_ language: Language) -> String {
        if language.isSource { return "\(language.name), the source" }
        let translation = loader.load(language)
        return "\(translation.name), \(translation.shownCount) of \(translation.sourceChapterCount) chapters translated"
    }
}
