import Testing

@testable import KataKit

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
        "changed code is copied in place; a missing hint, and a missing mutant with its note, are added after the block before them; an extra block goes"
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
        #expect(plan.report.count == 4, "\(plan.report)")
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

    @Test("a translation that has every block and hint needs nothing")
    func nothing() {
        let translation = source.replacingOccurrences(of: "First.", with: "第一条。")
        #expect(SyncPlan(source: chapter(source), translation: translation).edits.isEmpty)
    }
}
