import Foundation
import Testing

/// The learner loop through the real `kata` binary: next, list, hint, reset.
@Suite("Learner loop, end to end")
struct LearnerLoopTests {
    @Test("kata next shows the first exercise and creates its file from the starter, once")
    func next() throws {
        let kata = try KataRunner(fixture: "loop")
        let first = try kata.run(["next"])
        try assertSnapshot(first.transcript, named: "next-first")
        #expect(try kata.read("exercises/basics/add-numbers.swift") == "func add(_ a: Int, _ b: Int) -> Int { 0 }\n")

        try Data("// my work\n".utf8).write(to: kata.file("exercises/basics/add-numbers.swift"))
        let again = try kata.run(["next"])
        #expect(again.status == 0)
        #expect(!again.stdout.contains("new: made from the starter"))
        #expect(
            try kata.read("exercises/basics/add-numbers.swift") == "// my work\n",
            "an existing file is never overwritten")
    }

    @Test("kata next with an id jumps to that exercise and creates its file; an unknown id is refused")
    func nextNamed() throws {
        let kata = try KataRunner(fixture: "loop")
        let named = try kata.run(["next", "greet"])
        #expect(named.status == 0)
        #expect(named.stdout.contains("(greet-team, exercise 2 of 3)"))
        #expect(named.stdout.contains("Edit   exercises/basics/greet-team.swift  (new: made from the starter)"))
        #expect(FileManager.default.fileExists(atPath: kata.file("exercises/basics/greet-team.swift").path))
        #expect(!FileManager.default.fileExists(atPath: kata.file("exercises/basics/add-numbers.swift").path))
        let unknown = try kata.run(["next", "gret-team"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("greet-team"), "the error suggests the closest id")

        // The choice is remembered: the current exercise is now greet-team, for next, list and check.
        #expect(try kata.run(["next"]).stdout.contains("(greet-team, exercise 2 of 3)"))
        #expect(try kata.run(["list"]).stdout.contains("→"))
        let listed = try kata.run(["list"]).stdout.split(separator: "\n").first { $0.contains("→") }
        #expect(listed?.contains("greet-team") == true, "list marks the chosen exercise: \(listed ?? "")")

        // Once it is solved, the current exercise is the next unsolved one after it, then the first unsolved.
        try kata.writeLegacyProgress(
            #"{"version": 1, "chosen": "greet-team", "exercises": {"greet-team": {"attempts": 1, "checks": [], "hintsShown": 0, "solved": "2026-11-01T10:00:00Z"}}}"#
        )
        #expect(try kata.run(["next"]).stdout.contains("(add-up-spec, exercise 3 of 3"))
        try kata.writeLegacyProgress(
            #"{"version": 1, "chosen": "greet-team", "exercises": {"greet-team": {"attempts": 1, "checks": [], "hintsShown": 0, "solved": "2026-11-01T10:00:00Z"}, "add-up-spec": {"attempts": 1, "checks": [], "hintsShown": 0, "solved": "2026-11-01T10:00:00Z"}}}"#
        )
        #expect(try kata.run(["next"]).stdout.contains("(add-numbers, exercise 1 of 3)"))
    }

    @Test("kata next says so when every exercise is solved, with a summary")
    func allSolved() throws {
        let kata = try KataRunner(fixture: "loop")
        try FileManager.default.createDirectory(at: kata.file(".kata"), withIntermediateDirectories: true)
        let solved = #"{"attempts": 1, "checks": [], "hintsShown": 0, "solved": "2026-11-01T10:00:00Z"}"#
        try Data(
            #"{"version": 1, "exercises": {"add-numbers": \#(solved), "greet-team": \#(solved), "add-up-spec": \#(solved)}}"#
                .utf8
        ).write(to: kata.file(".kata/progress.json"))
        try assertSnapshot(try kata.run(["next"]).transcript, named: "next-all-solved")
    }

    @Test("kata list shows every chapter and exercise with its state and a progress bar")
    func list() throws {
        let kata = try KataRunner(fixture: "loop")
        try FileManager.default.createDirectory(at: kata.file(".kata"), withIntermediateDirectories: true)
        try Data(
            #"""
            {"version": 1, "exercises": {
              "add-numbers": {"attempts": 2, "checks": [], "hintsShown": 1, "solved": "2026-11-01T10:00:00Z"},
              "greet-team": {"attempts": 3, "checks": [], "hintsShown": 0}}}
            """#.utf8
        ).write(to: kata.file(".kata/progress.json"))
        try assertSnapshot(try kata.run(["list"]).transcript, named: "list")
    }

    @Test("kata hint shows one more hint each time, remembers, and says when there are no more")
    func hints() throws {
        let kata = try KataRunner(fixture: "loop")
        var transcript = ""
        for arguments in [
            ["hint"], ["hint", "add-n"], ["hint", "add-numbers"], ["hint", "add-n", "--all"], ["hint", "greet-team"],
        ] {
            transcript += "$ kata \(arguments.joined(separator: " "))\n" + (try kata.run(arguments)).transcript
        }
        try assertSnapshot(transcript, named: "hint-sequence")
        #expect(try kata.read(".kata/progress.json").contains(#""hintsShown" : 2"#))
    }

    @Test("kata reset saves the learner's file to a backup whose path it prints, then restores the starter")
    func reset() throws {
        let kata = try KataRunner(fixture: "loop")
        try kata.run(["next"])
        try Data("// two hours of work\n".utf8).write(to: kata.file("exercises/basics/add-numbers.swift"))
        let result = try kata.run(["reset", "add-numbers"])
        try assertSnapshot(result.transcript, named: "reset")
        #expect(try kata.read("exercises/basics/add-numbers.swift") == "func add(_ a: Int, _ b: Int) -> Int { 0 }\n")
        let backups = try FileManager.default.contentsOfDirectory(atPath: kata.file(".kata/backups/basics").path)
        #expect(backups.count == 1)
        #expect(try kata.read(".kata/backups/basics/\(backups[0])") == "// two hours of work\n")
    }

    @Test("kata reset makes no backup of a file that holds the starter, nor a second copy of one already saved")
    func resetWithoutDuplicates() throws {
        let kata = try KataRunner(fixture: "loop")
        try kata.run(["next"])
        let untouched = try kata.run(["reset", "add-numbers"])
        #expect(untouched.status == 0)
        #expect(untouched.stdout.contains("already holds the starter: nothing to back up"))
        #expect(!FileManager.default.fileExists(atPath: kata.file(".kata/backups").path))

        try kata.write("exercises/basics/add-numbers.swift", "// an hour of work\n")
        try kata.run(["reset", "add-numbers"])
        try kata.write("exercises/basics/add-numbers.swift", "// an hour of work\n")
        let again = try kata.run(["reset", "add-numbers"])
        #expect(again.stdout.contains("already saved, unchanged, in .kata/backups/basics/add-numbers-"))
        #expect(try kata.read("exercises/basics/add-numbers.swift") == "func add(_ a: Int, _ b: Int) -> Int { 0 }\n")
        let backups = try FileManager.default.contentsOfDirectory(atPath: kata.file(".kata/backups/basics").path)
        #expect(backups.count == 1, "one backup of one text: \(backups)")

        try kata.write("exercises/basics/add-numbers.swift", "// a different hour\n")
        try kata.run(["reset", "add-numbers"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: kata.file(".kata/backups/basics").path).count == 2)
    }

    @Test("kata list says 'solved before' once a solved exercise is reset or fails a check")
    func solvedBefore() throws {
        let kata = try KataRunner(fixture: "loop")
        try kata.run(["next"])
        try kata.write("exercises/basics/add-numbers.swift", try kata.read("solutions/basics/add-numbers.swift"))
        #expect(try kata.run(["check", "add-numbers"]).status == 0)
        func listed() throws -> String {
            try #require(try kata.run(["list"]).stdout.split(separator: "\n").first { $0.contains("add-numbers ") })
                .description
        }
        #expect(try listed().hasSuffix("(solved)"))
        try kata.run(["reset", "add-numbers"])
        #expect(try listed().hasSuffix("(solved before, then reset to the starter)"))
        #expect(try kata.run(["check", "add-numbers"]).status == 1)
        #expect(try listed().hasSuffix("(solved before; the last check did not pass)"))
        try kata.write("exercises/basics/add-numbers.swift", try kata.read("solutions/basics/add-numbers.swift"))
        #expect(try kata.run(["check", "add-numbers"]).status == 0)
        #expect(try listed().hasSuffix("(solved)"))
        #expect(try kata.run(["list"]).stdout.contains("1 solved, 0 attempted"), "it still counts as solved")
    }

    @Test("kata check with no id right after a pass checks that exercise again and points to the next")
    func checkAfterSolving() throws {
        let kata = try KataRunner(fixture: "loop")
        let nothing = try kata.run(["check"])
        #expect(nothing.status == 1, "nothing to check is not a usage error: \(nothing.stderr)")
        #expect(nothing.stdout.contains("Nothing to check yet: exercises/basics/add-numbers.swift does not exist."))

        try kata.run(["next"])
        try kata.write("exercises/basics/add-numbers.swift", try kata.read("solutions/basics/add-numbers.swift"))
        #expect(try kata.run(["check"]).status == 0)
        let again = try kata.run(["check"])
        try assertSnapshot(again.transcript, named: "check-after-solving")
        #expect(again.status == 0)

        // Once the next exercise has a file, a plain check checks it.
        try kata.run(["next"])
        let next = try kata.run(["check"])
        #expect(next.status == 1)
        #expect(next.stdout.hasPrefix("Checking greet-team"))
    }

    @Test("an unknown id gets a suggestion; an ambiguous prefix lists the candidates; a usage error exits 2")
    func unknownIDs() throws {
        let kata = try KataRunner(fixture: "loop")
        var transcript = ""
        for arguments in [["hint", "add-numbrs"], ["reset", "zzz"], ["hint", "add"], ["hint", "g"], ["reset"]] {
            transcript += "$ kata \(arguments.joined(separator: " "))\n" + (try kata.run(arguments)).transcript
        }
        try assertSnapshot(transcript, named: "unknown-ids")
    }

    @Test("every command that takes an id suggests the ids meant by a typo, a file name, a chapter or a part of an id")
    func idSuggestions() throws {
        let kata = try KataRunner(fixture: "loop")
        try kata.write("chapters/zh-Hans/language.json", #"{"name": "简体中文", "complete": false}"# + "\n")
        var transcript = ""
        let asked: [([String], [String: String])] = [
            (["next", "add-numbrs"], [:]), (["check", "greet_team"], [:]),
            (["hint", "exercises/basics/greet-team.swift"], [:]),
            (["reset", "add-up-spec.swift"], [:]), (["watch", "ad-numbers"], [:]), (["next", "numbers"], [:]),
            (["check", "basics"], [:]), (["hint", "02-more"], [:]), (["next", "zzz"], [:]),
            (["check", "add-numbrs"], ["KATA_LANG": "zh-Hans"]), (["watch", "basics"], ["KATA_LANG": "zh-Hans"]),
        ]
        for (arguments, environment) in asked {
            let shown = environment.map { "\($0.key)=\($0.value) " }.joined()
            let result = try kata.run(arguments, environment: environment, timeout: 60)
            #expect(result.status != 0, "\(arguments) is refused (check and watch exit 2, as for any usage error)")
            transcript += "$ \(shown)kata \(arguments.joined(separator: " "))\n" + result.transcript
        }
        try assertSnapshot(transcript, named: "id-suggestions")
        #expect(
            !FileManager.default.fileExists(atPath: kata.file("exercises").path), "nothing is created for a wrong id")
    }

    @Test("kata next points long support code at the chapter's code kata writes, never at the chapter's Markdown")
    func supportCodeToRead() throws {
        let kata = try KataRunner(fixture: "loop")
        let support = (1...14).map { "    func shelf\($0)() -> Int { \($0) }" }.joined(separator: "\n")
        try kata.write(
            "chapters/03-shop.md",
            """
            # Shop

            ## Adding prices

            ```swift support id=shop-total
            /// A price, in cents.
            struct Price {
                let cents: Int
            \(support)
            }
            ```

            ```swift spec id=shop-total
            final class ShopSpec: QuickSpec {
                override class func spec() {
                    it("adds the prices") { expect(total([Price(cents: 5), Price(cents: 20)])).to(equal(25)) }
                }
            }
            ```

            ```swift starter id=shop-total
            func total(_ prices: [Price]) -> Int { 0 }
            ```

            ```hint id=shop-total
            Add up `cents` with `reduce`.
            ```

            ```hint id=shop-total
            The whole answer: `prices.reduce(0) { $0 + $1.cents }`.
            ```

            ## Specifying a till

            ```swift support id=shop-till-spec
            /// A coin, in cents.
            struct Coin {
                let cents: Int
            \(support)
            }
            ```

            ```swift subject id=shop-till-spec
            final class Till { private(set) var cents = 0; func take(_ coin: Coin) { cents += coin.cents } }
            ```

            ```swift starter id=shop-till-spec
            final class TillSpec: QuickSpec {
                override class func spec() {}
            }
            ```

            ```hint id=shop-till-spec
            Take a coin, then expect `till.cents` to be its value.
            ```

            ```swift mutant id=shop-till-spec name=keeps-nothing note="take(_:) keeps nothing."
            final class Till { private(set) var cents = 0; func take(_ coin: Coin) { cents += 0 } }
            ```

            ```swift mutant id=shop-till-spec name=doubles note="take(_:) counts each coin twice."
            final class Till { private(set) var cents = 0; func take(_ coin: Coin) { cents += 2 * coin.cents } }
            ```

            """)
        try kata.write(
            "solutions/shop/shop-total.swift",
            "func total(_ prices: [Price]) -> Int { prices.reduce(0) { $0 + $1.cents } }\n")
        try kata.write(
            "solutions/shop/shop-till-spec.swift",
            """
            final class TillSpec: QuickSpec {
                override class func spec() {
                    it("takes a coin") { let till = Till(); till.take(Coin(cents: 5)); expect(till.cents).to(equal(5)) }
                }
            }

            """)
        try kata.write("chapters/zh-Hans/language.json", #"{"name": "简体中文", "complete": false}"# + "\n")
        let hidden = [
            "reduce", "cents += 0", "cents += 2 * coin.cents", "keeps-nothing", "doubles", "Take a coin", "till.take",
        ]
        for (id, first, kept) in [
            ("shop-total", "/// A price, in cents.", ["struct Price {"]),
            (
                "shop-till-spec", "/// A coin, in cents.",
                [
                    "struct Coin {",
                    "final class Till { private(set) var cents = 0; func take(_ coin: Coin) { cents += coin.cents } }",
                ]
            ),
        ] {
            for (environment, words) in [([:], "Read it in "), (["KATA_LANG": "zh-Hans"], "完整代码见 ")] {
                try? FileManager.default.removeItem(at: kata.file(".kata/editor"))
                let next = try kata.run(["next", id], environment: environment)
                #expect(next.status == 0)
                let path = ".kata/editor/shop/\(id).chapter.swift"
                // The folded line is wrapped at the terminal's width, at a space.
                let pointer = try #require(
                    next.stdout.replacingOccurrences(of: "\n", with: " ").firstMatch(
                        of: try Regex("\(words)\(path.replacingOccurrences(of: ".", with: "\\.")):([0-9]+)")),
                    "\(next.stdout)")
                #expect(!next.stdout.contains("chapters/03-shop.md:"), "the Markdown holds the mutants and the hints")
                #expect(!next.stdout.contains("func shelf1"), "the long block is folded")
                // Written by kata next itself: the preparation that writes the editor's files is off in these tests.
                let code = try kata.read(path)
                let number = try #require(pointer.output[1].substring)
                let line = try #require(Int(number))
                #expect(code.split(separator: "\n", omittingEmptySubsequences: false)[line - 1] == first[...])
                for text in kept { #expect(code.contains(text), "\(id): \(text)") }
                for text in hidden { #expect(!code.contains(text), "\(id): the chapter's code shows no \(text)") }
            }
        }
    }

    @Test("a corrupt progress file is moved aside and reported, and the command still works")
    func corruptProgress() throws {
        let kata = try KataRunner(fixture: "loop")
        try FileManager.default.createDirectory(at: kata.file(".kata"), withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"exercises\": {\"add-numbers\": ".utf8).write(to: kata.file(".kata/progress.json"))
        let result = try kata.run(["list"])
        try assertSnapshot(result.transcript, named: "corrupt-progress")
        let names = try FileManager.default.contentsOfDirectory(atPath: kata.file(".kata").path)
        let backup = try #require(names.first { $0.hasPrefix("progress.corrupt-") })
        #expect(try kata.read(".kata/\(backup)") == "{\"version\": 1, \"exercises\": {\"add-numbers\": ")
    }

    @Test("a broken workbook gets every mistake listed with file:line:column, exit 1, and nothing written")
    func brokenWorkbook() throws {
        let kata = try KataRunner(fixture: "broken")
        let result = try kata.run(["next"])
        try assertSnapshot(result.transcript, named: "broken-workbook")
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: kata.file("exercises").path))
        #expect(!FileManager.default.fileExists(atPath: kata.file(".kata").path))
    }

    @Test("the workbook is found from a subfolder, from --workbook, and from KATA_WORKBOOK")
    func discovery() throws {
        let kata = try KataRunner(fixture: "loop")
        try kata.run(["next"])
        let fromSubfolder = try kata.run(["list"], in: kata.file("exercises/basics"))
        #expect(fromSubfolder.status == 0)
        #expect(fromSubfolder.stdout.contains("Basics"))
        let elsewhere = FileManager.default.temporaryDirectory
        #expect(try kata.run(["list", "--workbook", kata.root.path], in: elsewhere).status == 0)
        #expect(try kata.run(["list"], in: elsewhere, environment: ["KATA_WORKBOOK": kata.root.path]).status == 0)
        let nowhere = try kata.run(["list"], in: URL(fileURLWithPath: "/"))
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr.contains("no workbook here"))
    }
}
