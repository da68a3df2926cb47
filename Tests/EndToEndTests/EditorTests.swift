import Foundation
import KataTestSupport
import Testing

/// A workbook as a learner has it after `kata next`: the `translated` fixture (an implement exercise, a specify
/// exercise and a Chinese translation), a chapter whose exercise has support code, and a `Package.swift` of its
/// own at the root, as kata's is, with a source file of its own.
private struct EditorWorkbook {
    let kata: KataRunner

    init() throws {
        kata = try KataRunner(fixture: "translated")
        try kata.write(
            "chapters/04-wallet.md",
            """
            # Wallet

            ## Adding coins

            ```swift support id=wallet-total
            /// A coin, worth some cents.
            struct Coin {
                let cents: Int
            }
            ```

            ```swift spec id=wallet-total
            final class WalletSpec: QuickSpec {
                override class func spec() {
                    it("adds the coins") { expect(total(of: [Coin(cents: 5), Coin(cents: 20)])).to(equal(25)) }
                }
            }
            ```

            Add up the coins.

            ```swift starter id=wallet-total
            func total(of coins: [Coin]) -> Int {
                return 0
            }
            ```

            """)
        try kata.write(
            "solutions/wallet/wallet-total.swift",
            "func total(of coins: [Coin]) -> Int {\n    coins.reduce(0) { $0 + $1.cents }\n}\n")
        try kata.write(
            "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(name: "tool", targets: [.target(name: "Tool")])

            """)
        try kata.write("Sources/Tool/Tool.swift", "public func tool() -> Int {\n    1\n}\n")
    }

    /// Runs kata with the preparation on (it writes the editor's files).
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> KataProcess.Result {
        let result = try kata.run(arguments, environment: ["KATA_PREPARE": "on"].merging(environment) { $1 })
        #expect(result.status == 0, "kata \(arguments.joined(separator: " ")): \(result.stdout)\(result.stderr)")
        return result
    }

    /// `kata next`, then waits for the preparation to have written the editor's files.
    func next(_ id: String) throws {
        try run(["next", id])
        #expect(
            eventually { FileManager.default.fileExists(atPath: kata.file("exercises/compile_commands.json").path) },
            "the preparation writes exercises/compile_commands.json")
        #expect(
            eventually {
                FileManager.default.fileExists(atPath: kata.file(".kata/editor/KataSpec/KataSpec.swiftmodule").path)
            }, ".kata/editor/KataSpec leads to the KataSpec build")
    }

    func file(_ path: String) -> URL { kata.file(path).standardizedFileURL }
}

/// Waits until `condition` holds (at most `timeout` seconds: KataSpec takes minutes on a busy machine).
private func eventually(timeout: TimeInterval = 600, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(100_000)
    }
    return condition()
}

/// What an editor running sourcekit-lsp shows for the learner's files once `kata next` has run: the compiler's own
/// diagnostics, completion, and definitions, through sourcekit-lsp itself.
@Suite(
    "The learner's editor understands the exercise (through sourcekit-lsp)", .serialized,
    .enabled(
        if: LanguageServer.executable != nil,
        "sourcekit-lsp is not installed: it comes with the Swift toolchain (swift.org), beside swiftc"))
struct EditorTests {
    @Test(
        "implement: no error on the starter, the compiler's error at its line, the chapter's types and KataSpec completed, definition in the chapter's code; kata's own package still understood"
    )
    func implement() throws {
        let workbook = try EditorWorkbook()
        try workbook.next("wallet-total")
        let server = try LanguageServer(root: workbook.kata.root)
        defer { server.shutdown() }
        let file = workbook.file("exercises/wallet/wallet-total.swift")
        try server.open(file)
        #expect(try server.diagnostics(file).isEmpty, "the starter compiles: \(server.log.path)")

        server.change(
            file, to: "func total(of coins: [Coin]) -> Int {\n    let cents = coins.map { $0.cent }\n    return 0\n}\n")
        let errors = try server.diagnostics(file)
        #expect(errors.map(\.line) == [1], "one error, on the line of the mistake: \(errors)")
        #expect(errors.first?.message.contains("cent") == true, "the compiler's own words: \(errors)")

        server.change(file, to: "func total(of coins: [Coin]) -> Int {\n    _ = Co\n    expect(1).to(\n}\n")
        let types = try server.completions(file, line: 1, character: 10)
        #expect(types.contains("Coin"), "the chapter's support type is offered: \(types.prefix(20))")
        let matchers = try server.completions(file, line: 2, character: 17)
        #expect(matchers.contains { $0.hasPrefix("equal(") }, "KataSpec's matchers are offered: \(matchers.prefix(20))")

        server.change(file, to: "func total(of coins: [Coin]) -> Int {\n    0\n}\n")
        let definition = try #require(try server.definition(file, line: 0, character: 23).first)
        #expect(definition.file.standardizedFileURL == workbook.file(".kata/editor/wallet/wallet-total.chapter.swift"))
        let lines = try String(contentsOf: definition.file, encoding: .utf8).components(separatedBy: "\n")
        #expect(lines.indices.contains(definition.line) && lines[definition.line].contains("struct Coin"))
        #expect(lines.contains { $0.contains("chapters/04-wallet.md:6: support code") }, "it says where it is from")

        let own = workbook.file("Sources/Tool/Tool.swift")
        try server.open(own, text: "public func tool() -> Int {\n    \"one\"\n}\n")
        let ownErrors = try server.diagnostics(own)
        #expect(ownErrors.map(\.line) == [1], "kata's own package is still a package in the editor: \(ownErrors)")
    }

    @Test(
        "specify: no error on the starter spec, KataSpec's matchers after expect(x).to(, definition of the code under test, a misspelt name at its line"
    )
    func specify() throws {
        let workbook = try EditorWorkbook()
        try workbook.next("counter-spec")
        let server = try LanguageServer(root: workbook.kata.root)
        defer { server.shutdown() }
        let file = workbook.file("exercises/more/counter-spec.swift")
        let starter = try String(contentsOf: file, encoding: .utf8)
        try server.open(file)
        #expect(try server.diagnostics(file).isEmpty, "the starter compiles: \(server.log.path)")

        let lines = starter.components(separatedBy: "\n")
        let typed = "        it(\"counts\") { expect(Counter().value).to("
        server.change(file, to: (lines[0...2] + [typed, "        }"] + lines[3...]).joined(separator: "\n"))
        let matchers = try server.completions(file, line: 3, character: typed.utf16.count)
        #expect(matchers.contains { $0.hasPrefix("equal(") }, "offers equal: \(matchers.prefix(20))")

        server.change(file, to: starter)
        let column = try #require(lines[2].range(of: "Counter()")).lowerBound.utf16Offset(in: lines[2])
        let definition = try #require(try server.definition(file, line: 2, character: column + 2).first)
        #expect(definition.file.standardizedFileURL == workbook.file(".kata/editor/more/counter-spec.chapter.swift"))
        let code = try String(contentsOf: definition.file, encoding: .utf8).components(separatedBy: "\n")
        #expect(code.indices.contains(definition.line) && code[definition.line].contains("struct Counter"))

        server.change(file, to: starter.replacingOccurrences(of: "Counter().value", with: "Counter().valeu"))
        let errors = try server.diagnostics(file)
        #expect(errors.map(\.line) == [2], "one error, on its line: \(errors)")
        #expect(errors.first?.message.contains("valeu") == true)
    }

    @Test("it stays true as the learner moves on: a new exercise, kata lang, KataSpec built again, another file")
    func movingOn() throws {
        let workbook = try EditorWorkbook()
        try workbook.next("wallet-total")
        let server = try LanguageServer(root: workbook.kata.root)
        defer { server.shutdown() }
        let wallet = workbook.file("exercises/wallet/wallet-total.swift")
        try server.open(wallet)
        #expect(try server.diagnostics(wallet).isEmpty)

        try workbook.next("counter-spec")
        let counter = workbook.file("exercises/more/counter-spec.swift")
        try server.open(counter)
        #expect(try server.diagnostics(counter).isEmpty, "the new exercise is understood")

        let chapterCode = workbook.file(".kata/editor/more/counter-spec.chapter.swift")
        try workbook.run(["lang", "zh-Hans"])
        #expect(
            eventually {
                (try? String(contentsOf: chapterCode, encoding: .utf8))?.contains("chapters/zh-Hans/02-more.md") == true
            }, "the chapter's code names its place in the translation the learner reads")
        server.change(counter, to: try String(contentsOf: counter, encoding: .utf8) + "\n")
        #expect(try server.diagnostics(counter).isEmpty, "still understood after kata lang")

        // KataSpec built again (an update of kata): the editor sees the new build after the check that made it.
        let sources = FileManager.default.temporaryDirectory.appendingPathComponent("kata-spec-\(UUID().uuidString)")
        let repository = KataRunner.sourceFolder.deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Sources/KataSpec"), to: sources)
        try Data("public func kataEditorProbe() -> Int { 1 }\n".utf8).write(
            to: sources.appendingPathComponent("EditorProbe.swift"))
        let probing = try String(contentsOf: counter, encoding: .utf8)
            .replacingOccurrences(
                of: "override class func spec() {", with: "override class func spec() {\n_ = kataEditorProbe()")
        server.change(counter, to: probing)
        #expect(try server.diagnostics(counter).map(\.line) == [2], "KataSpec has no kataEditorProbe() yet")
        try workbook.kata.write("exercises/more/counter-spec.swift", probing)
        let checked = try workbook.kata.run(
            ["check", "counter-spec"], environment: ["KATA_SPEC_SOURCES": sources.path])
        #expect(checked.status != 2, "the check builds KataSpec again and gives a verdict: \(checked.stderr)")
        server.change(counter, to: probing + "\n")
        #expect(try server.diagnostics(counter).isEmpty, "the editor imports the KataSpec the check built")

        server.change(wallet, to: "func total(of coins: [Coin]) -> Int {\n    coins.count\n}\n")
        #expect(try server.diagnostics(wallet).isEmpty, "the first exercise is still understood")
    }
}

/// The fixture of exercises on the toolchain's frameworks, with one more in Swift 6 language mode, after `kata next`.
private func frameworksWorkbook(next id: String) throws -> KataRunner {
    let kata = try KataRunner(fixture: "frameworks")
    try kata.write(
        "chapters/02-strict.md",
        """
        # Strict

        ## A total in Swift 6 mode

        ```swift spec id=strict-total
        import Testing

        @Test func adds() {
            #expect(total([1, 2]) == 3)
        }
        ```

        Add them up.

        ```swift starter id=strict-total engine=swift-testing language-mode=6
        func total(_ values: [Int]) -> Int {
            0
        }
        ```

        """)
    try kata.write(
        "solutions/strict/strict-total.swift", "func total(_ values: [Int]) -> Int {\n    values.reduce(0, +)\n}\n")
    let result = try kata.run(["next", id], environment: ["KATA_PREPARE": "on"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
        eventually {
            (try? kata.read("exercises/compile_commands.json"))?.contains("strict-total.swift") == true
        }, "the preparation writes exercises/compile_commands.json")
    return kata
}

extension EditorTests {
    @Test(
        "Swift Testing and XCTest: no error on the starters, the frameworks' own API completed, an error at its line, Swift 6 mode's errors only where the exercise asks for it"
    )
    func frameworks() throws {
        let kata = try frameworksWorkbook(next: "counter-tests")
        let server = try LanguageServer(root: kata.root)
        defer { server.shutdown() }

        let tests = kata.file("exercises/frameworks/counter-tests.swift").standardizedFileURL
        let starter = try String(contentsOf: tests, encoding: .utf8)
        try server.open(tests)
        #expect(try server.diagnostics(tests).isEmpty, "the Swift Testing starter compiles: \(server.log.path)")
        let typed = "@Test(arguments: [1, 2, 3]) func counts(times: Int) { #expect(Counter()."
        server.change(tests, to: starter + "\n" + typed + "\n}\n")
        let members = try server.completions(
            tests, line: starter.components(separatedBy: "\n").count, character: typed.utf16.count)
        #expect(members.contains { $0.hasPrefix("value") }, "the subject's members: \(members.prefix(20))")
        server.change(tests, to: starter.replacingOccurrences(of: "Counter().value", with: "Counter().valeu"))
        let errors = try server.diagnostics(tests)
        #expect(errors.map(\.line) == [3], "one error, on its line: \(errors)")
        #expect(errors.first?.message.contains("valeu") == true)

        let moved = try kata.run(["next", "switch-tests"])
        #expect(moved.status == 0, "\(moved.stdout)\(moved.stderr)")
        let xcTests = kata.file("exercises/frameworks/switch-tests.swift").standardizedFileURL
        try server.open(xcTests)
        #expect(try server.diagnostics(xcTests).isEmpty, "the XCTest starter compiles: \(server.log.path)")
        let xcStarter = try String(contentsOf: xcTests, encoding: .utf8)
        let assertion = "        XCTAssertEq"
        let lines = xcStarter.components(separatedBy: "\n")
        server.change(xcTests, to: (lines[0...4] + [assertion] + lines[5...]).joined(separator: "\n"))
        let assertions = try server.completions(xcTests, line: 5, character: assertion.utf16.count)
        #expect(assertions.contains { $0.hasPrefix("XCTAssertEqual") }, "XCTest's assertions: \(assertions.prefix(20))")

        // A global variable is shared mutable state: an error in Swift 6 mode, nothing in Swift 5 mode.
        let strict = kata.file("exercises/strict/strict-total.swift").standardizedFileURL
        let global = "var calls = 0\n\nfunc total(_ values: [Int]) -> Int {\n    calls += 1\n    return 0\n}\n"
        try kata.write("exercises/strict/strict-total.swift", global)
        try server.open(strict)
        let strictErrors = try server.diagnostics(strict)
        #expect(strictErrors.first?.line == 0, "Swift 6 mode: \(strictErrors)")
        #expect(strictErrors.first?.message.contains("concurrency-safe") == true, "\(strictErrors)")
        let relaxed = kata.file("exercises/frameworks/price.swift").standardizedFileURL
        try kata.write(
            "exercises/frameworks/price.swift",
            "var calls = 0\n\nfunc price(age: Int) -> Int {\n    calls += 1\n    return 0\n}\n")
        try server.open(relaxed)
        #expect(try server.diagnostics(relaxed).isEmpty, "Swift 5 mode: no error for the same code")
    }
}

/// What kata writes for the learner's editor, read without an editor.
@Suite("What kata writes for the learner's editor")
struct EditorFilesTests {
    @Test("the compile command of each learner file compiles the exercise's reference solution, with no error")
    func compileCommands() throws {
        let workbook = try EditorWorkbook()
        try workbook.next("wallet-total")
        let data = try Data(contentsOf: workbook.kata.file("exercises/compile_commands.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let learnerFiles = entries.compactMap { $0["file"] as? String }.filter { $0.contains("/exercises/") }
        #expect(learnerFiles.count == 5, "one command for each exercise's file: \(learnerFiles)")
        let swiftc = try #require(
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
                .first { FileManager.default.isExecutableFile(atPath: $0) })
        for entry in entries {
            guard let file = entry["file"] as? String, learnerFiles.contains(file),
                var arguments = entry["arguments"] as? [String]
            else { continue }
            // The learner's file as the reference solution has it.
            let solution = file.replacingOccurrences(of: "/exercises/", with: "/solutions/")
            arguments = arguments.dropFirst().map { $0 == file ? solution : $0 }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: swiftc)
            process.arguments = ["-typecheck"] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0 && !text.contains("error"), "\(solution):\n\(text)")
        }
    }

    /// A compilation database the learner keeps in `exercises/` is theirs: kata leaves it, and says so once.
    @Test("a learner's exercises/compile_commands.json is left alone, kata says what to do, once")
    func leftAlone() throws {
        let workbook = try EditorWorkbook()
        let own = "[{\"directory\": \"/\", \"file\": \"/mine.swift\", \"arguments\": [\"swiftc\"]}]\n"
        try workbook.kata.write("exercises/compile_commands.json", own)
        let first = try workbook.run(["next", "wallet-total"])
        #expect(
            first.stderr.contains(
                "exercises/compile_commands.json is not kata's, so kata left it alone, and your editor may not understand the exercises."
            ), "\(first.stderr)")
        #expect(first.stderr.contains(".kata/editor/compile_commands.json"), "it says where kata's entries are")
        #expect(
            eventually {
                FileManager.default.fileExists(atPath: workbook.kata.file(".kata/editor/compile_commands.json").path)
            })
        #expect(try workbook.kata.read("exercises/compile_commands.json") == own, "the learner's file is unchanged")
        let second = try workbook.run(["next"])
        #expect(!second.stderr.contains("not kata's"), "said once: \(second.stderr)")
        #expect(try workbook.kata.read("exercises/compile_commands.json") == own)

        try FileManager.default.removeItem(at: workbook.kata.file("exercises/compile_commands.json"))
        try workbook.run(["next"])
        #expect(
            eventually {
                (try? workbook.kata.read("exercises/compile_commands.json"))?.contains("wallet-total.swift") == true
            }, "once the learner moved theirs away, kata writes its own")
    }
}
