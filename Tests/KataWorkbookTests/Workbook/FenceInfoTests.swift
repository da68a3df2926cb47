import Testing

@testable import KataWorkbook

@Suite("Fence info strings")
struct FenceInfoTests {
    @Test("language, a role, and attributes with quoted values")
    func splits() {
        let info = FenceInfo(#"swift mutant id=sum name=off-by-one note="drops the \"last\" one""#)
        #expect(info.language == "swift")
        #expect(info.words.map(\.text) == ["mutant"])
        #expect(info.value("id") == "sum")
        #expect(info.value("name") == "off-by-one")
        #expect(info.value("note") == #"drops the "last" one"#)
        #expect(info.attributes.map(\.offset) == [13, 20, 36])
        #expect(info.unclosedQuoteOffset == nil)
    }

    @Test("an unclosed quote is reported at its attribute")
    func unclosed() {
        let info = FenceInfo(#"swift mutant note="never closed"#)
        #expect(info.unclosedQuoteOffset == 13)
    }

    @Test("no info string at all")
    func empty() {
        let info = FenceInfo("")
        #expect(info.language == "")
        #expect(info.words.isEmpty)
    }

    @Test("did-you-mean suggestions come from edit distance")
    func suggestions() {
        #expect(Suggestion.closest(to: "spek", in: ["starter", "spec", "support"]) == "spec")
        #expect(Suggestion.closest(to: "kiwi-tem", in: ["kiwi-team", "kiwi-car"]) == "kiwi-team")
        #expect(Suggestion.closest(to: "completely-different", in: ["spec"]) == nil)
    }
}
