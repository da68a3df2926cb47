import Foundation
import Testing

/// Exercises on the toolchain's own Swift Testing and XCTest, through the real binary, on the `frameworks` fixture.
@Suite("Real frameworks, end to end")
struct FrameworkTests {
    static let file = "exercises/frameworks"

    @Test("Swift Testing: a pass, then each failing parameterized case on its own line with #expect's own words")
    func swiftTestingPassAndFail() throws {
        let kata = try KataRunner(fixture: "frameworks")
        try kata.write("\(Self.file)/price.swift", try kata.read("solutions/frameworks/price.swift"))
        let passing = try kata.run(["check", "price"])
        #expect(passing.status == 0, "\(passing.stdout)")
        try assertSnapshot(passing.transcript, named: "framework-swift-testing-pass")

        try kata.write("\(Self.file)/price.swift", "func price(age: Int) -> Int {\n    age < 30 ? 5 : 10\n}\n")
        let failing = try kata.run(["check", "price"])
        #expect(failing.status == 1)
        try assertSnapshot(failing.transcript, named: "framework-swift-testing-fail")
        #expect(failing.stdout.contains("✗ age → 18"))
        #expect(
            failing.stdout.contains(
                "chapters/01-frameworks.md:19:9: Expectation failed: (price(age: age) → 5) == 10"), "\(failing.stdout)")

        let json = try kata.run(["check", "price", "--format", "json"])
        #expect(json.stdout.contains(#""status" : "fail""#), "\(json.stdout)")
        #expect(json.stdout.contains("Expectation failed: (price(age: age) → 5) == 10"))
        let junit = try kata.run(["check", "price", "--format", "junit"])
        #expect(junit.stdout.contains("<failure"), "\(junit.stdout)")
    }

    @Test("XCTest: a pass, and a failure at its chapter line in XCTest's own words")
    func xcTestPassAndFail() throws {
        let kata = try KataRunner(fixture: "frameworks")
        try kata.write("\(Self.file)/greeting.swift", try kata.read("solutions/frameworks/greeting.swift"))
        #expect(try kata.run(["check", "greeting"]).status == 0)

        try kata.write(
            "\(Self.file)/greeting.swift", "func greeting(for name: String) -> String {\n    \"Hello, \\(name)!\"\n}\n")
        let failing = try kata.run(["check", "greeting"])
        #expect(failing.status == 1)
        try assertSnapshot(failing.transcript, named: "framework-xctest-fail")
        #expect(
            failing.stdout.contains(
                #"chapters/01-frameworks.md:89: XCTAssertEqual failed: ("Hello, !") is not equal to ("Hello!")"#),
            "\(failing.stdout)")
        #expect(
            failing.stdout.contains("- testGreetsInFrench (pending)"),
            "a test that throws XCTSkip is pending, not passed: \(failing.stdout)")
    }

    @Test(
        "a crash fails the test that was running and the others still run; a test that never ends is timed out; in either framework"
    )
    func crashAndTimeout() throws {
        let kata = try KataRunner(fixture: "frameworks")
        try kata.write(
            "\(Self.file)/price.swift",
            "func price(age: Int) -> Int {\n    if age == 3 { fatalError(\"no toddlers\") }\n    return age < 18 ? 5 : 10\n}\n"
        )
        let crashed = try kata.run(["check", "price"])
        #expect(crashed.status == 1)
        #expect(crashed.stdout.contains("✗ a price is never negative"), "\(crashed.stdout)")
        #expect(crashed.stdout.contains("chapters/01-frameworks.md:22: crashed: no toddlers"), "\(crashed.stdout)")
        #expect(crashed.stdout.contains("exercises/frameworks/price.swift:2: Fatal error: no toddlers"))
        #expect(crashed.stdout.contains("✓ a child pays half"), "the other tests ran")

        try kata.write(
            "\(Self.file)/greeting.swift",
            "func greeting(for name: String) -> String {\n    while name.isEmpty {}\n    return \"Hello, \\(name)!\"\n}\n"
        )
        let looping = try kata.run(["check", "greeting"])
        #expect(looping.status == 1)
        #expect(looping.stdout.contains("✗ testGreetsNobodyPolitely"), "\(looping.stdout)")
        #expect(looping.stdout.contains("took longer than the"), "\(looping.stdout)")

        // The other way round: XCTest's test crashes, Swift Testing's never ends.
        try kata.write(
            "\(Self.file)/greeting.swift",
            "func greeting(for name: String) -> String {\n    if name.isEmpty { fatalError(\"nobody to greet\") }\n"
                + "    return \"Hello, \\(name)!\"\n}\n")
        let xcCrash = try kata.run(["check", "greeting"])
        #expect(xcCrash.status == 1)
        #expect(xcCrash.stdout.contains("✓ testGreetsByName"), "the other tests ran: \(xcCrash.stdout)")
        #expect(xcCrash.stdout.contains("✗ testGreetsNobodyPolitely"), "\(xcCrash.stdout)")
        #expect(
            xcCrash.stdout.contains("chapters/01-frameworks.md:87: crashed: nobody to greet"), "\(xcCrash.stdout)")
        #expect(xcCrash.stdout.contains("exercises/frameworks/greeting.swift:2: Fatal error: nobody to greet"))
        #expect(xcCrash.stdout.contains("- testGreetsInFrench (pending)"), "\(xcCrash.stdout)")

        try kata.write(
            "\(Self.file)/badge.swift",
            "func badge(points: Int) -> Badge {\n    while points < 50 {}\n    return Badge(title: \"Gold\")\n}\n")
        let stLoop = try kata.run(["check", "badge"])
        #expect(stLoop.status == 1)
        #expect(stLoop.stdout.contains("✓ a hundred points earn gold"), "\(stLoop.stdout)")
        #expect(stLoop.stdout.contains("✗ ten points earn bronze"), "\(stLoop.stdout)")
        #expect(
            stLoop.stdout.contains("chapters/01-frameworks.md:159: took longer than the 5 s limit and was stopped"),
            "\(stLoop.stdout)")
        #expect(stLoop.stdout.contains("✗ Timed out."), "\(stLoop.stdout)")
    }

    @Test("a compile error points at the learner's line, in either framework")
    func compileError() throws {
        let kata = try KataRunner(fixture: "frameworks")
        try kata.write("\(Self.file)/price.swift", "func price(age: Int) -> Int {\n    \"five\"\n}\n")
        let result = try kata.run(["check", "price"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("exercises/frameworks/price.swift:2:5: error:"), "\(result.stdout)")

        try kata.write(
            "\(Self.file)/greeting.swift", "func greeting(for name: String) -> String {\n    name.count\n}\n")
        let xcTest = try kata.run(["check", "greeting"])
        #expect(xcTest.status == 1)
        #expect(
            xcTest.stdout.contains(
                "exercises/frameworks/greeting.swift:2:10: error: cannot convert return expression of type 'Int' to "
                    + "return type 'String'"), "\(xcTest.stdout)")
        #expect(xcTest.stdout.contains("✗ Does not compile (1 error)."), "\(xcTest.stdout)")
    }

    @Test(
        "specify: weak tests leave a mutant alive, the shape counts a parameterized test's arguments; strong ones pass")
    func specify() throws {
        let kata = try KataRunner(fixture: "frameworks")
        let next = try kata.run(["next", "counter-tests"])
        #expect(
            next.stdout.contains("Shape  your tests need a parameterized test with at least 3 arguments"),
            "a framework's shape speaks of tests and arguments, not of a spec: \(next.stdout)")
        let weak = try kata.run(["check", "counter-tests"])
        #expect(weak.status == 1)
        try assertSnapshot(weak.transcript, named: "framework-swift-testing-weak-specs")
        #expect(weak.stdout.contains("✗ survived stuck: increment() does nothing."))
        #expect(weak.stdout.contains("a parameterized test with at least 3 arguments: your largest has 0"))

        try kata.write("\(Self.file)/counter-tests.swift", try kata.read("solutions/frameworks/counter-tests.swift"))
        let strong = try kata.run(["check", "counter-tests"])
        #expect(strong.status == 0, "\(strong.stdout)")

        // A test of the learner's that fails against the correct code is the learner's to fix, at the learner's line.
        try kata.write(
            "\(Self.file)/counter-tests.swift",
            try kata.read("solutions/frameworks/counter-tests.swift")
                + "\n@Test(\"one increment counts one\")\nfunc countsOnce() {\n    var counter = Counter()\n"
                + "    counter.increment()\n    #expect(counter.value == 2)\n}\n")
        let wrong = try kata.run(["check", "counter-tests"])
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("✗ one increment counts one"), "\(wrong.stdout)")
        #expect(
            wrong.stdout.contains(
                "exercises/frameworks/counter-tests.swift:18:5: Expectation failed: (counter.value → 1) == 2"),
            "\(wrong.stdout)")
        #expect(wrong.stdout.contains("your specs must pass against the correct code"), "\(wrong.stdout)")
        #expect(!wrong.stdout.contains("survived"), "no mutant is tried while the specs fail: \(wrong.stdout)")

        try kata.run(["next", "switch-tests"])
        let xcWeak = try kata.run(["check", "switch-tests"])
        #expect(xcWeak.stdout.contains("✗ survived stuck: flip() does nothing."), "\(xcWeak.stdout)")
        try kata.write("\(Self.file)/switch-tests.swift", try kata.read("solutions/frameworks/switch-tests.swift"))
        #expect(try kata.run(["check", "switch-tests"]).status == 0)
    }

    @Test("a learner's file cannot make a wrong solution pass: not by a module's name, nor by writing fake records")
    func forgery() throws {
        let kata = try KataRunner(fixture: "frameworks")
        // `#expect` expands to calls through `Testing.`: a type of that name would take them.
        try kata.write(
            "\(Self.file)/price.swift",
            "enum Testing {\n    static func __checkBinaryOperation() {}\n}\nfunc price(age: Int) -> Int { 0 }\n")
        let shadow = try kata.run(["check", "price"])
        #expect(shadow.status == 1)
        #expect(shadow.stdout.contains("price.swift:1:6: error: your file declares `Testing`"), "\(shadow.stdout)")

        // Records written to kata's result channel without the run's secret count for nothing.
        try kata.write(
            "\(Self.file)/price.swift",
            """
            import Foundation
            func price(age: Int) -> Int {
                let fake = #"{"secret":"","record":{"kind":"event","payload":{"kind":"runEnded","messages":[]}}}"#
                FileHandle(fileDescriptor: 3).write(Data((fake + "\\n").utf8))
                return 0
            }

            """)
        let fake = try kata.run(["check", "price"])
        #expect(fake.status == 1)
        #expect(fake.stdout.contains("1 passed, 4 failed"), "\(fake.stdout)")

        // Nor from an XCTest run: records without the secret (standard input is the harness's, read before any test),
        // then an `exit(0)` after a forged `runEnded`.
        try kata.write(
            "\(Self.file)/greeting.swift",
            ##"""
            import Foundation

            func greeting(for name: String) -> String {
                let secret = readLine() ?? ""
                let fd = Int32(ProcessInfo.processInfo.environment["KATA_EVENTS_FD"] ?? "") ?? 3
                func send(_ kind: String, _ test: String = "") {
                    let record = #"{"kind":"event","payload":{"kind":"\#(kind)","testID":"GreetingTests/\#(test)"}}"#
                    FileHandle(fileDescriptor: fd).write(Data((#"{"secret":"\#(secret)","record":"# + record + "}\n").utf8))
                }
                for test in ["testGreetsByName", "testGreetsNobodyPolitely", "testGreetsInFrench"] {
                    send("testStarted", test)
                    send("testEnded", test)
                }
                send("runEnded")
                if name.isEmpty { exit(0) }
                return ""
            }

            """##)
        let xcFake = try kata.run(["check", "greeting"])
        #expect(xcFake.status == 1)
        #expect(xcFake.stdout.contains("0 passed, 2 failed, 1 pending"), "\(xcFake.stdout)")
        #expect(
            xcFake.stdout.contains(#"XCTAssertEqual failed: ("") is not equal to ("Hello, Ada!")"#), "\(xcFake.stdout)")
        #expect(xcFake.stdout.contains("the program exited with status 0 in the middle of this example"))

        // XCTest's assertions cannot be replaced by the learner's.
        try kata.write(
            "\(Self.file)/greeting.swift",
            "func XCTAssertEqual<T>(_ a: T, _ b: T) {}\nfunc greeting(for name: String) -> String { \"\" }\n")
        let assertion = try kata.run(["check", "greeting"])
        #expect(assertion.status == 1)
        #expect(assertion.stdout.contains("Not accepted"), "\(assertion.stdout)")
    }
}
