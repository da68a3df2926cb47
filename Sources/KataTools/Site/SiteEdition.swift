import KataMessages

/// One language edition of the site, as the other editions link to it: the English one at the site's root,
/// each translation in a folder named after its language (`zh-Hans/`), with the same page names.
package struct SiteEdition: Sendable, Equatable {
    /// The language's BCP 47 tag (`zh-Hans`), for `lang` and `hreflang`.
    package var code: String
    /// The language's name in itself ("简体中文"), for the language switch.
    package var name: String
    /// The edition's folder inside the site: "" for the source edition, `zh-Hans/` for a translation.
    package var folder: String

    /// Creates an edition.
    package init(code: String, name: String, folder: String) {
        self.code = code
        self.name = name
        self.folder = folder
    }

    /// The edition of `language`: at the root for the source language, in `<code>/` for a translation.
    package init(_ language: Language) {
        self.init(code: language.code, name: language.name, folder: language.isSource ? "" : language.code + "/")
    }

    /// The path from a page of `edition` to the same page (`page`) in `self`, relative.
    func href(of page: String, from edition: SiteEdition) -> String {
        let up = String(repeating: "../", count: edition.folder.split(separator: "/").count)
        return up + folder + page
    }
}

/// A link to the same page in another edition (or the page itself), for `hreflang` and the language switch.
struct AlternateLink {
    var code: String
    var name: String
    var href: String
    var current: Bool
}
