import Testing

@testable import KataApp
@testable import KataMessages
@testable import KataSystem
@testable import KataWorkbook

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

    @Test("errors a learner meets are said in the chosen language")
    func errors() throws {
        let chinese = Messages(try #require(Language(code: "zh-Hans")))
        let error = LoopError.unknownExercise("nope", suggestions: ["hello"])
        #expect(error.description(in: chinese) == "没有练习“nope”；你是不是想找“hello”？")
        #expect(error.description(in: Messages(.source)) == "no exercise 'nope'; did you mean 'hello'?")
        let several = LoopError.unknownExercise("kiwi", suggestions: ["kiwi-let-cart", "kiwi-hook-order"])
        #expect(several.description(in: chinese) == "没有练习“kiwi”；你是不是想找 “kiwi-let-cart”、“kiwi-hook-order” 中的一个？")
        #expect(
            several.description(in: Messages(.source))
                == "no exercise 'kiwi'; did you mean one of 'kiwi-let-cart', 'kiwi-hook-order'?")
    }

    @Test("why a file cannot be read and a time limit are said in Chinese, without English inside")
    func reasonsAndDurations() throws {
        let chinese = Messages(try #require(Language(code: "zh-Hans")))
        let unreadable = LoopError.unreadableLearnerFile(id: "x", path: "x.swift", reason: .notUTF8(line: 3))
        #expect(unreadable.description(in: chinese).hasPrefix("x.swift 不是 UTF-8 文本：第 3 行"))
        #expect(
            TextFileReader.Failure.tooLarge(bytes: 32 << 20, limit: 1 << 20).described(chinese)
                == "有 32 MiB，超过了 kata 读取文件的上限（1048576 字节），所以没有读它")
        #expect(TextFileReader.Failure.linkLoop.description.contains("leads back to itself"))
        #expect(HumanCheckReport.duration(10, chinese) == "10 秒")
        #expect(HumanCheckReport.duration(2.5, Messages(.source)) == "2.5 s")
        #expect(chinese(.allSolved, ["count": "57"]) == "全部 57 道练习都已完成。干得漂亮！")
        #expect(ProgressNotice.Reason.fieldMissing("version").described(chinese) == "缺少字段“version”")
    }

    @Test("the shape a specify exercise asks for, and what a check found, in English as before and in Chinese")
    func shape() throws {
        let shape = try #require(
            SpecShape(FenceInfo("swift starter id=x contexts=3 examples-per-context=1 shared=a stack")))
        #expect(shape.asked(Messages(.source)) == shape.asked, "English stays what JSON and JUnit say")
        let chinese = Messages(try #require(Language(code: "zh-Hans")))
        #expect(
            shape.asked(chinese) == [
                "至少 3 个 context（你的 `describe` 里的分组）", "每个 context 里至少 1 个用例",
                "至少在两个用例组里用到共享用例 \"a\"（`itBehavesLike(\"a\")`）",
            ])
        #expect(chinese.shapeFound("you have 1") == "你现在有 1 个")
        #expect(chinese.shapeFound("you have no contexts yet") == "你还没有 context")
        #expect(chinese.shapeFound("\"when empty\" has 1") == "\"when empty\" 里有 1 个")
        #expect(chinese.shapeFound("you include them in 0") == "你在 0 个用例组里用到了它们")
        #expect(chinese.shapeFound("something new") == "something new", "an unknown form stays as the check wrote it")
    }
}
