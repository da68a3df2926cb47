import Testing

@testable import KataApp
@testable import KataBasics

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

@Suite("Terminal rendering of Chinese")
struct ChineseTerminalTests {
    @Test("Chinese text breaks between characters at the width, counting each as two columns, never before a comma")
    func wrapsChinese() {
        let text = TerminalRenderer(style: TerminalStyle(color: false, width: 20)).render(
            markdown: "一个从来没红过的测试，什么也没证明过：它能通过，可能是因为代码是对的。")
        #expect(
            text == """
                一个从来没红过的测
                试，什么也没证明过：
                它能通过，可能是因为
                代码是对的。
                """)
        for line in text.split(separator: "\n") {
            #expect(TerminalStyle.visibleWidth(String(line)) <= 20)
            #expect(line.first.map { !"，。：".contains($0) } ?? true)
        }
    }

    @Test(
        "English words inside Chinese stay whole, with their spaces; a soft break between Chinese characters adds no space"
    )
    func mixedText() {
        let text = TerminalRenderer(style: TerminalStyle(color: false, width: 30)).render(
            markdown: "运行 `kata check hello-kata`，读一读失败信息。\n换行以后不加空格，English words\nkeep a space.")
        #expect(
            text == """
                运行 `kata check hello-kata`，
                读一读失败信息。换行以后不加空
                格，English words keep a
                space.
                """)
    }

    @Test("a wide character takes two columns")
    func width() {
        #expect(TerminalStyle.visibleWidth("测试 ok") == 7)
        #expect(TerminalStyle.visibleWidth("\u{1B}[1m用例\u{1B}[0m") == 4)
    }

    @Test("terminal controls in a chapter's prose, code and links are shown escaped")
    func controls() {
        let escape = "\u{1B}[2J"
        let prose =
            "Text \(escape) and `code \(escape)` and [link](http://x/\(escape)).\n\n```\nlet s = \"\(escape)\"\n```\n"
        let rendered = TerminalRenderer(style: TerminalStyle(color: false, width: 80)).render(markdown: prose)
        #expect(!rendered.contains("\u{1B}"))
        #expect(rendered.components(separatedBy: "\\u{1B}").count >= 5)
    }
}
