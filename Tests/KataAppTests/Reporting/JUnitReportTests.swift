import Foundation
import Testing

@testable import KataApp
@testable import KataBuilding
@testable import KataGrading
@testable import KataWorkbook

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `kata check --format junit`, read as a CI server reads it: with a real XML parser, suite by suite.
@Suite("JUnit report")
struct JUnitReportTests {
    let fixture: ReportFixture
    let report: JUnitReport

    init() throws {
        fixture = try ReportFixture()
        report = JUnitReport(workspace: fixture.workspace)
    }

    /// The document parsed by libxml2 (Foundation's `XMLDocument`), which refuses a document that is not well-formed.
    func parse(_ results: [(CheckResult, Exercise)]) throws -> XMLDocument {
        try XMLDocument(xmlString: report.document(results), options: [])
    }

    func elements(_ document: XMLDocument, _ path: String) throws -> [XMLElement] {
        try document.nodes(forXPath: path).compactMap { $0 as? XMLElement }
    }

    /// The first element at `path`; the test stops when there is none.
    func element(_ document: XMLDocument, _ path: String) throws -> XMLElement {
        let found = try elements(document, path)
        return try #require(found.first, "no \(path)")
    }

    func attribute(_ element: XMLElement?, _ name: String) -> String? {
        element?.attribute(forName: name)?.stringValue
    }

    @Test("a passed exercise is a suite of one test case per example, the pending one skipped and none failed")
    func passed() throws {
        let document = try parse([(fixture.passed, fixture.add)])
        let suite = try element(document, "/testsuites/testsuite")
        #expect(attribute(suite, "name") == "add-numbers")
        #expect(attribute(suite, "tests") == "3")
        #expect(attribute(suite, "failures") == "0")
        #expect(attribute(suite, "errors") == "0")
        #expect(attribute(suite, "skipped") == "1")
        let cases = try elements(document, "//testcase")
        #expect(cases.map { attribute($0, "name") } == ["adds two numbers", "adds zero", "adds negatives"])
        #expect(cases.allSatisfy { attribute($0, "classname") == "add-numbers.add" })
        #expect(try elements(document, "//failure").isEmpty)
        #expect(try elements(document, "//testcase[@name='adds negatives']/skipped").count == 1)
    }

    @Test("a failed example is a failure whose message is the framework's, and whose text says where it failed")
    func failed() throws {
        let document = try parse([(fixture.failed, fixture.add)])
        let suite = try element(document, "/testsuites/testsuite")
        #expect(attribute(suite, "tests") == "3")
        #expect(attribute(suite, "failures") == "1")
        #expect(attribute(suite, "skipped") == "1")
        let failure = try element(document, "//testcase[@name='adds two numbers']/failure")
        // XML 1.0 cannot hold the escape character: it is shown as an escape, and the rest of the message stays.
        #expect(attribute(failure, "message") == "expected to equal <5>, got <-1>\\u{1B}[2J")
        #expect(
            failure.stringValue
                == "chapters/01-numbers.md:\(ReportFixture.failureLine): expected to equal <5>, got <-1>\\u{1B}[2J")
        let printed = try element(document, "//testcase[@name='adds two numbers']/system-out")
        #expect(printed.stringValue == "adding 2 and 3\\u{1B}[2J\n")
        #expect(try elements(document, "//testcase[@name='adds zero']/*").isEmpty, "a passed example has no body")
    }

    @Test("a surviving mutant is a failed test case of its own, that gives the chapter's note")
    func survivor() throws {
        let document = try parse([(fixture.survivor, fixture.counter)])
        let suite = try element(document, "/testsuites/testsuite")
        #expect(attribute(suite, "name") == "counter-spec")
        #expect(attribute(suite, "tests") == "4", "two examples and two mutants")
        #expect(attribute(suite, "failures") == "1")
        #expect(attribute(suite, "skipped") == "0")
        let mutants = try elements(document, "//testcase[@classname='counter-spec.mutants']")
        #expect(mutants.map { attribute($0, "name") } == ["catches never-counts", "catches counts-twice"])
        #expect(mutants[0].children?.isEmpty ?? true, "a caught mutant passes")
        let failure = try element(document, "//testcase[@name='catches counts-twice']/failure")
        #expect(attribute(failure, "message") == "mutant survived")
        #expect(failure.stringValue == "increment() adds two.")
    }

    @Test("a file that does not compile is one error, that gives the compiler's diagnostics with their places")
    func compileError() throws {
        let document = try parse([(fixture.compileError, fixture.add)])
        let suite = try element(document, "/testsuites/testsuite")
        #expect(attribute(suite, "tests") == "1")
        #expect(attribute(suite, "errors") == "1")
        #expect(attribute(suite, "failures") == "0")
        let error = try element(document, "//testcase[@name='compiles']/error")
        #expect(attribute(error, "message") == "does not compile")
        let lines = (error.stringValue ?? "").split(separator: "\n")
        #expect(
            lines == [
                "exercises/numbers/add-numbers.swift:1:41: error: binary operator '+' cannot be applied to operands of type 'Int' and 'String'",
                "exercises/numbers/add-numbers.swift:1:10: warning: add(_:_:) is never called",
            ])
    }

    @Test("the document's totals add up its suites' tests, failures and errors")
    func totals() throws {
        let document = try parse([
            (fixture.passed, fixture.add), (fixture.failed, fixture.add), (fixture.survivor, fixture.counter),
            (fixture.compileError, fixture.add),
        ])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(attribute(root, "name") == "kata")
        #expect(attribute(root, "tests") == "11")
        #expect(attribute(root, "failures") == "2")
        #expect(attribute(root, "errors") == "1")
        #expect(try elements(document, "/testsuites/testsuite").count == 4)
        #expect(try elements(document, "//testcase").count == 11)
    }

    @Test("text a learner controls stays text: markup and characters XML cannot hold do not break the document")
    func hostileText() throws {
        var result = fixture.failed
        let message = "<failure message=\"x\"/>&amp; \u{0}\u{8}\u{FFFE}\u{9B}2J\u{202E}]]>"
        result.run?.examples[0].failures[0].message = message
        result.run?.examples[0].path = ["add", "</testcase>"]
        let document = try parse([(result, fixture.add)])
        let failure = try element(document, "//failure")
        #expect(
            attribute(failure, "message")
                == "<failure message=\"x\"/>&amp; \\0\\u{8}\\u{FFFE}\\u{9B}2J\\u{202E}]]>",
            "what XML forbids and what a terminal obeys is shown as an escape, not dropped")
        #expect(try elements(document, "//testcase").map { attribute($0, "name") }.contains("</testcase>"))
    }
}
