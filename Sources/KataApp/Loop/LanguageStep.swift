import Foundation
import KataBasics
import KataMessages
import KataWorkbook

/// `kata lang [code]`: shows the languages the workbook can be read in, or chooses one and remembers it.
package struct LanguageStep {
    /// The workspace, in the language chosen so far.
    package let workspace: Workspace
    /// How to draw.
    package let style: TerminalStyle

    /// Creates the step.
    package init(workspace: Workspace, style: TerminalStyle) {
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
    package func show() -> LoopOutput {
        let languages = [Language.source] + loader.languages()
        let current = workspace.edition.language
        let t = workspace.messages
        var lines = [style.paint(t(.langCurrent, ["name": current.name, "code": current.code]), .bold) + origin(), ""]
        let width = languages.map(\.code.count).max() ?? 2
        for language in languages {
            let pointer = language == current ? style.paint("→", .bold) : " "
            lines.append(
                "\(pointer) \(language.code.padding(toLength: width, withPad: " ", startingAt: 0))  "
                    + style.paint(coverage(language), .dim))
        }
        lines.append("")
        lines.append(
            t(.langChoose, ["command": t.kata("lang <code>"), "variable": LanguagePreference.environmentKey]))
        return LoopOutput(text: lines.joined(separator: "\n") + "\n", warnings: workspace.notices)
    }

    /// Chooses `code` (a language code or a unique start of one) and remembers it in `.kata/language`.
    package func choose(_ code: String) throws(LoopError) -> LoopOutput {
        let languages = [Language.source] + loader.languages()
        guard let language = Language.resolve(code, among: languages) else {
            throw .unknownLanguage(code, available: languages.map(\.code))
        }
        try preference.remember(language)
        // Said in the language just chosen.
        let t = Messages(language, kataCommand: workspace.kataCommand)
        let source = t(.sourceLanguageName)
        var lines = [t(.langChosen, ["name": language.name, "code": language.code])]
        if !language.isSource {
            let translation = loader.load(language)
            let shown = translation.shownCount
            let total = translation.sourceChapterCount
            lines.append(
                shown == total
                    ? t(.langAllTranslated)
                    : t(.langSomeTranslated, ["shown": "\(shown)", "total": "\(total)", "source": source]))
            lines.append(t(.langBack, ["source": source, "command": t.kata("lang \(Language.source.code)")]))
        }
        if let override = ProcessInfo.processInfo.environment[LanguagePreference.environmentKey], !override.isEmpty {
            lines.append(
                t(
                    .langOverride,
                    ["variable": LanguagePreference.environmentKey, "value": LanguagePreference.shown(override)]))
        }
        return LoopOutput(text: lines.joined(separator: "\n") + "\n")
    }

    private func origin() -> String {
        let t = workspace.messages
        switch workspace.languageOrigin {
        case .unset: return ""
        case .environment:
            return style.paint(t(.langFromEnvironment, ["variable": LanguagePreference.environmentKey]), .dim)
        case .remembered: return style.paint(t(.langRemembered), .dim)
        }
    }

    private func coverage(_ language: Language) -> String {
        let t = workspace.messages
        if language.isSource { return t(.langSource, ["name": language.name]) }
        let translation = loader.load(language)
        return t(
            .langCoverage,
            [
                // From the translation's language.json: shown, never obeyed.
                "name": translation.name.withVisibleControlsOnOneLine, "shown": "\(translation.shownCount)",
                "total": "\(translation.sourceChapterCount)",
            ])
    }
}
