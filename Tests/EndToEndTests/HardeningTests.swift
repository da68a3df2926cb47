import Foundation
import Testing

/// What a hostile or buggy learner's file can no longer do: forge a pass, touch the workbook or kata's state, leave
/// processes behind, flood or rewrite the terminal, or stall kata with a chapter.
@Suite("Hardening, end to end")
struct HardeningTests {
    static let wrongBasket = "struct Basket {\n    var items: [Int]\n    var total: Int { 0 }\n}\n"

    @Test("a declaration that would change what the chapter's spec calls is refused at its line, never a pass")
    func forgeries() throws {
        let kata = try KataRunner(fixture: "hardening")
        let forgeries: [(code: String, says: String)] = [
            (
                "func equal<T: Equatable>(_ e: T?) -> Matcher<T> { Matcher.defineNilable(\"equal\") { _, m in MatcherResult(bool: true, message: m) } }",
                "a name the chapter's specs take from KataSpec"
            ),
            (
                // A generic one makes the spec ambiguous rather than calling it: screening still names it.
                "func equal<T: Equatable>(_ expected: T) -> Matcher<T> { Matcher.defineNilable(\"equal\") { _, m in MatcherResult(bool: true, message: m) } }",
                "a name the chapter's specs take from KataSpec"
            ),
            ("func abs(_ x: Int) -> Int { 0 }", "a name the chapter's code takes from Swift's libraries"),
            (
                "extension Array where Element == Int { static func == (l: [Int], r: [Int]) -> Bool { true } }",
                "adds `==` to `Array`, not a struct, class or enum your file declares"
            ),
            (
                "typealias Shown = Expectation<Int>\nextension Shown { func to(_ m: Matcher<Int>) {} }",
                "one of KataSpec's types"
            ),
            (
                "extension BasketSpec { static func equal(_ x: Int) -> Matcher<Int> { Matcher.defineNilable(\"\") { _, m in MatcherResult(bool: true, message: m) } } }",
                "the chapter's spec class"
            ),
            ("@_silgen_name(\"swift_retain\") func retain(_ x: UnsafeRawPointer)", "`@_silgen_name` is not accepted"),
            ("@c(kata_write) func myWrite() {}", "`@c` is not accepted"),
            (
                "#sourceLocation(file: \"chapters/01-hardening.md\", line: 1)\nfunc later() {}\n#sourceLocation()",
                "`#sourceLocation` is not accepted"
            ),
        ]
        for forgery in forgeries {
            try kata.write("exercises/hardening/basket.swift", Self.wrongBasket + forgery.code + "\n")
            let result = try kata.run(["check", "basket"])
            #expect(result.status == 1, "\(forgery.code)")
            let line = 5 + (forgery.code.hasPrefix("typealias") ? 1 : 0)
            #expect(
                result.stdout.contains("exercises/hardening/basket.swift:\(line):"), "\(forgery.code)\n\(result.stdout)"
            )
            #expect(result.stdout.contains(forgery.says), "\(forgery.code)\n\(result.stdout)")
            #expect(!result.stdout.contains("passed"), "\(forgery.code)")
            let json = try kata.run(["check", "basket", "--format", "json"])
            #expect(json.stdout.contains("\"status\" : \"error\""), "\(forgery.code)")
        }
        try assertSnapshot(try kata.run(["check", "basket"]).transcript, named: "hardening-refused")
    }

    @Test("names the chapter does not use stay free: own types, own members, new extensions")
    func allowed() throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write(
            "exercises/hardening/basket.swift",
            try kata.read("solutions/hardening/basket.swift")
                + """
                enum Result { case fine }
                struct Scale { func equal(_ other: Scale) -> Bool { true } }
                extension Array { var second: Element? { dropFirst().first } }
                func expectations() -> Int { 3 }
                let mail = "someone@c.example"  // @_cdecl and #sourceLocation in a comment are text

                """)
        let result = try kata.run(["check", "basket"])
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test("in the sandbox the learner's program cannot see or change the workbook or kata's state")
    func sandbox() throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write("exercises/hardening/basket.swift", Self.wrongBasket)
        _ = try kata.run(["check", "basket"])
        let progress = try kata.read(".kata/progress.json")
        let root = kata.root.path
        try kata.write(
            "exercises/hardening/rogue.swift",
            """
            import Foundation
            func work() -> Int {
                let manager = FileManager.default
                var seen = 0
                for path in ["\(root)/chapters", "\(root)/solutions", "\(root)/.kata/progress.json", "\(root)/.kata/cache"] {
                    if manager.fileExists(atPath: path) { seen += 1 }
                    try? manager.removeItem(atPath: path)
                }
                _ = manager.createFile(atPath: "\(root)/.kata/progress.json", contents: Data("{}".utf8))
                _ = manager.createFile(atPath: "/usr/kata-was-here", contents: Data())
                print("saw \\(seen) of the workbook's files, uid \\(getuid()), in \\(manager.currentDirectoryPath)")
                return 2
            }

            """)
        let result = try kata.run(["check", "rogue"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("saw 0 of the workbook's files"), "\(result.stdout)")
        #expect(!result.stdout.contains("no sandbox"), "this computer has bubblewrap (scripts/setup.sh installs it)")
        #expect(FileManager.default.fileExists(atPath: kata.file("chapters/01-hardening.md").path))
        #expect(FileManager.default.fileExists(atPath: kata.file("solutions/hardening/basket.swift").path))
        #expect(!FileManager.default.fileExists(atPath: "/usr/kata-was-here"))
        let after = try kata.read(".kata/progress.json")
        #expect(after.hasPrefix(String(progress.prefix(20))) && after.contains("\"rogue\""), "kata's own record only")

        let json = try kata.run(["check", "rogue", "--format", "json", "--no-cache"])
        #expect(json.stdout.contains("\"sandbox\" : \"bubblewrap\""))
        let bare = try kata.run(["check", "basket", "--no-cache"], environment: ["KATA_SANDBOX": "none"])
        #expect(bare.stdout.contains("Note: no sandbox on this computer (KATA_SANDBOX=none turned it off)"))
    }

    @Test("nothing the program starts outlives the check, with or without the sandbox, even when kata is killed")
    func processes() throws {
        let kata = try KataRunner(fixture: "hardening")
        for sandbox in ["bubblewrap", "none"] {
            let tag = Int.random(in: 100_000...999_999)
            try kata.write("exercises/hardening/rogue.swift", Self.escapee(tag: tag, thenSpin: false))
            _ = try kata.run(
                ["check", "rogue", "--no-cache"], environment: sandbox == "none" ? ["KATA_SANDBOX": "none"] : [:])
            #expect(Self.processes(containing: "esc\(tag)") == [], "\(sandbox): the escaped daemon was stopped")
        }
        // kata itself killed in the middle of a check.
        let tag = Int.random(in: 100_000...999_999)
        try kata.write("exercises/hardening/rogue.swift", Self.escapee(tag: tag, thenSpin: true))
        let process = Process()
        process.executableURL = KataRunnerBinary.url
        process.arguments = ["check", "rogue", "--no-cache"]
        process.currentDirectoryURL = kata.root
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["KATA_LIBRARY_CACHE": KataRunner.libraryCache]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        #expect(Self.waitUntil(seconds: 60) { !Self.processes(containing: "esc\(tag)").isEmpty }, "the daemon started")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(Self.waitUntil(seconds: 10) { Self.processes(containing: "esc\(tag)").isEmpty }, "and died with kata")
    }

    @Test("a verdict changed in kata's cache is not trusted: the check runs again")
    func tamperedVerdict() throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write("exercises/hardening/basket.swift", Self.wrongBasket)
        #expect(try kata.run(["check", "basket"]).status == 1)
        let verdicts = kata.file(".kata/cache/verdicts")
        for name in try FileManager.default.contentsOfDirectory(atPath: verdicts.path) {
            let url = verdicts.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "\"failed\"", with: "\"passed\"").utf8).write(to: url)
        }
        let again = try kata.run(["check", "basket"])
        #expect(again.status == 1)
        #expect(!again.stdout.contains("from the cache"))
    }

    @Test("what the program prints cannot drive the terminal, and JSON output stays within 500 characters")
    func output() throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write(
            "exercises/hardening/rogue.swift",
            """
            func work() -> Int {
                print("\\u{1B}]0;owned\\u{07}\\u{1B}[2J\\u{1B}]8;;http://x\\u{07}link\\r" + String(repeating: "y", count: 2_000))
                return 2
            }

            """)
        let human = try kata.run(["check", "rogue"])
        #expect(!human.stdout.utf8.contains(0x1B), "no raw escape reaches the terminal")
        #expect(human.stdout.contains("\\u{1B}]0;owned\\u{7}\\u{1B}[2J"))
        let json = try kata.run(["check", "rogue", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let output = try #require((object["tests"] as? [[String: Any]])?.first?["output"] as? String)
        #expect(output.count <= 500)
        #expect(output.hasSuffix("[output cut; kata check shows more]"))
    }

    @Test("after a timeout, the examples that never ran are listed in JSON and JUnit")
    func notRun() throws {
        let kata = try KataRunner(fixture: "check")
        try kata.write(
            "exercises/checks/loops.swift", "func quick() -> Int { 1 }\nfunc spin() -> Int { while true {} }\n")
        let json = try kata.run(["check", "loops", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(
            tests.map { $0["name"] as? String ?? "" } == [
                "loops finishes quickly", "loops never ends", "loops is never reached",
            ])
        #expect(tests.last?["status"] as? String == "error")
        #expect((tests.last?["message"] as? String)?.contains("not run") == true)
        let junit = try kata.run(["check", "loops", "--format", "junit"])
        #expect(junit.stdout.contains("name=\"is never reached\""))
        #expect(junit.stdout.contains("<skipped message=\"not run"))
    }

    @Test("a full disk is kata's error: exit 2, nothing recorded, nothing cached")
    func environmentalFailure() throws {
        let kata = try KataRunner(fixture: "hardening")
        let fake = kata.file("fake-swiftc")
        let real = try #require(Self.which("swiftc"))
        try kata.write(
            "fake-swiftc",
            """
            #!/bin/sh
            for argument in "$@"; do
                if [ "$argument" = "Exercise" ]; then
                    echo "error: link command failed: ld: write error: No space left on device" >&2
                    exit 1
                fi
            done
            exec "\(real)" "$@"

            """)
        chmod(fake.path, 0o755)
        try kata.write("exercises/hardening/basket.swift", Self.wrongBasket)
        let result = try kata.run(["check", "basket"], environment: ["SWIFTC": fake.path, "KATA_COMPILER": "driver"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("the disk is full"))
        #expect(result.stderr.contains("not with your code"))
        let progress = (try? kata.read(".kata/progress.json")) ?? ""
        #expect(!progress.contains("\"basket\""), "no attempt was recorded")
        let verdicts =
            (try? FileManager.default.contentsOfDirectory(atPath: kata.file(".kata/cache/verdicts").path)) ?? []
        #expect(verdicts.isEmpty, "nothing was cached")
    }

    @Test("files that are not what they seem get messages that say what they are")
    func misleadingFiles() throws {
        let kata = try KataRunner(fixture: "hardening")
        try FileManager.default.createDirectory(
            at: kata.file("exercises/hardening/basket.swift"), withIntermediateDirectories: true)
        let folder = try kata.run(["check", "basket"])
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("exercises/hardening/basket.swift is a folder, not a file"))
        try FileManager.default.removeItem(at: kata.file("exercises/hardening/basket.swift"))

        try Data([0x73, 0x74, 0x72, 0x75, 0x63, 0x74, 0x0a, 0xff, 0xfe, 0x0a]).write(
            to: kata.file("exercises/hardening/basket.swift"))
        let latin = try kata.run(["check", "basket"])
        #expect(latin.stderr.contains("is not UTF-8 text: line 2"))

        try FileManager.default.removeItem(at: kata.file("exercises/hardening/basket.swift"))
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata-outside-\(UUID().uuidString).swift")
        try Data("struct Basket { var items: [Int]; var total: Int { 0 } }\n".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            atPath: kata.file("exercises/hardening/basket.swift").path, withDestinationPath: outside.path)
        let link = try kata.run(["check", "basket"])
        #expect(link.stderr.contains("is a symbolic link"))
        // The advice works: the link itself is removed (never followed: nothing of it is backed up), the starter
        // is back (LinkTests has every command, and a folder link).
        let reset = try kata.run(["reset", "basket"])
        #expect(reset.status == 0)
        #expect(reset.stdout.contains("was a symbolic link: kata removed the link itself"))
        #expect(!FileManager.default.fileExists(atPath: kata.file(".kata/backups").path))
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(
                atPath: kata.file("exercises/hardening/basket.swift").path)) == nil)
        #expect(try String(contentsOf: outside, encoding: .utf8).contains("struct Basket"), "what it pointed to stays")

        let huge = try kata.run(["check", String(repeating: "x", count: 100_000)])
        #expect(huge.status == 2)
        #expect(huge.stderr.count < 300, "the id is not echoed")

        try Data(repeating: 0x20, count: 2 << 20).write(to: kata.file("exercises/hardening/basket.swift"))
        let big = try kata.run(["check", "basket"])
        #expect(big.stderr.contains("is 2097152 bytes; kata reads files of up to 1048576 bytes"))

        try FileManager.default.removeItem(at: kata.file("solutions/hardening/rogue.swift"))
        try FileManager.default.createDirectory(
            at: kata.file("solutions/hardening/rogue.swift"), withIntermediateDirectories: true)
        let solution = try kata.run(["list"])
        #expect(solution.stderr.contains("solutions/hardening/rogue.swift, is a folder; it must be a Swift file"))
    }

    @Test("kata reset of a FIFO or a folder in the learner file's place says to move it away, at once")
    func resetNotAFile() throws {
        let kata = try KataRunner(fixture: "hardening")
        try FileManager.default.createDirectory(
            at: kata.file("exercises/hardening"), withIntermediateDirectories: true)
        #expect(mkfifo(kata.file("exercises/hardening/basket.swift").path, 0o644) == 0)
        let fifo = try kata.run(["reset", "basket"], timeout: 60)
        #expect(!fifo.timedOut, "reset waited on the FIFO")
        #expect(fifo.status == 1)
        #expect(
            fifo.stderr.contains(
                "exercises/hardening/basket.swift is not a regular file, so kata cannot back it up before putting the "
                    + "starter back; move it elsewhere and run kata reset basket again"), "\(fifo.stderr)")
        try FileManager.default.removeItem(at: kata.file("exercises/hardening/basket.swift"))
        try FileManager.default.createDirectory(
            at: kata.file("exercises/hardening/basket.swift"), withIntermediateDirectories: true)
        let folder = try kata.run(["reset", "basket"])
        #expect(folder.stderr.contains("is a folder, not a file, so kata cannot back it up"), "\(folder.stderr)")
        try FileManager.default.removeItem(at: kata.file("exercises/hardening/basket.swift"))
        #expect(try kata.run(["reset", "basket"]).status == 0, "once it is moved away, the advice works")
    }

    @Test("what a killed kata left behind is cleared by the next check")
    func leftovers() throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write(".kata/build/basket-0123456789ab-999999/specs/program", "stale")
        try kata.write(".kata/.progress.json.999999.1.tmp", "{}")
        try kata.write("exercises/hardening/basket.swift", Self.wrongBasket)
        _ = try kata.run(["check", "basket"])
        #expect(!FileManager.default.fileExists(atPath: kata.file(".kata/build/basket-0123456789ab-999999").path))
        #expect(!FileManager.default.fileExists(atPath: kata.file(".kata/.progress.json.999999.1.tmp").path))
    }

    @Test(
        "a chapter that would stall cmark-gfm is refused at its line, at once",
        arguments: [
            (
                "|" + String(repeating: "a|", count: 10_000) + "\n|" + String(repeating: "-|", count: 10_000) + "\n"
                    + String(repeating: "|x\n", count: 2_000), 3
            ),
            (String(repeating: "a <? ", count: 200_000), 3),
            (String(repeating: "a <!A ", count: 160_000), 3),
            (String(repeating: "a <![CDATA[ ", count: 80_000), 3),
            (String(repeating: "![[]() ", count: 140_000), 3),
            ("Text\n" + String(repeating: "-|-\n-|-|-\n", count: 5_000), 3),
            ("``` swift `x`\n\n|a|\n|-|\n" + String(repeating: "| ", count: 20_000), 7),
            ("```hint id=x\n" + String(repeating: "a <? ", count: 100_000) + "\n```", 3),
        ])
    func stallingChapter(body: String, line: Int) throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write("chapters/02-stall.md", "# Stall\n\n" + body)
        let result = try kata.run(["list"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("chapters/02-stall.md:\(line):1: error:"), "\(result.stderr.prefix(300))")
    }

    @Test("checks run at once on one workbook each get their verdict, and progress keeps every one")
    func concurrentChecks() async throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write("exercises/hardening/basket.swift", try kata.read("solutions/hardening/basket.swift"))
        try kata.write("exercises/hardening/rogue.swift", "func work() -> Int { 0 }\n")
        let statuses = try await withThrowingTaskGroup(of: (String, Int32).self) { group in
            for round in 0..<6 {
                let id = round.isMultiple(of: 2) ? "basket" : "rogue"
                group.addTask { (id, try kata.run(["check", id, "--no-cache"]).status) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.filter { $0.0 == "basket" }.allSatisfy { $0.1 == 0 })
        #expect(statuses.filter { $0.0 == "rogue" }.allSatisfy { $0.1 == 1 })
        let progress = try kata.read(".kata/progress.json")
        #expect(progress.components(separatedBy: "\"verdict\" : ").count - 1 == 6, "no check was lost")
        #expect(!progress.contains("unverified"))
    }

    // MARK: - Helpers

    /// A learner file whose `work()` starts a daemon (a child that leaves its session and names itself `esc<tag>`),
    /// then returns or spins. In the sandbox there is no other program to start, and no /proc for Foundation's
    /// `Process`: a fork is what learner code has.
    static func escapee(tag: Int, thenSpin: Bool) -> String {
        """
        import Foundation
        func work() -> Int {
            if fork() == 0 {
                _ = setsid()
                Thread.current.name = "esc\(tag)"
                while true { usleep(100_000) }
            }
            \(thenSpin ? "while true { usleep(1000) }" : "usleep(300_000)")
            return 2
        }

        """
    }

    /// The processes whose name (`/proc/<pid>/comm`) contains `text`.
    static func processes(containing text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.compactMap { entry in
            guard let data = FileManager.default.contents(atPath: "/proc/\(entry)/comm") else { return nil }
            let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return name.contains(text) ? "\(entry) \(name)" : nil
        }
    }

    static func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
