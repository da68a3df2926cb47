import Testing

@testable import KataApp
@testable import KataMessages

/// What the learner's application says in the learner's language: its errors, durations and notices.
@Suite("The application's errors in every language")
struct TranslatedErrorsTests {
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

    @Test("why a learner's file cannot be read, a time limit and a progress problem are said in Chinese")
    func reasonsAndDurations() throws {
        let chinese = Messages(try #require(Language(code: "zh-Hans")))
        let unreadable = LoopError.unreadableLearnerFile(id: "x", path: "x.swift", reason: .notUTF8(line: 3))
        #expect(unreadable.description(in: chinese).hasPrefix("x.swift 不是 UTF-8 文本：第 3 行"))
        #expect(HumanCheckReport.duration(10, chinese) == "10 秒")
        #expect(HumanCheckReport.duration(2.5, Messages(.source)) == "2.5 s")
        #expect(chinese(.allSolved, ["count": "57"]) == "全部 57 道练习都已完成。干得漂亮！")
        #expect(ProgressNotice.Reason.fieldMissing("version").described(chinese) == "缺少字段“version”")
    }
}
