import Foundation
import Testing

/// Translations through the real binary, on the `translated` fixture: chapters 1 and 2 in Simplified Chinese
/// (`chapters/zh-Hans/`), chapter 3 not translated.
@Suite("Translations, end to end")
struct TranslationTests {
    /// Runs commands in order and returns one transcript of them all; `environment` is shown before the command.
    private func session(_ kata: KataRunner, _ commands: [([String], [String: String])]) throws -> String {
        var transcript = ""
        for (arguments, environment) in commands {
            let prefix = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value) " }.joined()
            transcript += "$ \(prefix)kata \(arguments.joined(separator: " "))\n"
            transcript += try kata.run(arguments, environment: environment).transcript
        }
        return transcript
    }

    @Test(
        "kata lang zh-Hans is remembered; next and hint show the translation, English with a note where a chapter is not translated; KATA_LANG chooses for one command"
    )
    func learnerInChinese() throws {
        let kata = try KataRunner(fixture: "translated")
        let transcript = try session(
            kata,
            [
                (["lang"], [:]), (["lang", "zh"], [:]), (["next"], [:]), (["hint"], [:]), (["hint"], [:]),
                (["next", "counter-spec"], [:]), (["list"], [:]), (["next", "subtract"], [:]),
                (["hint", "subtract"], [:]), (["next"], ["KATA_LANG": "en"]), (["lang"], [:]),
                (["list"], ["KATA_LANG": "fr"]), (["lang", "fr"], [:]), (["lang", "en"], [:]), (["next"], [:]),
            ])
        try assertSnapshot(transcript, named: "lang-zh-hans")
        #expect(try kata.read(".kata/language") == "en\n")
    }

    @Test("kata check in Chinese shows the translated mutant notes, and progress is shared with English")
    func checkInChinese() throws {
        let kata = try KataRunner(fixture: "translated")
        try kata.run(["lang", "zh-Hans"])
        try kata.run(["next", "counter-spec"])
        let failing = try kata.run(["check", "counter-spec"])
        #expect(failing.status == 1)
        try assertSnapshot(failing.transcript, named: "check-zh-hans-fail")

        // kata's own sentences about a spec are in Chinese too (JSON keeps the English).
        try kata.write(
            "exercises/more/counter-spec.swift",
            """
            final class CounterSpec: QuickSpec {
                override class func spec() {
                    it("starts at one") { expect(Counter().value).to(equal(1)) }
                }
            }

            """)
        let wrong = try kata.run(["check", "counter-spec"])
        #expect(wrong.stdout.contains("你的 spec 必须先在正确的代码上通过，才能抓住变异体；在正确的代码上有 1 个用例失败了"))
        let json = try kata.run(["check", "counter-spec", "--format", "json"])
        #expect(json.stdout.contains("your specs must pass against the correct code before they can catch mutants"))
        // So are the reasons a file is not accepted.
        try kata.write(
            "exercises/more/counter-spec.swift",
            "@main final class CounterSpec: QuickSpec {\n    override class func spec() {}\n}\n")
        let refused = try kata.run(["check", "counter-spec"])
        #expect(
            refused.stdout.contains("exercises/more/counter-spec.swift:1:1: error: 你的文件里不能有 `@main`"),
            "\(refused.stdout)")
        let refusedJSON = try kata.run(["check", "counter-spec", "--format", "json"])
        #expect(refusedJSON.stdout.contains("`@main` is not accepted in your file"))
        try kata.write(
            "exercises/more/counter-spec.swift",
            "final class CounterSpec: QuickSpec {\n    override class func spec() {}\n}\n")
        let empty = try kata.run(["check", "counter-spec"])
        #expect(empty.stdout.contains("你的 spec 里没有会运行的用例；加一个带期望的 `it`"), "\(empty.stdout)")

        try kata.write("exercises/more/counter-spec.swift", try kata.read("solutions/more/counter-spec.swift"))
        let passing = try kata.run(["check", "counter-spec"])
        #expect(passing.status == 0)
        try assertSnapshot(passing.transcript, named: "check-zh-hans-pass")

        let english = try kata.run(["list"], environment: ["KATA_LANG": "en"])
        let line = english.stdout.split(separator: "\n").first { $0.contains("counter-spec") }
        #expect(line?.contains("✓") == true && line?.contains("Specifying a counter") == true, "\(line ?? "")")
    }

    @Test(
        "kata's own words in Chinese: lang, a missing file, next, a failing, a not-compiling and a passing check, hint, reset, an unknown id"
    )
    func kataInChinese() throws {
        let kata = try KataRunner(fixture: "translated")
        var transcript = try session(
            kata, [(["lang", "zh-Hans"], [:]), (["check", "add-numbers"], [:]), (["next"], [:]), (["check"], [:])])
        try kata.write("exercises/basics/add-numbers.swift", "func add(_ a: Int, _ b: Int) -> Int { a + }\n")
        transcript += try session(kata, [(["check"], [:]), (["hint"], [:]), (["reset", "add"], [:])])
        try kata.write("exercises/basics/add-numbers.swift", try kata.read("solutions/basics/add-numbers.swift"))
        transcript += try session(kata, [(["check"], [:]), (["check", "nope"], [:]), (["list"], [:])])
        try assertSnapshot(normalizeDurations(transcript), named: "kata-zh-hans")
    }

    @Test("how a run went wrong (a crash, an exit) is said in Chinese too; JSON keeps the English")
    func runEndingsInChinese() throws {
        let kata = try KataRunner(fixture: "translated")
        try kata.run(["lang", "zh-Hans"])
        try kata.run(["next", "add-numbers"])
        try kata.write("exercises/basics/add-numbers.swift", "func add(_ a: Int, _ b: Int) -> Int { [Int]()[a] }\n")
        let crash = try kata.run(["check", "add-numbers"])
        #expect(crash.stdout.contains("崩溃了：Index out of range"), "\(crash.stdout)")
        try kata.write(
            "exercises/basics/add-numbers.swift",
            "import Foundation\nfunc add(_ a: Int, _ b: Int) -> Int {\n"
                + "    FileHandle(fileDescriptor: 3).write(Data(\"garbage\\n\".utf8))\n    exit(0)\n}\n")
        let exited = try kata.run(["check", "add-numbers"])
        #expect(exited.stdout.contains("程序在这个用例运行到一半时以状态 0 退出了"), "\(exited.stdout)")
        let json = try kata.run(["check", "add-numbers", "--format", "json"])
        #expect(json.stdout.contains("the program exited with status 0 in the middle of this example"))
    }

    @Test("translations beside the chapters change nothing for a learner who reads in English")
    func englishUnchanged() throws {
        let translated = try KataRunner(fixture: "translated")
        let plain = try KataRunner(fixture: "translated")
        try FileManager.default.removeItem(at: plain.file("chapters/zh-Hans"))
        let commands: [([String], [String: String])] = [
            (["next"], [:]), (["hint"], [:]), (["next", "counter-spec"], [:]), (["list"], [:]),
            (["hint", "counter-spec"], [:]),
        ]
        #expect(try session(translated, commands) == session(plain, commands))
    }

    @Test(
        "a code block that differs is an error at the translation's line; the chapter is shown in English until kata translate sync copies the source's code"
    )
    func codeDiffers() throws {
        let kata = try KataRunner(fixture: "translated")
        let path = "chapters/zh-Hans/01-basics.md"
        try kata.write(
            path, try kata.read(path).replacingOccurrences(of: "-> Int { 0 }", with: "-> Int { 1 }"))
        let more = "chapters/zh-Hans/02-more.md"
        try kata.write(
            more,
            try kata.read(more).replacingOccurrences(
                of: "```hint id=counter-spec\n调用一次 `increment()`，再看 `value`。\n```\n", with: ""))
        let transcript = try session(
            kata,
            [
                (["translate", "status", "zh-Hans"], [:]), (["next"], ["KATA_LANG": "zh-Hans"]),
                (["translate", "stamp", "zh-Hans", "01"], [:]), (["translate", "sync", "zh-Hans", "01-basics"], [:]),
                (["translate", "status", "zh"], [:]), (["next"], ["KATA_LANG": "zh-Hans"]),
            ])
        try assertSnapshot(transcript, named: "translate-code-differs")
        #expect(try kata.read(path).contains("-> Int { 0 }"))
    }

    @Test(
        "a source that changed since the stamp makes the translation stale: a warning with the changed sections, their exercises in English until it is stamped again"
    )
    func staleTranslation() throws {
        let kata = try KataRunner(fixture: "translated")
        let source = "chapters/02-more.md"
        try kata.write(
            source,
            try kata.read(source).replacingOccurrences(
                of: "Greet the team by its name.", with: "Greet the team by its name, with an exclamation mark."))
        let transcript = try session(
            kata,
            [
                (["translate", "status", "zh-Hans"], [:]), (["next", "greet-team"], ["KATA_LANG": "zh-Hans"]),
                (["next", "counter-spec"], ["KATA_LANG": "zh-Hans"]),
                (["translate", "stamp", "zh-Hans", "more"], [:]), (["translate", "status", "zh-Hans"], [:]),
                (["next", "greet-team"], ["KATA_LANG": "zh-Hans"]),
                (["translate", "stamp", "zh-Hans", "02-more.md"], [:]),
            ])
        try assertSnapshot(transcript, named: "translate-stale")
    }

    @Test(
        "kata translate start writes a draft learners do not see yet; stamp refuses a draft that does not match; a language declared complete turns a missing chapter into an error"
    )
    func startAndComplete() throws {
        let kata = try KataRunner(fixture: "translated")
        var transcript = try session(
            kata,
            [
                (["translate", "start", "zh-Hans", "03"], [:]), (["translate", "start", "zh-Hans", "03"], [:]),
                (["next", "subtract"], ["KATA_LANG": "zh-Hans"]),
            ])
        let draft = "chapters/zh-Hans/03-later.md"
        #expect(try kata.read(draft).hasPrefix("<!-- kata translation"))
        try kata.write(
            draft,
            try kata.read(draft).replacingOccurrences(of: "Use the `-` operator.", with: "用 `-` 运算符。")
                .replacingOccurrences(of: "```swift starter id=subtract", with: "```swift starter id=subtrac"))
        transcript += try session(kata, [(["translate", "stamp", "zh-Hans", "03"], [:])])
        try FileManager.default.removeItem(at: kata.file(draft))
        try kata.write("chapters/zh-Hans/language.json", "{\"name\": \"简体中文\", \"complete\": true}\n")
        try kata.write("chapters/zh-Hans/04-extra.md", "# Extra\n")
        transcript += try session(kata, [(["translate", "status"], [:]), (["translate", "start", "en"], [:])])
        try assertSnapshot(transcript, named: "translate-start-complete")
    }

    @Test("kata verify checks the translations: a warning leaves it sound, an error fails it")
    func verify() throws {
        let kata = try KataRunner(fixture: "translated")
        let sound = try kata.run(["verify"])
        #expect(sound.status == 0)
        let path = "chapters/zh-Hans/02-more.md"
        try kata.write(path, try kata.read(path).replacingOccurrences(of: "value += 2", with: "value += 3"))
        let broken = try kata.run(["verify"])
        #expect(broken.status == 1)
        try assertSnapshot(
            "$ kata verify\n" + normalizeDurations(sound.stdout) + "$ kata verify\n"
                + normalizeDurations(broken.stdout),
            named: "verify-translations")
    }

    private func normalizeDurations(_ text: String) -> String {
        let regex = try! NSRegularExpression(pattern: #"[0-9]+\.[0-9]+ s\b"#)
        return regex.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "<t> s")
    }
}
