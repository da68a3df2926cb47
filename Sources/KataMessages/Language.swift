/// A language the workbook can be read in: the source's (English, `chapters/*.md`) or a translation's
/// (`chapters/<code>/*.md`). The learner loop, the site and kata's own messages all choose by this one type.
package struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The BCP 47 tag, as the translation's folder is named: `en`, `zh-Hans`.
    package let code: String

    /// The language the chapters are written in.
    package static let source = Language(uncheckedCode: "en")

    /// Names of languages in themselves, for menus and switches; a translation's `language.json` may give its own.
    package static let knownNames: [String: String] = [
        "en": "English", "zh-Hans": "简体中文", "zh-Hant": "繁體中文", "ja": "日本語", "ko": "한국어",
        "de": "Deutsch", "es": "Español", "fr": "Français", "pt-BR": "Português (Brasil)", "ru": "Русский",
    ]

    /// A language from a BCP 47 tag such as `zh-Hans`; nil when `code` is not shaped like one.
    package init?(code: String) {
        guard Self.isTag(code) else { return nil }
        self.code = code
    }

    private init(uncheckedCode code: String) {
        self.code = code
    }

    /// Whether this is the source language.
    package var isSource: Bool { self == .source }

    /// The language's name in itself ("简体中文"), or its code when kata does not know it.
    package var name: String { Self.knownNames[code] ?? code }

    /// The code.
    package var description: String { code }

    /// `language` (a code, in any case, or a unique start of one: `zh` for `zh-Hans`) among `available`.
    package static func resolve(_ requested: String, among available: [Language]) -> Language? {
        let wanted = requested.lowercased()
        if let exact = available.first(where: { $0.code.lowercased() == wanted }) { return exact }
        let matches = available.filter { $0.code.lowercased().hasPrefix(wanted) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// A language subtag, then subtags of 2 to 8 letters or digits: `en`, `zh-Hans`, `pt-BR`.
    static func isTag(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter) else {
            return false
        }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit }
        }
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
