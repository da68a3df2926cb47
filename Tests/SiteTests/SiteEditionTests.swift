import Foundation
import Testing

@testable import KataMessages

/// The site in every language of the workbook, on the `translated` fixture: chapters 1 and 2 in Simplified
/// Chinese, chapter 3 not translated.
@Suite("The site's editions")
struct SiteEditionTests {
    @Test("build-site writes the English edition at the root and the Chinese one in zh-Hans/, with the same pages")
    func editions() throws {
        let runner = try SiteRunner(fixture: "translated")
        let result = try runner.build(["--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let files = runner.siteFiles()
        for page in ["index.html", "01-basics.html", "02-more.html", "03-later.html", "print.html", "404.html"] {
            #expect(files.contains(page) && files.contains("zh-Hans/" + page), "\(page)")
        }
        #expect(files.contains("zh-Hans/assets/search-index.js") && files.contains("zh-Hans/assets/strings.js"))
        try assertSnapshot(try runner.page("zh-Hans/01-basics.html"), named: "zh-Hans-01-basics.html")
        try assertSnapshot(try runner.page("zh-Hans/index.html"), named: "zh-Hans-index.html")
        try assertSnapshot(try runner.page("zh-Hans/search-index.json"), named: "zh-Hans-search-index.json")
    }

    @Test("each page says its language, links to its other edition with hreflang, and has a switch")
    func languageLinks() throws {
        let runner = try SiteRunner(fixture: "translated")
        try runner.build(["--no-progress", "--base-url", "https://example.org/kata/"])
        let english = try runner.page("01-basics.html")
        let chinese = try runner.page("zh-Hans/01-basics.html")
        #expect(english.contains("<html lang=\"en\">"))
        #expect(chinese.contains("<html lang=\"zh-Hans\">"))
        for page in [english, chinese] {
            #expect(
                page.contains(
                    "<link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/kata/01-basics.html\">"))
            #expect(
                page.contains(
                    "<link rel=\"alternate\" hreflang=\"zh-Hans\" href=\"https://example.org/kata/zh-Hans/01-basics.html\">"
                ))
        }
        #expect(chinese.contains("<link rel=\"canonical\" href=\"https://example.org/kata/zh-Hans/01-basics.html\">"))
        #expect(english.contains("lang=\"zh-Hans\">简体中文</a>"))
        #expect(chinese.contains("<span class=\"language-current\" lang=\"zh-Hans\" aria-current=\"page\">简体中文</span>"))
        // Without an address the links are relative, so the site works from a folder.
        try runner.build(["--no-progress"])
        #expect(
            try runner.page("zh-Hans/02-more.html").contains(
                "<a href=\"../02-more.html\" hreflang=\"en\" lang=\"en\">English</a>"))
        #expect(try runner.page("02-more.html").contains("<a href=\"zh-Hans/02-more.html\" hreflang=\"zh-Hans\""))
    }

    @Test("the Chinese edition: its interface words, the translated index, and a note on a chapter not translated yet")
    func chineseWords() throws {
        let runner = try SiteRunner(fixture: "translated")
        try runner.build(["--no-progress"])
        let index = try runner.page("zh-Hans/index.html")
        #expect(index.contains("<title>算术 kata</title>"))
        #expect(index.contains("用 spec 练习加法和减法。"))
        #expect(index.contains("placeholder=\"搜索练习册\""))
        let later = try runner.page("zh-Hans/03-later.html")
        #expect(later.contains("<p class=\"untranslated-note\">这一章还没有翻译成简体中文，所以以英文显示。</p>"))
        #expect(!(try runner.page("zh-Hans/01-basics.html")).contains("untranslated-note"))
        #expect(!(try runner.page("03-later.html")).contains("untranslated-note"))
    }

    @Test("a line break between two Chinese characters is no space, on the page and in the search index")
    func softBreaks() throws {
        let runner = try SiteRunner(fixture: "translated")
        try runner.build(["--no-progress"])
        let page = try runner.page("zh-Hans/01-basics.html")
        #expect(page.contains("把两个数相加，再把结果\nreturn 回去。"), "a break beside a Latin letter stays")
        let index = try runner.page("zh-Hans/search-index.json")
        #expect(index.contains("把两个数相加，再把结果 return 回去。"))
    }

    @Test("a workbook without translations builds one edition, with no switch")
    func oneLanguage() throws {
        let runner = try SiteRunner(fixture: "workbook")
        try runner.build(["--no-progress"])
        #expect(!runner.siteFiles().contains { $0.hasPrefix("zh-Hans/") })
        let page = try runner.page("index.html")
        #expect(!page.contains("language-switch") && !page.contains("hreflang"))
    }
}
