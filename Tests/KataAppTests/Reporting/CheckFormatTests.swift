import Testing

@testable import KataApp

/// `kata check --format` takes the formats by these names, which scripts and CI configurations spell out.
@Suite("Check formats")
struct CheckFormatTests {
    @Test("the formats are human, json and junit, in that order, read from their names")
    func names() {
        #expect(CheckFormat.allCases.map(\.rawValue) == ["human", "json", "junit"])
        #expect(CheckFormat(rawValue: "json") == .json)
        #expect(CheckFormat(rawValue: "junit") == .junit)
        #expect(CheckFormat(rawValue: "xml") == nil)
        #expect(CheckFormat(rawValue: "JSON") == nil)
    }
}
