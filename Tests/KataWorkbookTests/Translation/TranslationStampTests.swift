import Testing

@testable import KataWorkbook

@Suite("Translation stamps")
struct TranslationStampTests {
    let source = """
        # Title

        Intro.

        ```sh
        # not a heading
        ```

        ## First

        Text.

        ### Inner

        ## Second
        """

    var sections: ChapterSections {
        ChapterSections(text: source, document: MarkdownParser.parse(source))
    }

    @Test("a chapter is cut at its top-level headings; a # line inside a code block is not one")
    func cutsAtHeadings() {
        #expect(sections.sections.map(\.heading) == ["# Title", "## First", "### Inner", "## Second"])
        #expect(sections.sections.map(\.line) == [1, 9, 13, 15])
        #expect(sections.sections.allSatisfy { $0.hash.count == 8 })
    }

    @Test("a stamp reads back as it was written")
    func roundTrip() throws {
        let stamp = TranslationStamp(
            status: .done, source: "chapters/01-x.md", sourceHash: SourceHash.full(source), sections: sections)
        let found = try #require(TranslationStamp.find(in: stamp.text + "# 标题\n"))
        #expect(found.problems.isEmpty)
        #expect(found.lineCount == stamp.text.split(separator: "\n").count)
        let read = try #require(found.stamp)
        #expect(read.text == stamp.text)
        #expect(read.sections.sections.map(\.heading) == sections.sections.map(\.heading))
        #expect(read.sections.sections.first?.line == 6, "a section read from a stamp knows the stamp line listing it")
    }

    @Test("what changed since a stamp: a section with new text, a new section, a section gone")
    func changes() {
        let old = sections
        let edited = source.replacingOccurrences(of: "Text.", with: "New text.")
            .replacingOccurrences(of: "### Inner", with: "## Third")
        let new = ChapterSections(text: edited, document: MarkdownParser.parse(edited))
        #expect(new.changes(since: old) == [.changed(old: 1, new: 1), .removed(old: 2), .added(new: 2)])
        #expect(sections.changes(since: old).isEmpty)
    }

    @Test("a damaged stamp is reported line by line, with a did-you-mean")
    func problems() throws {
        let text = """
            <!-- kata translation
            status: finished
            sorce: chapters/01-x.md
            source-sha256: 123
            sections:
              zz # Title
            -->
            """
        let found = try #require(TranslationStamp.find(in: text))
        #expect(found.stamp == nil)
        #expect(found.lineCount == 7)
        let messages = found.problems.map { "\($0.line): \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("3: unknown key 'sorce' (did you mean 'source'?)") })
        #expect(messages.contains { $0.hasPrefix("6: a section line must read") })
        #expect(messages.contains("2: status must be 'draft' or 'done'; got 'finished'"))
        #expect(messages.contains("4: source-sha256 must be 64 hex digits"))
        #expect(messages.contains("1: the translation block has no 'source:' line"))
        let unclosed = try #require(TranslationStamp.find(in: "<!-- kata translation\nstatus: done\n"))
        #expect(unclosed.lineCount == 1)
        #expect(unclosed.problems.first?.message.contains("never closed") == true)
        #expect(TranslationStamp.find(in: "# Title\n") == nil)
    }
}
