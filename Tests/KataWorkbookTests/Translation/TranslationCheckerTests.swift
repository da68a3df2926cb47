import Foundation
import KataTestSupport
import Testing

@testable import KataBasics
@testable import KataMessages
@testable import KataWorkbook

/// A source chapter with one exercise of each kind, its solutions, and a translation to compare with it.
private let source = """
    # Counting

    ## Count words

    ```swift spec id=count
    final class CountSpec: QuickSpec {
        override class func spec() {
            it("counts") { expect(count("a b")).to(equal(2)) }
        }
    }
    ```

    Write `count`.

    ```swift starter id=count
    func count(_ text: String) -> Int { 0 }
    ```

    ```hint id=count
    Split on spaces.
    ```

    ```hint id=count
    Count the pieces.
    ```

    ## Specify a maximum

    ```swift subject id=largest
    func largest(_ values: [Int]) -> Int? { values.max() }
    ```

    ```swift starter id=largest
    final class LargestSpec: QuickSpec { override class func spec() {} }
    ```

    ```swift mutant id=largest name=first note="Returns the first element."
    func largest(_ values: [Int]) -> Int? { values.first }
    ```

    ```swift mutant id=largest name=zero
    func largest(_ values: [Int]) -> Int? { values.max() ?? 0 }
    ```

    Returns 0 for an empty array.

    ```objc
    [[theValue(1) should] equal:theValue(1)];
    ```

    """

/// The translation of `source`, with its code as the source has it.
private let translation = """
    # 计数

    ## 数单词

    ```swift spec id=count
    final class CountSpec: QuickSpec {
        override class func spec() {
            it("counts") { expect(count("a b")).to(equal(2)) }
        }
    }
    ```

    实现 `count`。

    ```swift starter id=count
    func count(_ text: String) -> Int { 0 }
    ```

    ```hint id=count
    按空格切开。
    ```

    ```hint id=count
    数一数有几段。
    ```

    ## 为最大值写 spec

    ```swift subject id=largest
    func largest(_ values: [Int]) -> Int? { values.max() }
    ```

    ```swift starter id=largest
    final class LargestSpec: QuickSpec { override class func spec() {} }
    ```

    ```swift mutant id=largest name=first note="返回第一个元素。"
    func largest(_ values: [Int]) -> Int? { values.first }
    ```

    ```swift mutant id=largest name=zero
    func largest(_ values: [Int]) -> Int? { values.max() ?? 0 }
    ```

    空数组时返回 0。

    ```objc
    [[theValue(1) should] equal:theValue(1)];
    ```

    """

/// A workbook holding `source`, and `chapters/zh-Hans/01-counting.md` made of a stamp and `body`.
private func translated(
    _ body: String, status: TranslationStamp.Status = .done, stampedSource: String = source,
    files: [String: String] = [:]
) throws -> (LanguageTranslation, Workbook) {
    let stamp = TranslationStamp(
        status: status, source: "chapters/01-counting.md", sourceHash: SourceHash.full(stampedSource),
        sections: ChapterSections(text: stampedSource, document: MarkdownParser.parse(stampedSource)))
    let workbook = try TestWorkbook(
        [
            "chapters/01-counting.md": source,
            "solutions/counting/count.swift": "func count(_ text: String) -> Int { 2 }\n",
            "solutions/counting/largest.swift":
                "final class LargestSpec: QuickSpec { override class func spec() {} }\n",
            "chapters/zh-Hans/01-counting.md": stamp.text + body,
        ].merging(files) { $1 })
    let loaded = try workbook.load()
    let loader = TranslationLoader(workbook: loaded, displayBase: workbook.root)
    return (loader.load(try #require(Language(code: "zh-Hans"))), loaded)
}

/// The line of the first line of `text` that contains `needle`, counted in the translation file.
private func line(of needle: String, in body: String) -> Int {
    let stampLines = 5 + ChapterSections(text: source, document: MarkdownParser.parse(source)).sections.count + 1
    let index = body.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) } ?? -1
    return stampLines + index + 1
}

@Suite("Translation checks")
struct TranslationCheckerTests {
    let file = "chapters/zh-Hans/01-counting.md"

    @Test("a faithful translation has no problems and is shown with its words and the source's code")
    func faithful() throws {
        let (language, workbook) = try translated(translation)
        let chapter = try #require(language.chapter("counting"))
        #expect(chapter.diagnostics.isEmpty)
        #expect(chapter.state == .upToDate)
        #expect(language.diagnostics.isEmpty, "the only source chapter is translated")

        let edition = Edition(source: workbook, translation: language)
        #expect(edition.fallbacks.isEmpty)
        #expect(edition.workbook.chapters[0].title == "计数")
        let count = edition.workbook.exercises[0]
        #expect(count.title == "数单词")
        #expect(count.prompt.map(\.plainText).contains("实现 count。"))
        #expect(count.hints.map(\.markdown) == ["按空格切开。\n", "数一数有几段。\n"])
        let largest = edition.workbook.exercises[1]
        #expect(largest.mutants.map(\.note) == ["返回第一个元素。", "空数组时返回 0。"])
        for (translatedExercise, original) in zip(edition.workbook.exercises, workbook.exercises) {
            #expect(translatedExercise.starter == original.starter, "the code, and its location, are the source's")
            #expect(translatedExercise.specs == original.specs)
            #expect(translatedExercise.subject == original.subject)
            #expect(translatedExercise.mutants.map(\.block) == original.mutants.map(\.block))
            #expect(translatedExercise.id == original.id)
        }
        #expect(edition.textURL(of: count).path.hasSuffix(file))
    }

    @Test("a code line that differs is an error at the translation's line, naming the source's line")
    func codeDiffers() throws {
        let body = translation.replacingOccurrences(of: "values.first }", with: "values[0] }")
        let (language, _) = try translated(body)
        let diagnostics = try #require(language.chapter("counting")).diagnostics
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location.description == "\(file):\(line(of: "values[0]", in: body)):1")
        #expect(diagnostic.message.hasPrefix("this line of code differs from the source's"))
        #expect(diagnostic.notes.first?.location.file == "chapters/01-counting.md")
        #expect(language.chapter("counting")?.isShown == false, "a translation that does not match is not shown")
    }

    @Test("a missing block, an extra block and a changed info string are each reported once")
    func blocks() throws {
        let withoutObjc = translation.replacingOccurrences(
            of: "```objc\n[[theValue(1) should] equal:theValue(1)];\n```\n", with: "")
        let extra = withoutObjc + "\n```swift\nlet extra = 1\n```\n"
        let renamed = extra.replacingOccurrences(of: "```swift starter id=largest", with: "```swift starter id=biggest")
        let (language, _) = try translated(renamed)
        let messages = try #require(language.chapter("counting")).diagnostics.map(\.message)
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("the source's 'objc' block is missing here") })
        #expect(messages.contains { $0.hasPrefix("this 'swift' block is not in the source") })
        #expect(
            messages.contains {
                $0.hasPrefix(
                    "this block's info string 'swift starter id=biggest' differs from the source's 'swift starter id=largest'"
                )
            })
    }

    @Test("every exercise keeps its number of hints, a hint names an exercise of the chapter, a mutant keeps a note")
    func hintsAndNotes() throws {
        let body =
            translation.replacingOccurrences(of: "```hint id=count\n数一数有几段。\n```\n", with: "")
            .replacingOccurrences(of: "空数组时返回 0。\n", with: "")
            + "\n```hint id=cuont\n多余的提示。\n```\n"
        let (language, _) = try translated(body)
        let messages = try #require(language.chapter("counting")).diagnostics.map(\.message)
        #expect(messages.contains { $0.hasPrefix("exercise 'count' has 1 hint here but 2 in the source") })
        #expect(
            messages.contains {
                $0.hasPrefix(
                    "hint for 'cuont', which is not an exercise of chapters/01-counting.md (did you mean 'count'?)")
            })
        #expect(messages.contains { $0.hasPrefix("mutant 'zero' has no note here") })
    }

    @Test("a source changed since the stamp: a warning with a note per changed section; only those exercises fall back")
    func stale() throws {
        let old = source.replacingOccurrences(of: "Write `count`.", with: "Write `count` now.")
        let (language, workbook) = try translated(translation, stampedSource: old)
        let chapter = try #require(language.chapter("counting"))
        #expect(chapter.state == .stale)
        #expect(chapter.changedExercises == ["count"])
        let warning = try #require(chapter.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(
            warning.message.hasPrefix(
                "chapters/01-counting.md has changed in 1 section since this translation was stamped"))
        #expect(
            warning.notes.map(\.description) == [
                "\(file):\(line(of: "## 数单词", in: translation)):1: note: '## Count words' changed in the source (chapters/01-counting.md:3:1)"
            ])
        let edition = Edition(source: workbook, translation: language)
        #expect(edition.fallbacks == ["count": .changedSinceTranslated])
        #expect(edition.workbook.exercises[0].title == "Count words")
        #expect(edition.workbook.exercises[1].title == "为最大值写 spec")
    }

    @Test("a draft is a warning, and learners see the source")
    func draft() throws {
        let (language, workbook) = try translated(translation, status: .draft)
        let chapter = try #require(language.chapter("counting"))
        #expect(chapter.state == .draft)
        #expect(chapter.diagnostics.map(\.severity) == [.warning])
        let edition = Edition(source: workbook, translation: language)
        #expect(edition.fallbacks == ["count": .chapterNotTranslated, "largest": .chapterNotTranslated])
        #expect(edition.workbook.exercises == workbook.exercises)
    }

    @Test("a translation without a stamp, or with another chapter's, is an error; language.json is checked")
    func stampAndSettings() throws {
        let (unstamped, _) = try translated(
            translation,
            files: [
                "chapters/zh-Hans/01-counting.md": translation,
                "chapters/zh-Hans/language.json": "{\"name\": \"简体中文\", \"complet\": true}",
            ])
        let messages = unstamped.allDiagnostics.map(\.message)
        #expect(messages.contains { $0.hasPrefix("this translation does not start with a kata translation block") })
        #expect(messages.contains { $0.hasPrefix("unknown key 'complet' (did you mean 'complete'?)") })
        #expect(unstamped.name == "简体中文")
        #expect(!unstamped.complete)
    }
}

@Suite("Translation checks: blocks that changed in the source")
struct ChangedBlockTests {
    @Test(
        "a block whose role changed in the source is one info-string error at that block; the next block is not blamed")
    func roleChanged() throws {
        let twins = "```swift\nlet one = 1\n```\n\n```swift\nlet two = 2\n```\n"
        let changed = twins.replacingOccurrences(of: "```swift\nlet one", with: "```swift ignore\nlet one")
        let body = translation + "\n" + twins
        let (language, _) = try translated(body, files: ["chapters/01-counting.md": source + "\n" + changed])
        let diagnostics = try #require(language.chapter("counting")).diagnostics.filter { $0.severity == .error }
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
        let diagnostic = try #require(diagnostics.first)
        #expect(
            diagnostic.message.hasPrefix("this block's info string 'swift' differs from the source's 'swift ignore'"))
        #expect(diagnostic.location.line == line(of: "let one", in: body) - 1)
    }

    @Test(
        "a source that drops a block before one with the same info string: the dropped one is extra, the other matches")
    func droppedBeforeTwin() throws {
        let twins = "```swift\nlet one = 1\n```\n\n```swift\nlet two = 2\n```\n"
        let (language, _) = try translated(
            translation + "\n" + twins,
            files: ["chapters/01-counting.md": source + "\n```swift\nlet two = 2\n```\n"])
        let messages = try #require(language.chapter("counting")).diagnostics
            .filter { $0.severity == .error }.map(\.message)
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.hasPrefix("this 'swift' block is not in the source") == true, "\(messages)")
    }
}

@Suite("Translation checks: where a copied block ends")
struct CopiedBlockEndTests {
    @Test("a copy with a line too many, or one too few, is reported at that line")
    func lengths() throws {
        let longer = translation.replacingOccurrences(
            of: "func count(_ text: String) -> Int { 0 }\n", with: "func count(_ text: String) -> Int { 0 }\n// 多余\n")
        let (extra, _) = try translated(longer)
        let tooLong = try #require(extra.chapter("counting")?.diagnostics.first)
        #expect(tooLong.message.hasPrefix("this line is not in the source's code block"))
        #expect(tooLong.location.line == line(of: "// 多余", in: longer))

        let shorter = translation.replacingOccurrences(of: "    }\n}\n```\n\n实现", with: "    }\n```\n\n实现")
        let (short, _) = try translated(shorter)
        let tooShort = try #require(short.chapter("counting")?.diagnostics.first)
        #expect(
            tooShort.message.hasPrefix("this code block stops before the source's does: the source goes on with `}`"))
    }
}
