import Testing

@testable import KataMessages

@Suite("Languages")
struct LanguageTests {
    @Test("a language is a BCP 47 tag: a 2- or 3-letter language, then subtags of 2 to 8 letters or digits")
    func tags() {
        for code in ["en", "zh-Hans", "pt-BR", "yue", "zh-Hant-TW", "es-419"] {
            #expect(Language(code: code) != nil, "\(code)")
        }
        for code in ["", "e", "english", "zh_Hans", "zh-", "-en", "img-1", "zh-H", "en-ABCDEFGHI"] {
            #expect(Language(code: code) == nil, "\(code)")
        }
    }

    @Test("a language is chosen by its code in any case, or by a unique start of it")
    func resolve() throws {
        let available = [
            Language.source, try #require(Language(code: "zh-Hans")), try #require(Language(code: "zh-Hant")),
        ]
        #expect(Language.resolve("ZH-hans", among: available)?.code == "zh-Hans")
        #expect(Language.resolve("en", among: available) == .source)
        #expect(Language.resolve("zh", among: available) == nil, "zh could be either Chinese")
        #expect(Language.resolve("zh-Hans", among: Array(available.prefix(2)))?.code == "zh-Hans")
        #expect(Language.resolve("zh", among: Array(available.prefix(2)))?.code == "zh-Hans")
        #expect(Language.resolve("fr", among: available) == nil)
    }

    @Test("a language is named in itself")
    func names() throws {
        #expect(Language.source.name == "English")
        #expect(try #require(Language(code: "zh-Hans")).name == "简体中文")
        #expect(try #require(Language(code: "eo")).name == "eo")
    }
}
