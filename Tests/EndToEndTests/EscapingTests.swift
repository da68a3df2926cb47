import Foundation
import Testing

/// Every value kata reads from a file, a file name or the environment and prints (a language code, a workbook's
/// path, the progress file's keys, the command it tells the learner to type) is shown with its control characters
/// escaped, so that none of them can set the terminal's title, clear it or rewrite what it shows.
@Suite("Values from files and the environment, escaped, end to end")
struct EscapingTests {
    /// An OSC sequence that sets the terminal's title, and a CSI one that clears the screen.
    static let title = "\u{1B}]0;pwned\u{07}"
    static let clear = "\u{1B}[2J"
    /// How they are shown.
    static let shownTitle = "\\u{1B}]0;pwned\\u{7}"
    static let shownClear = "\\u{1B}[2J"

    /// Whether `text` holds the sequences only as escapes.
    static func escaped(_ text: String, shown: [String] = [shownTitle]) -> Bool {
        !text.contains("\u{1B}") && !text.contains("\u{07}") && shown.allSatisfy(text.contains)
    }

    @Test("KATA_LANG and .kata/language that name no language are shown escaped in the warning and in kata lang")
    func language() throws {
        let kata = try KataRunner(fixture: "hardening")
        let fromEnvironment = try kata.run(["list"], environment: ["KATA_LANG": Self.title + Self.clear])
        #expect(fromEnvironment.status == 0)
        #expect(
            fromEnvironment.stderr.contains("KATA_LANG=" + Self.shownTitle + Self.shownClear + " names no language"))
        #expect(Self.escaped(fromEnvironment.stderr, shown: [Self.shownTitle, Self.shownClear]))

        let chosen = try kata.run(["lang", "en"], environment: ["KATA_LANG": Self.title])
        #expect(chosen.stdout.contains("KATA_LANG=" + Self.shownTitle), "\(chosen.stdout)")
        #expect(Self.escaped(chosen.stdout + chosen.stderr))

        try kata.write(".kata/language", Self.title + "\n")
        let remembered = try kata.run(["list"])
        #expect(remembered.stderr.contains(".kata/language names " + Self.shownTitle + ", a language"))
        #expect(Self.escaped(remembered.stderr))
    }

    @Test("a translation's name from its language.json is shown escaped")
    func translationName() throws {
        let kata = try KataRunner(fixture: "translated")
        try kata.write("chapters/zh-Hans/language.json", "{\"name\": \"\\u001b]0;pwned\\u0007\"}\n")
        let lang = try kata.run(["lang"])
        #expect(lang.stdout.contains(Self.shownTitle), "\(lang.stdout)")
        #expect(Self.escaped(lang.stdout))
    }

    @Test("a workbook's path from KATA_WORKBOOK, from the folder kata starts in, or from --workbook is shown escaped")
    func workbookPaths() throws {
        let kata = try KataRunner(fixture: "hardening")
        let named = try kata.run(["list"], environment: ["KATA_WORKBOOK": "/nowhere/" + Self.title])
        #expect(named.stderr.contains("/nowhere/" + Self.shownTitle + " is not a workbook"), "\(named.stderr)")
        #expect(Self.escaped(named.stderr))

        let strange = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata-\(UUID().uuidString)-" + Self.title)
        try FileManager.default.createDirectory(at: strange, withIntermediateDirectories: true)
        let nowhere = try kata.run(["list"], in: strange)
        #expect(nowhere.stderr.contains("no workbook here: neither"), "\(nowhere.stderr)")
        #expect(Self.escaped(nowhere.stderr))

        let workbook = strange.appendingPathComponent("workbook")
        try FileManager.default.copyItem(at: kata.root, to: workbook)
        let check = try kata.run(["check", "basket", "--workbook", workbook.path])
        #expect(
            check.stderr.contains("/workbook/exercises/hardening/basket.swift does not exist yet"), "\(check.stderr)")
        #expect(Self.escaped(check.stderr + check.stdout))
    }

    @Test("the progress file's keys are shown escaped, in a field that cannot be read and in ids that lost their pass")
    func progressFile() throws {
        let kata = try KataRunner(fixture: "hardening")
        let key = "\\u001b]0;pwned\\u0007"
        try kata.writeLegacyProgress("{\"version\": 1, \"exercises\": {\"\(key)\": {\"attempts\": \"many\"}}}")
        let corrupt = try kata.run(["list"])
        #expect(corrupt.stderr.contains("the field 'exercises.\(Self.shownTitle).attempts'"), "\(corrupt.stderr)")
        #expect(Self.escaped(corrupt.stderr))

        try kata.write(
            ".kata/progress.json",
            "{\"version\": 1, \"exercises\": {\"\(key)\": {\"attempts\": 1, \"hintsShown\": 0, \"checks\": [], "
                + "\"solved\": \"2026-01-01T00:00:00Z\"}}}")
        try kata.write(".kata/progress.sealed", "")
        let changed = try kata.run(["list"])
        #expect(changed.stderr.contains("showed as solved (\(Self.shownTitle))"), "\(changed.stderr)")
        #expect(Self.escaped(changed.stderr))
    }

    @Test("the command kata tells the learner to type, from KATA_LAUNCHER, is shown escaped")
    func launcher() throws {
        let kata = try KataRunner(fixture: "hardening")
        let next = try kata.run(
            ["next", "basket"], environment: ["PATH": "/usr/bin:/bin", "KATA_LAUNCHER": "/opt/\(Self.title)/kata"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains("/opt/\(Self.shownTitle)/kata check basket"), "\(next.stdout)")
        #expect(Self.escaped(next.stdout))
    }

    @Test("a companion's path from KATA_TOOLS_BIN is shown escaped")
    func companion() throws {
        let kata = try KataRunner(fixture: "hardening")
        let site = try kata.run(["build-site"], environment: ["KATA_TOOLS_BIN": "/nowhere/" + Self.title])
        #expect(site.status == 1)
        #expect(site.stderr.contains("KATA_TOOLS_BIN names /nowhere/" + Self.shownTitle), "\(site.stderr)")
        #expect(Self.escaped(site.stderr))
    }

    @Test("a room address that is not one is shown escaped")
    func roomAddress() throws {
        let kata = try KataRunner(fixture: "hardening")
        let join = try kata.run(["join", Self.title, "123456"])
        #expect(join.status != 0)
        #expect(join.stderr.contains("'http://\(Self.shownTitle)' is not a room address"), "\(join.stderr)")
        #expect(Self.escaped(join.stderr))
    }
}
