import Foundation
import Testing

@testable import KataWorkbook

@Suite("The ids a learner meant")
struct ExerciseSuggestionTests {
    func workbook() throws -> Workbook {
        let chapter = { (ids: [String]) in
            ids.map { id in
                """
                ## \(id)

                ```swift spec id=\(id)
                final class S: QuickSpec { override class func spec() {} }
                ```

                ```swift starter id=\(id)
                func f() {}
                ```

                """
            }.joined()
        }
        let folder = try TestWorkbook([
            "chapters/00-welcome.md": "# Welcome\n\n" + chapter(["hello-kata", "hello-spec"]),
            "chapters/07-spry.md": "# Spry\n\n" + chapter(["spry-fake", "spry-captor"]),
            "solutions/welcome/hello-kata.swift": "func f() {}\n",
            "solutions/welcome/hello-spec.swift": "func f() {}\n",
            "solutions/spry/spry-fake.swift": "func f() {}\n", "solutions/spry/spry-captor.swift": "func f() {}\n",
        ])
        return try folder.load()
    }

    @Test("a typo, another spelling, a file name or a path: the one id")
    func oneId() throws {
        let workbook = try workbook()
        for typed in [
            "helo-kata", "hellokata", "Hello-Kata", "hello_kata", "hello-kata.swift",
            "exercises/welcome/hello-kata.swift",
            ".kata/editor/welcome/hello-kata.chapter.swift", "spry-captr", "captor",
        ] {
            let expected = typed.contains("capt") ? ["spry-captor"] : ["hello-kata"]
            #expect(workbook.exerciseSuggestions(for: typed) == expected, "\(typed)")
        }
    }

    @Test("a chapter, by its name, file name or number, or a part of several ids: each of them, in order")
    func severalIds() throws {
        let workbook = try workbook()
        for typed in ["spry", "07-spry", "07", "7", "chapters/07-spry.md"] {
            #expect(workbook.exerciseSuggestions(for: typed) == ["spry-fake", "spry-captor"], "\(typed)")
        }
        #expect(workbook.exerciseSuggestions(for: "HELLO") == ["hello-kata", "hello-spec"])
        #expect(workbook.exerciseSuggestions(for: "hellok") == ["hello-kata"])
        #expect(workbook.exerciseSuggestions(for: "kata") == ["hello-kata"])
        #expect(workbook.exerciseSuggestions(for: "spec", limit: 1) == ["hello-spec"])
    }

    @Test("nothing close: no suggestion")
    func none() throws {
        let workbook = try workbook()
        for typed in ["zzz", "", "--", "xy", "totally-unrelated-words"] {
            #expect(workbook.exerciseSuggestions(for: typed) == [], "\(typed)")
        }
    }
}
