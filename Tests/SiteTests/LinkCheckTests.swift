import Foundation
import Testing

@testable import KataBasics
@testable import KataTools

/// Every link in the built site resolves inside it, and nothing is loaded from elsewhere.
@Suite("Links of the built site")
struct LinkCheckTests {
    @Test("every internal link and anchor resolves, in learner and instructor builds", arguments: [false, true])
    func internalLinks(withSolutions: Bool) throws {
        let runner = try SiteRunner()
        try #require(try runner.build(withSolutions ? ["--with-solutions"] : []).status == 0)
        let report = try LinkChecker(site: runner.site).check()
        #expect(report.problems == [])
        #expect(report.internalLinks > 50, "the fixture's pages link to each other through the sidebar, pager and TOC")
        #expect(report.anchorsChecked > 10)
    }

    @Test("nothing is fetched from outside the site; the only outside links are the chapters' own, marked external")
    func nothingLeaves() throws {
        let runner = try SiteRunner()
        try #require(try runner.build().status == 0)
        let report = try LinkChecker(site: runner.site).check()
        #expect(
            report.externalLinks == [
                "01-basics.html: https://example.org/docs", "print.html: https://example.org/docs",
            ])
        // The search index is data (the chapters' text, web addresses included), not code that loads anything.
        for file in runner.siteFiles()
        where (file.hasSuffix(".css") || file.hasSuffix(".js")) && file != "assets/search-index.js" {
            let text = try runner.page(file)
            #expect(!text.contains("http://") && !text.contains("https://"), "\(file) names an outside address")
            #expect(!text.contains("@import"), "\(file) imports another stylesheet")
        }
    }

    @Test("the checker notices a broken link, a missing anchor and an outside script")
    func checkerCanFail() throws {
        let runner = try SiteRunner()
        try #require(try runner.build().status == 0)
        let page = runner.site.appendingPathComponent("02-pairs.html")
        var html = try String(contentsOf: page, encoding: .utf8)
        html = html.replacingOccurrences(of: "href=\"01-basics.html\"", with: "href=\"01-basic.html\"")
        html = html.replacingOccurrences(of: "href=\"#side-by-side\"", with: "href=\"#side-by-sid\"")
        html = html.replacingOccurrences(of: "id=\"example-1\"", with: "id=\"example\"")
        html = html.replacingOccurrences(
            of: "<script src=\"assets/site.js\" defer></script>",
            with: "<script src=\"https://cdn.example.org/site.js\" defer></script>")
        try Data(html.utf8).write(to: page)
        let problems = try LinkChecker(site: runner.site).check().problems
        #expect(problems.contains("02-pairs.html: 01-basic.html does not exist"))
        #expect(problems.contains("02-pairs.html: #side-by-sid: no element has this id in 02-pairs.html"))
        #expect(problems.contains("02-pairs.html: id example is on 2 elements"))
        #expect(
            problems.contains("02-pairs.html: <script> loads https://cdn.example.org/site.js from outside the site"))
    }
}

/// Reads every HTML page and the search index of a site and follows each link.
struct LinkChecker {
    struct Report {
        var problems: [String] = []
        var externalLinks: [String] = []
        var internalLinks = 0
        var anchorsChecked = 0
    }

    let site: URL

    func check() throws -> Report {
        var report = Report()
        let files = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasSuffix(".html") }
            .sorted()
        var ids: [String: Set<String>] = [:]
        for file in files {
            let html = try String(contentsOf: site.appendingPathComponent(file), encoding: .utf8)
            let found = matches(of: #"\sid="([^"]*)""#, in: html).map { $0[1] }
            ids[file] = Set(found)
            for (id, count) in Dictionary(found.map { ($0, 1) }, uniquingKeysWith: +) where count > 1 {
                report.problems.append("\(file): id \(id) is on \(count) elements")
            }
        }
        for file in files {
            let html = try String(contentsOf: site.appendingPathComponent(file), encoding: .utf8)
            for tag in matches(of: #"<([a-zA-Z]+)\b[^>]*>"#, in: html) {
                for attribute in matches(of: #"\s(href|src)="([^"]*)""#, in: tag[0]) {
                    follow(
                        attribute[2], tag: tag[1].lowercased(), element: tag[0], from: file, ids: &ids, report: &report)
                }
            }
        }
        let index = try String(contentsOf: site.appendingPathComponent("search-index.json"), encoding: .utf8)
        for url in matches(of: #""url":"([^"]*)""#, in: index).map({ $0[1] }) {
            follow(url, tag: "search", element: "", from: "search-index.json", ids: &ids, report: &report)
        }
        return report
    }

    private func follow(
        _ url: String, tag: String, element: String, from file: String, ids: inout [String: Set<String>],
        report: inout Report
    ) {
        if url.range(of: "^[a-zA-Z][a-zA-Z0-9+.-]*:", options: .regularExpression) != nil {
            if tag == "a", element.contains("rel=\"external noopener\"") {
                report.externalLinks.append("\(file): \(url)")
            } else {
                report.problems.append("\(file): <\(tag)> loads \(url) from outside the site")
            }
            return
        }
        if url.hasPrefix("/") || url.hasPrefix("//") {
            report.problems.append("\(file): \(url) is absolute and does not work from a folder")
            return
        }
        report.internalLinks += 1
        let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let path = parts[0].removingPercentEncoding ?? parts[0]
        let target = path.isEmpty ? file : path
        let resolved = site.appendingPathComponent(file).deletingLastPathComponent().appendingPathComponent(target)
            .standardizedFileURL
        guard resolved.path.hasPrefix(site.standardizedFileURL.path + "/"),
            FileManager.default.fileExists(atPath: resolved.path)
        else {
            report.problems.append("\(file): \(target) does not exist")
            return
        }
        if parts.count == 2, !parts[1].isEmpty {
            report.anchorsChecked += 1
            let page = String(resolved.path.dropFirst(site.standardizedFileURL.path.count + 1))
            if !(ids[page]?.contains(parts[1]) ?? false) {
                report.problems.append(
                    "\(file): \(url.hasPrefix("#") ? "" : page)#\(parts[1]): no element has this id in \(page)")
            }
        }
    }

    private func matches(of pattern: String, in text: String) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }
}
