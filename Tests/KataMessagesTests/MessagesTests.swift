import Testing

@testable import KataMessages

@Suite("kata's messages in every language")
struct MessagesTests {
    /// The `{name}` placeholders of a message.
    private func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{([A-Za-z]+)\}/).map { String($0.output.1) })
    }

    @Test("every message has a wording in every language, with the same placeholders as the English one")
    func complete() throws {
        #expect(!Messages.tables.isEmpty)
        for (code, table) in Messages.tables {
            let missing = Message.allCases.filter { table[$0] == nil }
            #expect(missing.isEmpty, "\(code) lacks \(missing.map(\.rawValue))")
            for message in Message.allCases {
                guard let wording = table[message] else { continue }
                #expect(
                    placeholders(wording) == placeholders(message.english),
                    "\(code).\(message.rawValue): \(wording)")
                #expect(!wording.isEmpty)
            }
        }
    }

    @Test("a message a table lacks is said in English, placeholders filled: never a key, never a crash")
    func fallback() throws {
        let chinese = try #require(Language(code: "zh-Hans"))
        let partial = Messages(language: chinese, table: [.labelEdit: "编辑   "])
        #expect(partial(.labelEdit) == "编辑   ")
        #expect(!partial.has(.hintLast))
        #expect(partial(.hintLast) == "That was the last hint.")
        #expect(partial(.checking, ["id": "add-numbers"]) == "Checking add-numbers")
        let unknown = Messages(try #require(Language(code: "fr")))
        #expect(unknown(.hintHeading, ["level": "1", "total": "2"]) == "Hint 1 of 2")
    }

    @Test("placeholders are filled, a count picks its form, and a brace without a value is kept")
    func filling() throws {
        let english = Messages(.source)
        #expect(english.count(1, .hintsOne, .hints) == "1 hint")
        #expect(english.count(3, .hintsOne, .hints) == "3 hints")
        let chinese = Messages(try #require(Language(code: "zh-Hans")))
        #expect(chinese.count(3, .hintsOne, .hints) == "3 条提示")
        #expect(chinese(.hintHeading, ["level": "1", "total": "2"]) == "提示 1/2")
        #expect(
            english(.errorNoLearnerFile, ["path": "a{b}.swift", "command": "kata next x"])
                == "a{b}.swift does not exist yet; run kata next x to create it from the starter")
    }
}
