import Foundation
import KataTestSupport
import Testing

@testable import KataBasics
@testable import KataWorkbook

@Suite("Workbook loading")
struct WorkbookLoaderTests {
    @Test("Everything.md: every role, hint, attribute and example block is read")
    func everything() throws {
        let workbook = try TestWorkbook(fixture: "everything").load()
        let chapter = try #require(workbook.chapters.first)
        #expect(chapter.number == 1)
        #expect(chapter.slug == "everything")
        #expect(chapter.title == "Everything")
        #expect(chapter.examples.map(\.code) == ["let answer = 6 * 7\n"])
        #expect(chapter.examples.first?.location.description == "chapters/01-everything.md:7:1")

        let count = try #require(workbook.exercises.first { $0.id == "count-words" })
        #expect(count.kind == .implement)
        #expect(count.title == "Counting words")
        #expect(count.timeout == 5)
        #expect(count.support.count == 1)
        #expect(count.specs.count == 1)
        #expect(count.starter.code == "func countWords(_ text: String) -> Int { 0 }\n")
        #expect(count.starter.codeLocation.description == "chapters/01-everything.md:46:1")
        #expect(count.hints.map(\.markdown) == ["Split on spaces.\n", "`text.split(separator: \" \").count`\n"])
        #expect(count.learnerPath == "exercises/everything/count-words.swift")
        #expect(count.solutionPath == "solutions/everything/count-words.swift")
        #expect(
            count.prompt.map(\.plainText).first == "Shared code for the exercise:",
            "the prompt starts right after the exercise's heading")
        #expect(count.prompt.count == 5, "prose, support, prose, spec, prose; no hints, no starter")

        let largest = try #require(workbook.exercises.first { $0.id == "max-spec" })
        #expect(largest.kind == .specify)
        #expect(largest.subject != nil)
        #expect(largest.mutants.map(\.name) == ["first-element", "empty-zero"])
        #expect(
            largest.mutants.map(\.note) == [
                "Returns the first element instead of the largest.",
                "Returns 0 for an empty array instead of nil.",
            ])
        #expect(largest.hints.count == 1)
        #expect(workbook.exercises.map(\.id) == ["count-words", "max-spec"])
    }

    @Test("A chapter with many mistakes gets every one listed, in compiler format, with a fix")
    func everyMistakeInOnePass() throws {
        let source = MarkedSource(
            """
            # Mistakes

            ## An exercise with problems

            ```swift ⟪role⟫spek id=broken
            let x = 1
            ```

            ```swift starter ⟪id⟫id=Bad_Id
            func f() {}
            ```

            ```swift starter id=no-spec ⟪attr⟫tiemout=3
            func g() {}
            ```

            ⟪nostarter⟫```swift spec id=no-starter
            it("runs") {}
            ```

            ⟪specify⟫```swift subject id=lonely-subject
            func h() {}
            ```

            ```swift starter id=lonely-subject
            final class S: QuickSpec {}
            ```

            ⟪mutant⟫```swift mutant id=lonely-subject
            func h() { }
            ```

            ⟪hint⟫```hint id=no-spek
            A hint for nothing.
            ```

            ```swift starter id=dup ⟪timeout⟫timeout=soon
            ```

            ```swift spec id=dup
            ```

            ⟪unterminated⟫```swift
            let open = true
            """)
        let second = MarkedSource(
            """
            No title here.

            ⟪dup⟫```swift starter id=dup
            ```
            """)
        let workbook = try TestWorkbook([
            "chapters/01-mistakes.md": source.text,
            "chapters/02-more.md": second.text,
            "solutions/mistakes/dup.swift": "",
            "solutions/mistakes/lonely-subject.swift": "",
        ])
        let file = "chapters/01-mistakes.md"
        let other = "chapters/02-more.md"
        let firstDup = "\(file):\(source.marks["timeout"]!.line):1"
        #expect(
            workbook.diagnostics() == [
                "\(source.at("role", in: file)): error: unknown role 'spek' (did you mean 'spec'?); roles are starter, spec, support, subject, mutant, ignore",
                "\(source.at("id", in: file)): error: malformed id 'Bad_Id': use lowercase letters, digits and '-' only (for example id=bad-id)",
                "\(file):13:1: error: implement exercise 'no-spec' has no spec block; add a ```swift spec id=no-spec block with the examples that judge it",
                "\(file):13:1: error: exercise 'no-spec' has no reference solution; write solutions/mistakes/no-spec.swift (kata verify checks that it passes)",
                "\(source.at("attr", in: file)): error: unknown attribute 'tiemout' (did you mean 'timeout'?); attributes are id, name, note, timeout, kind, engine, language-mode, examples, contexts, examples-per-context, shared, tests, arguments",
                "\(source.at("nostarter", in: file)): error: exercise 'no-starter' has no starter block; add a ```swift starter id=no-starter block with the learner's initial file",
                "\(source.at("mutant", in: file)): error: mutant has no name; add name=<what-it-breaks>, for example name=off-by-one",
                "\(source.at("hint", in: file)): error: hint for unknown exercise 'no-spek' (did you mean 'no-spec'?); a hint's id must name an exercise of the workbook",
                "\(source.at("timeout", in: file)): error: timeout must be a positive number of seconds, like timeout=5; got 'soon'",
                "\(source.at("unterminated", in: file)): error: code block is never closed; add a closing fence (```) after its last line",
                "\(other):1:1: error: chapter has no title; start it with a '# Title' line",
                "\(second.at("dup", in: other)): error: duplicate exercise id 'dup': it is already used in \(file); ids must be unique in the workbook, so rename one\n"
                    + "\(firstDup): note: 'dup' is first used here",
            ])
        #expect(!FileManager.default.fileExists(atPath: workbook.root.appendingPathComponent("exercises").path))
    }

    @Test("Specify exercises need a subject and mutants; implement exercises take neither")
    func kindRules() throws {
        let workbook = try TestWorkbook([
            "chapters/01-kinds.md": """
            # Kinds

            ```swift starter id=needs-subject kind=specify
            ```

            ```swift starter id=mixed kind=implement
            ```

            ```swift spec id=mixed
            ```

            ```swift mutant id=mixed name=m note="n"
            ```
            """,
            "solutions/kinds/needs-subject.swift": "",
            "solutions/kinds/mixed.swift": "",
        ])
        #expect(
            workbook.diagnostics() == [
                "chapters/01-kinds.md:3:1: error: specify exercise 'needs-subject' has no subject block; add a ```swift subject id=needs-subject block with the correct implementation",
                "chapters/01-kinds.md:3:1: error: specify exercise 'needs-subject' has no mutants; add at least one ```swift mutant id=needs-subject name=<name> block that the learner's specs must catch",
                "chapters/01-kinds.md:12:1: error: exercise 'mixed' is an implement exercise, so it has no mutant blocks; remove kind=implement to make it a specify exercise",
            ])
    }

    @Test("A specify exercise's starter can state a shape; mistakes in it are listed at their file:line:column")
    func shapes() throws {
        let source = MarkedSource(
            """
            # Shapes

            ```swift subject id=good
            func f() {}
            ```

            ```swift starter id=good contexts=3 examples-per-context=2 examples=6 shared="a stack"
            ```

            ```swift mutant id=good name=m note="n"
            ```

            ```swift subject id=bad
            func f() {}
            ```

            ⟪badstarter⟫```swift starter id=bad ⟪typo⟫exampels=2 ⟪zero⟫contexts=0 ⟪word⟫examples=many ⟪empty⟫shared=""
            ```

            ```swift mutant id=bad name=m note="n" ⟪onmutant⟫examples=2
            ```

            ```swift subject id=lonely
            func f() {}
            ```

            ⟪lonely⟫```swift starter id=lonely examples-per-context=2
            ```

            ```swift mutant id=lonely name=m note="n"
            ```

            ⟪implement⟫```swift starter id=implement examples=2
            ```

            ```swift spec id=implement
            ```
            """)
        let file = "chapters/01-shapes.md"
        let workbook = try TestWorkbook(
            ["chapters/01-shapes.md": source.text]
                .merging(["good", "bad", "lonely", "implement"].map { ("solutions/shapes/\($0).swift", "") }) { $1 })
        #expect(
            workbook.diagnostics() == [
                "\(source.at("typo", in: file)): error: unknown attribute 'exampels' (did you mean 'examples'?); attributes are id, name, note, timeout, kind, engine, language-mode, examples, contexts, examples-per-context, shared, tests, arguments",
                "\(source.at("zero", in: file)): error: contexts must be a positive whole number, like contexts=3; got '0'",
                "\(source.at("word", in: file)): error: examples must be a positive whole number, like examples=3; got 'many'",
                "\(source.at("empty", in: file)): error: shared needs the name of a shared example group, like shared=\"a stack\"",
                "\(source.at("onmutant", in: file)): error: attribute 'examples' does not apply to mutant blocks",
                "\(source.at("lonely", in: file)): error: examples-per-context needs contexts=<n> too: without contexts a spec with none would satisfy it",
                "\(source.at("implement", in: file)): error: exercise 'implement' is an implement exercise, so its starter states no shape (examples, contexts, examples-per-context, shared, tests, arguments); a shape is for a specify exercise, where the learner writes the specs",
            ])
        let fixed = source.text.replacingOccurrences(
            of: #"exampels=2 contexts=0 examples=many shared="""#, with: ""
        ).replacingOccurrences(
            of: " examples=2\n```\n\n```swift spec", with: "\n```\n\n```swift spec"
        ).replacingOccurrences(of: "note=\"n\" examples=2", with: "note=\"n\"").replacingOccurrences(
            of: "id=lonely examples-per-context=2", with: "id=lonely")
        try Data(fixed.utf8).write(to: workbook.root.appendingPathComponent(file))
        let good = try #require(try workbook.load().exercises.first { $0.id == "good" })
        #expect(good.shape?.contexts == 3)
        #expect(good.shape?.examplesPerContext == 2)
        #expect(good.shape?.examples == 6)
        #expect(good.shape?.shared == "a stack")
        #expect(try workbook.load().exercises.first { $0.id == "bad" }?.shape == nil)
    }

    @Test("An exercise picks its engine and language mode on its starter; an example picks its engine; mistakes listed")
    func enginesAndLanguageModes() throws {
        let source = MarkedSource(
            """
            # Engines

            ```swift engine=swift-testing
            import Testing
            ```

            ```swift spec id=modern
            ```

            ```swift starter id=modern engine=swift-testing language-mode=6
            ```

            ```swift subject id=cases
            func f() {}
            ```

            ```swift starter id=cases engine=swift-testing tests=5 arguments=4
            ```

            ```swift mutant id=cases name=m note="n"
            ```

            ```swift subject id=wrong
            func f() {}
            ```

            ⟪wrong⟫```swift starter id=wrong ⟪engine⟫engine=xctests ⟪mode⟫language-mode=7 ⟪spec⟫```

            ```swift mutant id=wrong name=m note="n"
            ```

            ```swift subject id=mixed
            func f() {}
            ```

            ⟪mixed⟫```swift starter id=mixed engine=xctest arguments=3 contexts=2
            ```

            ```swift mutant id=mixed name=m note="n" ⟪onmutant⟫engine=xctest
            ```
            """.replacingOccurrences(of: "⟪spec⟫```", with: "\n```"))
        let file = "chapters/01-engines.md"
        let workbook = try TestWorkbook(
            [file: source.text]
                .merging(["modern", "cases", "wrong", "mixed"].map { ("solutions/engines/\($0).swift", "") }) { $1 })
        #expect(
            workbook.diagnostics() == [
                "\(source.at("engine", in: file)): error: unknown engine 'xctests' (did you mean 'xctest'?); use engine=swift-testing, engine=xctest or engine=kataspec (the default)",
                "\(source.at("mode", in: file)): error: unknown language mode '7'; use language-mode=6 or language-mode=5 (the default)",
                "\(source.at("mixed", in: file)): error: contexts= does not apply to an exercise on xctest; its starter can state tests=",
                "\(source.at("mixed", in: file)): error: arguments= does not apply to an exercise on xctest; its starter can state tests=",
                "\(source.at("onmutant", in: file)): error: attribute 'engine' does not apply to mutant blocks",
            ])
        let fixed = source.text.replacingOccurrences(of: "engine=xctests language-mode=7 ", with: "")
            .replacingOccurrences(of: " arguments=3 contexts=2", with: "")
            .replacingOccurrences(of: "note=\"n\" engine=xctest", with: "note=\"n\"")
        try Data(fixed.utf8).write(to: workbook.root.appendingPathComponent(file))
        let exercises = try workbook.load().exercises
        let modern = try #require(exercises.first { $0.id == "modern" })
        #expect(modern.engine == .swiftTesting)
        #expect(modern.languageMode == .swift6)
        let cases = try #require(exercises.first { $0.id == "cases" })
        #expect(cases.shape?.tests == 5)
        #expect(cases.shape?.arguments == 4)
        #expect(cases.languageMode == .swift5)
        #expect(exercises.first { $0.id == "wrong" }?.engine == .kataSpec)
        #expect(exercises.first { $0.id == "mixed" }?.engine == .xcTest)
    }

    @Test("Chapter files must be named NN-slug.md")
    func chapterNames() throws {
        let workbook = try TestWorkbook([
            "chapters/intro.md": "# Intro\n",
            "chapters/01-Intro Two.md": "# Intro\n",
        ])
        #expect(
            workbook.diagnostics() == [
                "chapters/01-Intro Two.md:1:1: error: chapter file name must look like NN-slug.md (two or more digits, then lowercase words joined by '-'); rename it, for example to 01-01-intro-two.md",
                "chapters/intro.md:1:1: error: chapter file name must look like NN-slug.md (two or more digits, then lowercase words joined by '-'); rename it, for example to 01-intro.md",
            ])
    }

    @Test("Chapters load in NN order and the workbook is found from a subfolder")
    func orderAndDiscovery() throws {
        let workbook = try TestWorkbook([
            "chapters/10-later.md": "# Later\n",
            "chapters/02-earlier.md": "# Earlier\n",
            "exercises/earlier/.keep": "",
        ])
        #expect(try workbook.load().chapters.map(\.title) == ["Earlier", "Later"])
        let found = try WorkbookLocator.locate(
            explicit: nil, environment: [:], currentDirectory: workbook.root.appendingPathComponent("exercises/earlier")
        )
        #expect(found.standardizedFileURL.path == workbook.root.standardizedFileURL.path)
        #expect(throws: WorkbookError.noChapters(path: "/nonexistent")) {
            try WorkbookLocator.locate(explicit: "/nonexistent", environment: [:])
        }
        let viaEnvironment = try WorkbookLocator.locate(
            explicit: nil, environment: ["KATA_WORKBOOK": workbook.root.path],
            currentDirectory: URL(fileURLWithPath: "/"))
        #expect(viaEnvironment.path == workbook.root.standardizedFileURL.path)
    }
}
