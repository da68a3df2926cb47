import Foundation
import KataTestSupport
import Testing

@testable import KataApp
@testable import KataBasics
@testable import KataTools

/// The files `kata room grade` writes for a whole class stay readable whatever one learner put in a hand-in: the
/// JUnit file is read with a real XML parser and the CSV file cell by cell.
@Suite("Grade table")
struct GradeTableTests {
    /// Text a learner controls: their name, chapter paths in their hand-in, their program's return value.
    static let hostile = [
        "Xavier\u{1}\u{8}", "\u{1B}[32mHello\u{0}", "nul\u{0}and\u{FFFE}\u{FFFF}", "tab\tand\nline\rreturn",
        "\u{9B}31m\u{202E}olleh", "=HYPERLINK(\"http://x\")", "+1", "-1", "@SUM(A1)", "\t=1+1", "\r=1+1",
        "\r\n=1+1", "<tag attr=\"x\">&amp;'",
    ]

    static func table(_ texts: [String]) -> GradeTable {
        let learners = texts.map { text in
            GradeTable.Learner(
                name: text, file: "handins/\(text).kata",
                cells: [
                    GradeTable.Cell(exercise: "add", grade: .failed, recorded: .solved, detail: text),
                    GradeTable.Cell(exercise: "greet", grade: .error, recorded: .attempted, detail: text),
                    GradeTable.Cell(exercise: "count", grade: .passed, recorded: .solved),
                ],
                differingChapters: ["chapters/\(text).md"])
        }
        return GradeTable(exercises: ["add", "greet", "count"], learners: learners, unreadable: [])
    }

    @Test("grades.xml is well-formed and shows every forbidden character as an escape")
    func junitStaysWellFormed() throws {
        let xml = try ParsedXML(Self.table(Self.hostile).junit())
        let suites = xml.elements.filter { $0.name == "testsuite" }.compactMap { $0.attributes["name"] }
        #expect(suites.count == Self.hostile.count)
        #expect(suites.contains("Xavier\\u{1}\\u{8}"))
        #expect(suites.contains("nul\\0and\\u{FFFE}\\u{FFFF}"))
        #expect(suites.contains("tab\tand\nline\\rreturn"))
        #expect(suites.contains("<tag attr=\"x\">&amp;'"))
        let failures = xml.elements.filter { $0.name == "failure" }.compactMap { $0.attributes["message"] }
        #expect(failures.contains("\\u{1B}[32mHello\\0"))
        #expect(failures.contains("\\u{9B}31m\\u{202E}olleh"))
        for value in xml.attributeValues {
            #expect(!value.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, "\(value)")
            #expect(!value.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) }, "\(value)")
        }
    }

    @Test("every cell of grades.csv is text to a spreadsheet and nothing to a terminal")
    func csvCellsAreNeutralised() throws {
        let rows = try CSVTable.rows(Self.table(Self.hostile).csv())
        #expect(
            rows.first == [
                "learner", "file", "exercise", "grade", "caught", "mutants", "recorded",
                "chapters_differ", "detail",
            ])
        #expect(rows.count == 1 + Self.hostile.count * 3)
        for row in rows {
            #expect(row.count == 9, "\(row)")
            for cell in row {
                #expect(
                    CSVTable.danger(in: cell) == nil, "\(cell.debugDescription): \(CSVTable.danger(in: cell) ?? "")")
            }
        }
        let names = Set(rows.dropFirst().map { $0[0] })
        #expect(names.contains("'\t=1+1"))
        #expect(names.contains("\\r=1+1"))
        #expect(names.contains("\\r\n=1+1"))
        #expect(names.contains("'=HYPERLINK(\"http://x\")"))
        #expect(names.contains("'-1") && names.contains("'+1") && names.contains("'@SUM(A1)"))
        #expect(rows.contains { $0[8] == "\\u{1B}[32mHello\\0" })
    }

    @Test("the summary shows one line per learner, with no control character a terminal would obey")
    func summaryIsEscaped() {
        var table = Self.table(["Eve\u{1B}]52;c;aGk=\u{7}\u{1B}[2J", "Mallory\nBob       3/3"])
        table.unreadable = [GradeTable.Unreadable(file: "x\u{1B}[2J.kata", reason: "it is not JSON")]
        let summary = table.summary()
        let lines = summary.split(separator: "\n")
        #expect(lines.count == 4, "\(summary)")
        #expect(!summary.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(lines[1].hasPrefix("Eve\\u{1B}]52;c;aGk=\\u{7}\\u{1B}[2J  1/3"))
        #expect(lines[1].contains("chapters differ from yours: chapters/Eve\\u{1B}]52;c;aGk=\\u{7}\\u{1B}[2J.md"))
        #expect(lines[2].hasPrefix("Mallory\\nBob       3/3"))
        #expect(lines[3] == "skipped x\\u{1B}[2J.kata: it is not JSON")
    }

    @Test("a long name widens its own line of the summary, not every line")
    func longNames() {
        let summary = Self.table(["Ada", String(repeating: "\u{1B}", count: 80)]).summary()
        let lines = summary.split(separator: "\n")
        #expect(lines[0] == "Learner" + String(repeating: " ", count: 33) + "  Passed  Notes")
        #expect(lines[1].hasPrefix("Ada" + String(repeating: " ", count: 37) + "  1/3"))
        #expect(lines[2].hasPrefix(String(repeating: "\\u{1B}", count: 80) + "  1/3"))
    }

    @Test("the last line counts hand-ins and repositories, each in its own word")
    func counts() {
        var table = Self.table(["Ada", "Bob"])
        #expect(table.counts == "2 hand-ins, 3 exercises")
        table.learners[1].origin = .repository
        #expect(table.counts == "1 hand-in, 1 repository, 3 exercises")
        table.learners[0].origin = .repository
        #expect(table.counts == "2 repositories, 3 exercises")
        table.learners = []
        #expect(table.counts == "0 hand-ins, 3 exercises")
    }

    @Test("a refused file is a failure in JUnit, and noted in the summary by exercise")
    func refusedCells() throws {
        var table = Self.table(["Ada"])
        table.learners[0].cells[1] = GradeTable.Cell(
            exercise: "greet", grade: .refused, recorded: nil, detail: "exercises/basics/greet.swift is a symbolic link"
        )
        let xml = try ParsedXML(table.junit())
        #expect(
            xml.elements.filter { $0.name == "failure" }.compactMap { $0.attributes["message"] }.contains(
                "exercises/basics/greet.swift is a symbolic link"))
        #expect(xml.elements.first { $0.name == "testsuite" }?.attributes["failures"] == "2")
        #expect(table.summary().contains("committed but not graded (the CSV says why): greet"))
        let rows = try CSVTable.rows(table.csv())
        #expect(
            rows[2] == [
                "Ada", "handins/Ada.kata", "greet", "refused", "", "", "", "chapters/Ada.md",
                "exercises/basics/greet.swift is a symbolic link",
            ])
    }
}
