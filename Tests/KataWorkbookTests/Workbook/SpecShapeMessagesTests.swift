import Testing

@testable import KataMessages
@testable import KataWorkbook

@Suite("A spec's shape in every language")
struct SpecShapeMessagesTests {
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
