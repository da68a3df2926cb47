import Foundation
import Testing

/// `kata check` and `kata verify` through the real binary, on the `check` and `verify` fixture workbooks.
@Suite("kata check, end to end")
struct CheckTests {
    @Test("a failing check names each failed example with its chapter line, expected and actual; a pass says what next")
    func failThenPass() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write("exercises/checks/add.swift", "func add(_ a: Int, _ b: Int) -> Int {\n    return 0\n}\n")
        let failing = try kata.run(["check", "add"])
        try assertSnapshot(failing.transcript, named: "check-fail")
        #expect(failing.status == 1)

        try kata.write("exercises/checks/add.swift", try kata.read("solutions/checks/add.swift"))
        let passing = try kata.run(["check", "add"])
        try assertSnapshot(passing.transcript, named: "check-pass")
        #expect(passing.status == 0)

        let again = try kata.run(["check", "add"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("result from the cache"), "an unchanged exercise is answered from the cache")

        // A stale cache must never answer for edited code.
        try kata.write("exercises/checks/add.swift", "func add(_ a: Int, _ b: Int) -> Int {\n    a - b\n}\n")
        let edited = try kata.run(["check", "add"])
        #expect(edited.status == 1)
        #expect(!edited.stdout.contains("result from the cache"))
        #expect(edited.stdout.contains("got <-1>"))

        let progress = try kata.read(".kata/progress.json")
        #expect(progress.components(separatedBy: #""verdict" : "failed""#).count - 1 == 2)
        #expect(progress.components(separatedBy: #""verdict" : "passed""#).count - 1 == 2)
        #expect(progress.contains(#""solved" : "#), "the first pass marks the exercise solved")
    }

    @Test("compile errors point at the learner's line, or at the chapter's line that needs the learner's code")
    func compileErrors() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write("exercises/checks/add.swift", "func add(_ a: Int, _ b: Int) -> Int {\n    return \"zero\"\n}\n")
        let own = try kata.run(["check", "add"])
        #expect(own.status == 1)
        try assertSnapshot(own.transcript, named: "check-compile-error-learner")

        try kata.write("exercises/checks/add.swift", "func plus(_ a: Int, _ b: Int) -> Int {\n    a + b\n}\n")
        let chapter = try kata.run(["check", "add"])
        #expect(chapter.status == 1)
        try assertSnapshot(chapter.transcript, named: "check-compile-error-chapter")
        #expect(!chapter.stdout.contains(".kata/build"), "no generated file is ever named")
    }

    @Test("each kind of crash fails the example that was running, and the other examples still run")
    func crashes() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write(
            "exercises/checks/crashes.swift",
            """
            func calm() -> Int { 1 }
            func unwrapNil() -> Int { let value: Int? = nil; return value! }
            func pastTheEnd() -> Int { let items = [1, 2, 3]; return items[items.count] }
            func fatal() -> Int { fatalError("the learner's own message") }
            func recurse(_ n: Int) -> Int { n + recurse(n + 1) }
            func leave() -> Int { exit(3) }

            """)
        let result = try kata.run(["check", "crashes"])
        #expect(result.status == 1)
        try assertSnapshot(result.transcript, named: "check-crashes")
        #expect(
            !result.stdout.contains("Exercise/"), "the learner sees their own paths, never the module kata compiles")
    }

    @Test(
        "a crash is reported at the line that crashed: a learner's spec that unwraps nil, or asks a captor for nothing")
    func crashLine() throws {
        let kata = try KataRunner(fixture: "check")
        let spec = """
            final class CounterSpec: QuickSpec {
                override class func spec() {
                    describe("Counter") {
                        it("unwraps nil") {
                            let counters: [String: Counter] = [:]
                            let counter = counters["main"]!  // 1️⃣
                            expect(counter.value).to(equal(0))
                        }
                        it("asks a captor for nothing") {
                            let captor = Argument.captor()
                            expect(captor.getValue(as: Int.self)).to(equal(0))  // 2️⃣
                        }
                    }
                }
            }

            """
        try kata.write(
            "exercises/checks/counter-spec.swift",
            spec.replacingOccurrences(of: #"  // [12]️⃣"#, with: "", options: .regularExpression))
        let result = try kata.run(["check", "counter-spec"])
        #expect(result.status == 1)
        let lines = spec.split(separator: "\n", omittingEmptySubsequences: false)
        let unwrap = try #require(lines.firstIndex { $0.contains("1️⃣") }) + 1
        let captor = try #require(lines.firstIndex { $0.contains("2️⃣") }) + 1
        #expect(
            result.stdout.contains(
                "exercises/checks/counter-spec.swift:\(unwrap): crashed: Unexpectedly found nil while unwrapping an Optional value\n"
            ), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "exercises/checks/counter-spec.swift:\(captor): crashed: Argument Capture: index out of bounds\n"),
            "\(result.stdout)")
        #expect(!result.stdout.contains("ExerciseSpecs/"), "the runtime's module name is the learner's path")
    }

    @Test("a crash in the learner's function called from a chapter's example names both lines, in both languages")
    func crashCalledFrom() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write(
            "exercises/checks/crashes.swift",
            """
            func calm() -> Int { 1 }
            func unwrapNil() -> Int {
                let value: Int? = nil
                return value!
            }
            func pastTheEnd() -> Int { 1 }
            func fatal() -> Int { 1 }
            func recurse(_ n: Int) -> Int { 1 }
            func leave() -> Int { 1 }

            """)
        let chapter = try kata.read("chapters/01-checks.md").split(separator: "\n", omittingEmptySubsequences: false)
        let example = try #require(chapter.firstIndex { $0.contains("it(\"unwraps nil\")") }) + 1
        try kata.write("chapters/zh-Hans/language.json", #"{"name": "简体中文", "complete": false}"# + "\n")
        let english = try kata.run(["check", "crashes"])
        #expect(
            english.stdout.contains(
                "exercises/checks/crashes.swift:4: crashed: Unexpectedly found nil while unwrapping an Optional value "
                    + "(called from the example at chapters/01-checks.md:\(example))"), "\(english.stdout)")
        let chinese = try kata.run(["check", "crashes", "--no-cache"], environment: ["KATA_LANG": "zh-Hans"])
        #expect(
            chinese.stdout.contains(
                "exercises/checks/crashes.swift:4: 崩溃了：Unexpectedly found nil while unwrapping an Optional value"
                    + "（调用它的用例在 chapters/01-checks.md:\(example)）"), "\(chinese.stdout)")
    }

    @Test("an example that runs out of time names the line of the learner's code it was running, in both languages")
    func timeoutLine() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write(
            "exercises/checks/loops.swift",
            """
            import Foundation
            func quick() -> Int { 1 }
            func spin() -> Int {
                while true { usleep(1_000) }
            }

            """)
        let chapter = try kata.read("chapters/01-checks.md").split(separator: "\n", omittingEmptySubsequences: false)
        let example = try #require(chapter.firstIndex { $0.contains("it(\"never ends\")") }) + 1
        try kata.write("chapters/zh-Hans/language.json", #"{"name": "简体中文", "complete": false}"# + "\n")
        let english = try kata.run(["check", "loops"])
        #expect(english.status == 1)
        #expect(
            english.stdout.contains(
                "exercises/checks/loops.swift:4: took longer than the 3 s limit and was stopped here, in `spin()`, "
                    + "called from the example at chapters/01-checks.md:\(example); look for a loop that never ends"),
            "\(english.stdout)")
        let chinese = try kata.run(["check", "loops", "--no-cache"], environment: ["KATA_LANG": "zh-Hans"])
        #expect(
            chinese.stdout.contains(
                "exercises/checks/loops.swift:4: 运行超过了 3 秒的时间限制，在这里（`spin()` 中，调用它的用例在 "
                    + "chapters/01-checks.md:\(example)）被停止了"), "\(chinese.stdout)")
    }

    @Test("the compiler's warnings about the learner's file are shown with the result, from the cache too")
    func warnings() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write(
            "exercises/checks/add.swift",
            """
            func add(_ a: Int, _ b: Int) -> Int {
                let doubled = a * 2
                return recurse(a) + b
            }

            func recurse(_ n: Int) -> Int { recurse(n) }

            """)
        let result = try kata.run(["check", "add"])
        #expect(result.status == 1)
        try assertSnapshot(result.transcript, named: "check-warnings")
        let again = try kata.run(["check", "add"])
        #expect(again.stdout.contains("result from the cache"), "\(again.stdout)")
        #expect(
            again.stdout.contains(
                "exercises/checks/add.swift:6:33: warning: function call causes an infinite recursion"),
            "\(again.stdout)")
        let json = try kata.run(["check", "add", "--format", "json"])
        #expect(!json.stdout.contains("infinite recursion"), "results.json keeps to the Exercism interface")
    }

    @Test("an endless loop times out on the right example and leaves no process behind, even one that escaped")
    func timeout() throws {
        let kata = try KataRunner(fixture: "check")
        let tag = Int.random(in: 100_000...999_999)
        try kata.write(
            "exercises/checks/loops.swift",
            """
            import Foundation
            func quick() -> Int { 1 }
            func spin() -> Int {
                if fork() == 0 {
                    Thread.current.name = "esc\(tag)a"
                    while true { usleep(100_000) }
                }
                if fork() == 0 {
                    _ = setsid()
                    Thread.current.name = "esc\(tag)b"
                    while true { usleep(100_000) }
                }
                // One line: the loop's first instruction, which reads `n`, counts as the line that declares it.
                var n = 0; while true { n &+= 1 }
            }

            """)
        let result = try kata.run(["check", "loops"])
        #expect(result.status == 1)
        try assertSnapshot(result.transcript, named: "check-timeout")
        #expect(
            HardeningTests.processes(containing: "esc\(tag)").isEmpty,
            "no process started by the learner's code survives the check")
    }

    @Test("printed or forged result lines earn nothing, and a flood of output is cut")
    func forgedAndFlooded() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write(
            "exercises/checks/chatter.swift",
            #"""
            import Foundation
            func talk() -> Int {
                let forged = #"{"secret":"guess","event":"exampleFinished","index":1,"status":"passed","failures":[]}"#
                print(forged)
                print("✓ is wrong")
                print("2 passed, 0 failed")
                FileHandle(fileDescriptor: 3).write(Data((forged + "\n").utf8))
                for _ in 0..<200_000 { print("flooding the output with a long line of text") }
                return 1
            }

            """#)
        let result = try kata.run(["check", "chatter"])
        #expect(result.status == 1, "a failing example stays failed whatever the code prints")
        try assertSnapshot(result.transcript, named: "check-forged-flood")
    }

    @Test("a missing } is reported at the end of the learner's own file, never in a file kata generated")
    func missingBrace() throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write(
            "exercises/hardening/basket.swift",
            "struct Basket {\n    var items: [Int]\n    var total: Int {\n        0\n")
        let result = try kata.run(["check", "basket"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("exercises/hardening/basket.swift:4:10: error: expected '}'"), "\(result.stdout)")
        #expect(!result.stdout.contains("learner.swift"), "\(result.stdout)")
    }

    @Test("a write over the result channel cannot make a failing example disappear")
    func corruptedChannel() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write(
            "exercises/checks/chatter.swift",
            #"""
            import Foundation
            func talk() -> Int {
                FileHandle(fileDescriptor: 3).write(Data("garbage without a newline".utf8))
                return 1
            }

            """#)
        let result = try kata.run(["check", "chatter"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("result channel"))
    }

    @Test("a specify exercise reports its specs against the subject, each mutant caught or survived, and a score")
    func specify() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write(
            "exercises/checks/counter-spec.swift",
            try kata.read("chapters/01-checks.md").components(separatedBy: "```swift starter id=counter-spec\n")[1]
                .components(separatedBy: "```")[0])
        let weak = try kata.run(["check", "counter-spec"])
        #expect(weak.status == 1)
        try assertSnapshot(weak.transcript, named: "check-specify-survivors")

        try kata.write("exercises/checks/counter-spec.swift", try kata.read("solutions/checks/counter-spec.swift"))
        let strong = try kata.run(["check", "counter-spec"])
        #expect(strong.status == 0)
        try assertSnapshot(strong.transcript, named: "check-specify-pass")

        try kata.write(
            "exercises/checks/counter-spec.swift",
            """
            final class CounterSpec: QuickSpec {
                override class func spec() {
                    it("starts at one") { expect(Counter().value).to(equal(1)) }
                }
            }

            """)
        let wrong = try kata.run(["check", "counter-spec"])
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("must pass against the correct code"))
        #expect(!wrong.stdout.contains("Mutants"), "mutants wait until the specs pass against the subject")
    }

    @Test("--format json follows the Exercism v3 interface, with mutants for specify exercises")
    func json() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write("exercises/checks/add.swift", "func add(_ a: Int, _ b: Int) -> Int {\n    return 0\n}\n")
        let result = try kata.run(["check", "add", "--format", "json"])
        #expect(result.status == 1)
        try assertSnapshot(normalizeDurations(result.stdout), named: "check-json-fail")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 3)
        #expect(["pass", "fail", "error"].contains(object["status"] as? String ?? ""))
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests.count == 2)
        for test in tests {
            #expect(Set(test.keys).isSuperset(of: ["name", "status", "test_code", "output"]))
            #expect(["pass", "fail", "error"].contains(test["status"] as? String ?? ""))
        }
        #expect(tests.contains { $0["message"] is String })

        try kata.write("exercises/checks/add.swift", "func add(_ a: Int, _ b: Int) -> Int { \"x\" }\n")
        let broken = try kata.run(["check", "add", "--format", "json"])
        let error = try #require(try JSONSerialization.jsonObject(with: Data(broken.stdout.utf8)) as? [String: Any])
        #expect(error["status"] as? String == "error")
        #expect((error["message"] as? String ?? "").contains("exercises/checks/add.swift:1:"))
        #expect(!broken.stdout.contains("\u{1B}["), "machine formats never use colour")

        try kata.write("exercises/checks/counter-spec.swift", try kata.read("solutions/checks/counter-spec.swift"))
        let specify = try kata.run(["check", "counter-spec", "--format", "json"])
        let mutants = try #require(try JSONSerialization.jsonObject(with: Data(specify.stdout.utf8)) as? [String: Any])
        #expect((mutants["mutants"] as? [[String: Any]])?.count == 2)
        #expect((mutants["score"] as? [String: Int]) == ["caught": 2, "total": 2])
    }

    @Test("--format junit writes JUnit XML, and --all checks every exercise with a file and prints a table")
    func junitAndAll() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write("exercises/checks/add.swift", "func add(_ a: Int, _ b: Int) -> Int {\n    return 0\n}\n")
        let junit = try kata.run(["check", "add", "--format", "junit"])
        try assertSnapshot(normalizeDurations(junit.stdout), named: "check-junit-fail")

        try kata.write("exercises/checks/counter-spec.swift", try kata.read("solutions/checks/counter-spec.swift"))
        try kata.write("exercises/checks/chatter.swift", "func talk() -> Int { 2 }\n")
        let all = try kata.run(["check", "--all"])
        #expect(all.status == 1)
        try assertSnapshot(normalizeDurations(all.transcript), named: "check-all")
    }

    @Test("focus or exclusion in the learner's file cannot skip the chapter's specs in an implement exercise")
    func focusCannotSkip() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write(
            "exercises/checks/add.swift",
            """
            func add(_ a: Int, _ b: Int) -> Int { 5 }

            final class Sneaky: QuickSpec {
                override class func spec() {
                    fit("is the only example that runs") { expect(true).to(beTrue()) }
                    xdescribe("add") { it("is excluded") {} }
                }
            }

            """)
        let result = try kata.run(["check", "add"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("1 passed, 1 failed"), "both chapter examples ran: \(result.stdout)")
        #expect(!result.stdout.contains("is the only example that runs"))
        #expect(
            result.stdout.contains(
                "Note: in this exercise kata check runs every example of the chapter, so `fit` (exercises/checks/add.swift:5) leaves nothing out"
            ),
            "the learner is told why focus did nothing: \(result.stdout)")
    }

    @Test(
        "in a specify exercise focus and exclusion work as in Quick; the result says what was left out, in every format"
    )
    func focusInOwnSpecs() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write(
            "exercises/checks/counter-spec.swift",
            """
            final class CounterSpec: QuickSpec {
                override class func spec() {
                    describe("Counter") {
                        it("starts at zero") { expect(Counter().value).to(equal(0)) }
                        fit("counts up by one") {
                            let counter = Counter()
                            counter.increment()
                            expect(counter.value).to(equal(1))
                        }
                        xit("goes back to zero on reset") {
                            let counter = Counter()
                            counter.increment()
                            counter.reset()
                            expect(counter.value).to(equal(0))
                        }
                    }
                }
            }

            """)
        let human = try kata.run(["check", "counter-spec"])
        #expect(human.status == 1, "the reset mutant survives: the only example that checks reset is excluded")
        try assertSnapshot(human.transcript, named: "check-specify-focus")

        let json = try kata.run(["check", "counter-spec", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let examples = (object["kata"] as? [String: Any])?["examples"] as? [String: Int]
        #expect(examples == ["ran": 1, "left_out_by_focus": 1, "pending": 1, "not_run": 0])

        let junit = try kata.run(["check", "counter-spec", "--format", "junit"])
        #expect(junit.stdout.contains(#"<skipped message="left out by focus (fit, fdescribe, fcontext)"/>"#))
        #expect(junit.stdout.contains(#"<skipped message="pending (pending, xit, xdescribe, xcontext)"/>"#))
        #expect(junit.stdout.contains(#"skipped="2""#))
    }

    @Test("a Kiwi spec's examples carry Kiwi's marks, and its failures Kiwi's wording")
    func kiwiMarks() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write(
            "exercises/checks/kiwi-marks.swift",
            try kata.read("chapters/01-checks.md").components(separatedBy: "```swift starter id=kiwi-marks\n")[1]
                .components(separatedBy: "```")[0])
        let result = try kata.run(["check", "kiwi-marks"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("  ✓ starts at twenty degrees [PASSED]"), "\(result.stdout)")
        #expect(result.stdout.contains("  ✗ warms by one degree [FAILED]"))
        #expect(
            result.stdout.contains(
                "'Thermostat, warms by one degree' [FAILED], expected subject to equal (Int) 21, got (Int) 20"))
        #expect(result.stdout.contains("  - cools down at night [PENDING]"))
    }

    @Test("usage and workbook mistakes exit with status 2 and say what to do")
    func usageErrors() throws {
        let kata = try KataRunner(fixture: "check")
        let unknown = try kata.run(["check", "nope"])
        #expect(unknown.status == 2)
        let missing = try kata.run(["check", "add"])
        #expect(missing.status == 2)
        try assertSnapshot(unknown.transcript + missing.transcript, named: "check-usage-errors")
    }

    @Test(
        "kata verify lists a starter that already passes, a mutant the reference specs miss, and an example that does not compile"
    )
    func verify() throws {
        let kata = try KataRunner(fixture: "verify")
        let result = try kata.run(["verify"])
        #expect(result.status == 1)
        try assertSnapshot(normalizeDurations(result.stdout), named: "verify-problems")
    }

    /// Replaces timings, which differ on every run.
    private func normalizeDurations(_ text: String) -> String {
        var text = text
        for (pattern, template) in [
            (#"time="[0-9.]+""#, #"time="<t>""#), (#""(duration|build|screen|run)" : [0-9.e-]+"#, #""$1" : "<t>""#),
            (#"[0-9]+\.[0-9]+ s\b"#, "<t> s"),
        ] {
            let regex = try! NSRegularExpression(pattern: pattern)
            text = regex.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return text
    }
}
