import Testing

@testable import KataBasics
@testable import KataTools
@testable import KataWorkbook

@Suite("kata translate sync")
struct SyncPlanTests {
    let source = """
        # Title

        ```swift starter id=a
        let a = 1
        ```

        ```hint id=a
        First.
        ```

        ```hint id=a
        Second.
        ```

        ```swift mutant id=a name=m
        let a = 2
        ```

        Breaks it.

        """

    func chapter(_ text: String) -> Chapter {
        let document = MarkdownParser.parse(text)
        return Chapter(
            number: 1, slug: "x", title: "Title", path: "chapters/01-x.md",
            url: .init(fileURLWithPath: "/w/chapters/01-x.md"), source: text, document: document, exercises: [],
            examples: [])
    }

    @Test(
        "changed code is copied in place; a missing hint is added after the block before it; an extra block where the source has a mutant becomes the mutant, with its note"
    )
    func sync() {
        let translation = """
            # 标题

            ```swift starter id=a
            let a = 100
            ```

            ```hint id=a
            第一条。
            ```

            ```swift
            let stray = 0
            ```

            """
        let plan = SyncPlan(source: chapter(source), translation: translation)
        #expect(plan.report.count == 3, "\(plan.report)")
        #expect(
            plan.apply(to: translation) == """
                # 标题

                ```swift starter id=a
                let a = 1
                ```

                ```hint id=a
                第一条。
                ```

                ```hint id=a
                Second.
                ```

                ```swift mutant id=a name=m
                let a = 2
                ```

                Breaks it.

                """)
    }

    @Test("a missing mutant is added with its note after the block before it, and an extra block at the end goes")
    func addedAndRemoved() {
        let translation = """
            # 标题

            ```swift starter id=a
            let a = 1
            ```

            ```hint id=a
            第一条。
            ```

            ```hint id=a
            第二条。
            ```

            ```objc
            [stray release];
            ```

            """
        let plan = SyncPlan(source: chapter(source), translation: translation)
        #expect(plan.report.count == 2, "\(plan.report)")
        #expect(
            plan.apply(to: translation) == """
                # 标题

                ```swift starter id=a
                let a = 1
                ```

                ```hint id=a
                第一条。
                ```

                ```hint id=a
                第二条。
                ```

                ```swift mutant id=a name=m
                let a = 2
                ```

                Breaks it.

                """)
    }

    @Test("a translation that has every block and hint needs nothing")
    func nothing() {
        let translation = source.replacingOccurrences(of: "First.", with: "第一条。")
        #expect(SyncPlan(source: chapter(source), translation: translation).edits.isEmpty)
    }

    /// A chapter of two examples with prose around each, as a translation has it before the source changed.
    let examples = """
        # Title

        Before the first.

        ```swift
        let first = 1
        ```

        After the first.

        ```swift
        let second = 2
        ```

        After the second.

        """

    @Test("a block whose role changed in the source is changed in place, and the blocks after it keep their code")
    func roleChanged() {
        let source = examples.replacingOccurrences(of: "```swift\nlet first", with: "```swift ignore\nlet first")
        let translation = examples.replacingOccurrences(of: "the first.", with: "第一段。")
            .replacingOccurrences(of: "the second.", with: "第二段。")
        let plan = SyncPlan(source: chapter(source), translation: translation)
        #expect(plan.report.count == 1, "\(plan.report)")
        #expect(
            plan.apply(to: translation)
                == translation.replacingOccurrences(of: "```swift\nlet first", with: "```swift ignore\nlet first"))
    }

    @Test("a block the source replaced with another one is replaced where it stood, between the same paragraphs")
    func replaced() {
        let source = examples.replacingOccurrences(
            of: "```swift\nlet first = 1\n```", with: "```swift starter id=a\nlet a = 0\n```")
        let translation = examples.replacingOccurrences(of: "the first.", with: "第一段。")
            .replacingOccurrences(of: "the second.", with: "第二段。")
        let plan = SyncPlan(source: chapter(source), translation: translation)
        #expect(plan.report.count == 1, "\(plan.report)")
        #expect(
            plan.apply(to: translation)
                == translation.replacingOccurrences(
                    of: "```swift\nlet first = 1\n```", with: "```swift starter id=a\nlet a = 0\n```"))
    }

    @Test("a block the source removed goes, and the blocks after it keep their place and code")
    func removedBeforeTwin() {
        let source = examples.replacingOccurrences(of: "```swift\nlet first = 1\n```\n\nAfter the first.\n\n", with: "")
        let plan = SyncPlan(source: chapter(source), translation: examples)
        #expect(plan.report.count == 1, "\(plan.report)")
        #expect(plan.report.first?.hasPrefix("removed the 'swift' block at line 5") == true, "\(plan.report)")
        #expect(plan.apply(to: examples).contains("```swift\nlet second = 2\n```\n\nAfter the second."))
        #expect(!plan.apply(to: examples).contains("let first"))
    }
}
