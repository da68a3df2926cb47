import Testing

@testable import KataKit

@Suite("Terminal rendering")
struct TerminalRendererTests {
    let prompt = """
        ## Counting words

        Write `countWords` so that *every* example passes, and **no** more.
        A second line joins the first.

        - first item
        - second item

        ```swift
        let x = 1
        ```

        > Quoted.
        """

    @Test("without colour: plain text, backticks kept, code indented")
    func plain() {
        let text = TerminalRenderer(style: TerminalStyle(color: false, width: 40)).render(markdown: prompt)
        #expect(
            text == """
                Counting words
                --------------

                Write `countWords` so that every example
                passes, and no more. A second line joins
                the first.

                • first item
                • second item

                    let x = 1

                │ Quoted.
                """)
        #expect(!text.contains("\u{1B}"))
    }

    @Test("with colour: ANSI bold, italic and cyan code, no backticks")
    func colour() {
        let text = TerminalRenderer(style: TerminalStyle(color: true, width: 80)).render(
            markdown: "Use `x` *now*, **please**.")
        #expect(text == "Use \u{1B}[36mx\u{1B}[0m \u{1B}[3mnow\u{1B}[0m, \u{1B}[1mplease\u{1B}[0m.")
    }

    @Test("a link whose text is where it leads prints the path once; other links print text and target")
    func links() {
        let renderer = TerminalRenderer(style: TerminalStyle(color: false, width: 80)) { target in
            target.hasPrefix("../") ? String(target.dropFirst(3)) : target
        }
        #expect(
            renderer.render(markdown: "See [docs/KataSpec.md](../docs/KataSpec.md).") == "See docs/KataSpec.md.")
        #expect(
            renderer.render(markdown: "See [the reference](../docs/KataSpec.md).")
                == "See the reference (docs/KataSpec.md).")
        #expect(renderer.render(markdown: "<https://example.org>") == "https://example.org")
    }

    @Test("NO_COLOR turns colour off")
    func noColor() {
        #expect(TerminalStyle.detect(environment: ["NO_COLOR": "1"]).color == false)
    }

    @Test("visible width ignores escapes")
    func width() {
        #expect(TerminalStyle.visibleWidth("\u{1B}[1mbold\u{1B}[0m") == 4)
    }
}
