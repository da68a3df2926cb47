import KataBasics

/// Why a `kata translate` command could not do what it was asked.
package enum TranslationError: Error, Equatable, CustomStringConvertible {
    /// A translation into the source language.
    case sourceLanguage(String)
    /// A language code that is not a BCP 47 tag.
    case malformedLanguage(String)
    /// No chapter has this name.
    case unknownChapter(String, suggestion: String?)
    /// `start` of a chapter that is translated already.
    case exists(path: String, language: String)
    /// `stamp` or `sync` of a chapter with no translation.
    case missing(path: String, language: String, chapter: String)
    /// `stamp` of a translation that does not match its source.
    case needsFixing([Diagnostic])
    /// A translation could not be read (too large, not UTF-8, a folder…).
    case unreadable(path: String, reason: String)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)

    /// The message for the user.
    package var description: String {
        switch self {
        case .sourceLanguage(let code):
            "'\(code)' is the language the chapters are written in; name the language to translate into, such as zh-Hans"
        case .malformedLanguage(let code):
            "'\(code)' is not a language tag; use one such as zh-Hans, ja or pt-BR (it names the folder chapters/<tag>/)"
        case .unknownChapter(let name, let suggestion?):
            "no chapter '\(name)'; did you mean '\(suggestion)'?"
        case .unknownChapter(let name, nil):
            "no chapter '\(name)'; name a chapter by its file name (01-tdd-and-bdd), slug (tdd-and-bdd) or number (01)"
        case .exists(let path, let language):
            "\(path) exists already; nothing was changed (kata translate status \(language) shows where it stands)"
        case .missing(let path, let language, let chapter):
            "\(path) does not exist yet; start it with kata translate start \(language) \(chapter)"
        case .needsFixing(let diagnostics):
            diagnostics.map(\.description).joined(separator: "\n")
                + "\nthe translation does not match its source yet, so it was not stamped; fix the errors above and stamp it again"
        case .unreadable(let path, let reason):
            "\(path) \(reason); nothing was changed"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); nothing was changed"
        }
    }
}
