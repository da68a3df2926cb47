import Foundation
import Testing

/// Passes that learner code could forge from inside the test program: by changing the declared types of what the
/// chapter's specs call, or by reading the process's own memory for the result channel's secret. Neither may earn a
/// pass, in `kata check` or in an instructor's re-grade.
@Suite("Hardening: forged passes")
struct ForgeryTests {
    /// `work()` returns a type of the learner's whose `==` always says true and which an integer literal can make.
    static let alwaysEqual = """
        struct Anything: Equatable, ExpressibleByIntegerLiteral {
            init(integerLiteral value: Int) {}
            static func == (lhs: Anything, rhs: Anything) -> Bool { true }
        }

        """

    @Test("a declaration of what the specs call is held to the starter's signature")
    func changedSignatures() throws {
        let kata = try KataRunner(fixture: "hardening")
        let forgeries: [(code: String, line: Int, says: String)] = [
            (Self.alwaysEqual + "func work() -> Anything { 0 }\n", 5, "your file declares `func work() -> Anything`"),
            (
                Self.alwaysEqual + "func work(times: Int = 1) -> Anything { 0 }\n", 5,
                "your file declares `func work(times: Int) -> Anything`"
            ),
            (
                "struct work: Equatable, ExpressibleByIntegerLiteral {\n    init() {}\n    init(integerLiteral value: Int) {}\n"
                    + "    static func == (lhs: work, rhs: work) -> Bool { true }\n}\n", 1,
                "your file declares `struct work`"
            ),
            (
                "typealias Int = Anything\n"
                    + Self.alwaysEqual.replacingOccurrences(of: "value: Int", with: "value: Swift.Int")
                    + "func work() -> Int { 0 }\n", 6, "in your file `Int` there is a declaration of your own"
            ),
        ]
        for forgery in forgeries {
            try kata.write("exercises/hardening/rogue.swift", forgery.code)
            let result = try kata.run(["check", "rogue"])
            #expect(result.status == 1, "\(forgery.code)\n\(result.stdout)")
            #expect(result.stdout.contains("Not accepted"), "\(forgery.code)\n\(result.stdout)")
            #expect(
                result.stdout.contains("exercises/hardening/rogue.swift:\(forgery.line):"),
                "\(forgery.code)\n\(result.stdout)")
            #expect(
                result.stdout.contains("written against `func work() -> Int` as the starter declares it"),
                "\(forgery.code)\n\(result.stdout)")
            #expect(result.stdout.contains(forgery.says), "\(forgery.code)\n\(result.stdout)")
        }
        // Members too: Basket's `total` is an Int in the starter.
        try kata.write(
            "exercises/hardening/basket.swift",
            "struct Basket {\n    var items: [Int]\n    var total: Double { 3 }\n}\n")
        let member = try kata.run(["check", "basket"])
        #expect(member.stdout.contains("written against `Basket { var total: Int }`"), "\(member.stdout)")
        #expect(member.stdout.contains("your file declares `Basket { var total: Double }`"), "\(member.stdout)")
        // What the starter leaves free stays free: parameter names, bodies, `let` for `var`, members of one's own.
        try kata.write(
            "exercises/hardening/basket.swift",
            "struct Basket {\n    let items: [Int]\n    var total: Int { items.reduce(0, +) }\n    var count: Int { items.count }\n}\n"
        )
        #expect(try kata.run(["check", "basket"]).status == 0)
        try kata.write("exercises/hardening/rogue.swift", Self.alwaysEqual + "func work() -> Anything { 0 }\n")
        try assertSnapshot(try kata.run(["check", "rogue"]).transcript, named: "forgery-signature")
    }

    /// Finds the result channel's secret in the program's own memory through /proc and reports a pass.
    static let memoryScan = """
        import Foundation
        func work() -> Int {
            guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
                let memory = FileHandle(forReadingAtPath: "/proc/self/mem")
            else { print("no /proc"); return 2 }
            let marker = Data("{\\"secret\\":\\"".utf8)
            for line in maps.split(separator: "\\n") where line.contains(" rw") {
                let bounds = line.split(separator: " ")[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
                guard bounds.count == 2, bounds[1] - bounds[0] < 256 << 20 else { continue }
                guard (try? memory.seek(toOffset: bounds[0])) != nil,
                    let data = try? memory.read(upToCount: Int(bounds[1] - bounds[0])),
                    let found = data.range(of: marker)
                else { continue }
                let rest = data[found.upperBound...]
                guard let end = rest.firstIndex(of: UInt8(ascii: "\\"")) else { continue }
                let secret = String(decoding: rest[..<end], as: UTF8.self)
                let lines =
                    "{\\"secret\\":\\"\\(secret)\\",\\"event\\":\\"exampleFinished\\",\\"index\\":0,\\"status\\":\\"passed\\","
                    + "\\"failures\\":[],\\"duration\\":0,\\"output\\":\\"\\",\\"outputTruncated\\":false}\\n"
                    + "{\\"secret\\":\\"\\(secret)\\",\\"event\\":\\"runFinished\\",\\"passed\\":1,\\"failed\\":0,"
                    + "\\"pending\\":0,\\"skipped\\":0}\\n"
                FileHandle(fileDescriptor: 3).write(Data(lines.utf8))
                exit(0)
            }
            print("no secret found")
            return 2
        }

        """

    @Test("reading the program's own memory for the secret earns nothing, in a check and in a re-grade")
    func memoryForgery() throws {
        let kata = try KataRunner(fixture: "hardening")
        // Through pointers: unsafe code is refused before it runs.
        try kata.write(
            "exercises/hardening/rogue.swift",
            "func work() -> Int {\n    var x = 1\n    return withUnsafePointer(to: &x) { $0.pointee }\n}\n")
        let pointers = try kata.run(["check", "rogue"])
        #expect(pointers.status == 1)
        #expect(pointers.stdout.contains("exercises/hardening/rogue.swift:3:12: error: unsafe code is not accepted"))
        #expect(
            pointers.stdout.contains(
                "rogue.swift:3:38: note: argument #1 in call to global function 'withUnsafePointer'"))
        try kata.write("exercises/hardening/rogue.swift", "func work() -> Int { unsafe 1 }\n")
        let keyword = try kata.run(["check", "rogue"])
        #expect(keyword.stdout.contains("rogue.swift:1:22: error: `unsafe` is not accepted"), "\(keyword.stdout)")

        // Through /proc, with safe Foundation calls: the sandbox has no /proc.
        try kata.write("exercises/hardening/rogue.swift", Self.memoryScan)
        let scan = try kata.run(["check", "rogue"])
        #expect(scan.status == 1, "\(scan.stdout)")
        #expect(scan.stdout.contains("no /proc"), "\(scan.stdout)")

        // The instructor's re-grade of the same hand-in: not a pass either.
        let handin = try kata.run(["handin", "--name", "Learner", "-o", "learner.kata"])
        #expect(handin.status == 0, "\(handin.stderr)")
        let grade = try kata.run(["room", "grade", "learner.kata", "-o", "grades", "--no-cache"])
        #expect(grade.status == 0, "\(grade.stderr)")
        let csv = try kata.read("grades.csv")
        #expect(csv.contains("Learner,learner.kata,rogue,failed"), "\(csv)")
        // Without a sandbox a re-grade is refused unless asked for by name.
        let bare = try kata.run(
            ["room", "grade", "learner.kata", "-o", "grades"], environment: ["KATA_SANDBOX": "none"])
        #expect(bare.status != 0)
        #expect(bare.stderr.contains("--without-sandbox"), "\(bare.stderr)")
    }

    /// The runner's entry point replaced: the forged `main` reads the run's secret from standard input before
    /// KataSpec can, and writes a passing run to the result channel. Swift 5 mode accepts each spelling of the
    /// attribute below with a warning at most.
    static func forgedRunner(_ attribute: String) -> String {
        """
        import Foundation
        func work() -> Int { 0 }
        \(attribute)("$s8KataSpec0B6RunnerO4main_7moduless5NeverOSayAA0B0CmG_SaySSGtFZ")
        func forgedMain(_ specs: [AnyClass], modules: [String]) -> Never {
            let secret = readLine() ?? ""
            let lines =
                "{\\"secret\\":\\"\\(secret)\\",\\"event\\":\\"runStarted\\",\\"total\\":1,\\"seed\\":0}\\n"
                + "{\\"secret\\":\\"\\(secret)\\",\\"event\\":\\"exampleFinished\\",\\"index\\":0,\\"status\\":\\"passed\\","
                + "\\"failures\\":[],\\"duration\\":0,\\"output\\":\\"\\",\\"outputTruncated\\":false}\\n"
                + "{\\"secret\\":\\"\\(secret)\\",\\"event\\":\\"runFinished\\",\\"passed\\":1,\\"failed\\":0,"
                + "\\"pending\\":0,\\"skipped\\":0}\\n"
            FileHandle(fileDescriptor: 3).write(Data(lines.utf8))
            exit(0)
        }

        """
    }

    @Test("a linker attribute spelt with spaces, comments, line breaks or backticks forges no pass, anywhere")
    func spacedAttributes() throws {
        let kata = try KataRunner(fixture: "hardening")
        let spellings = [
            "@ _silgen_name", "@/* */_silgen_name", "@\n_silgen_name", "@`_silgen_name`", "@\u{A0}_silgen_name",
        ]
        for spelling in spellings {
            try kata.write("exercises/hardening/rogue.swift", Self.forgedRunner(spelling))
            let check = try kata.run(["check", "rogue", "--no-cache"])
            #expect(check.status == 1, "\(spelling.debugDescription)\n\(check.stdout)")
            #expect(check.stdout.contains("Not accepted"), "\(spelling.debugDescription)\n\(check.stdout)")
            #expect(
                check.stdout.contains("exercises/hardening/rogue.swift:3:1: error: `@_silgen_name` is not accepted"),
                "\(spelling.debugDescription)\n\(check.stdout)")
            let json = try kata.run(["check", "rogue", "--format", "json"])
            #expect(json.stdout.contains("\"status\" : \"error\""), "\(json.stdout)")
        }
        // The instructor's re-grade of the last one, against a clean workbook: not a pass either.
        let handin = try kata.run(["handin", "--name", "Learner", "-o", "learner.kata"])
        #expect(handin.status == 0, "\(handin.stderr)")
        let grade = try kata.run(["room", "grade", "learner.kata", "-o", "grades", "--no-cache"])
        #expect(grade.status == 0, "\(grade.stderr)")
        let csv = try kata.read("grades.csv")
        #expect(!csv.contains("rogue,passed"), "\(csv)")
        #expect(csv.contains("rogue,"), "\(csv)")
    }

    /// An `==` always true for a type of the chapter's support code becomes that type's `Equatable` witness, which
    /// KataSpec's `equal` and Swift Testing's `#expect(a == b)` call: a wrong answer would pass.
    @Test(
        "an operator for the chapter's own types is not accepted, in a KataSpec and in a Swift Testing exercise",
        arguments: [
            ("hardening", "parcel", "func wrapped(_ parcel: Parcel) -> Parcel { parcel }\n", "Parcel"),
            ("frameworks", "badge", "func badge(points: Int) -> Badge { Badge(title: \"\") }\n", "Badge"),
        ])
    func operatorOnTheChaptersType(fixture: String, id: String, wrong: String, type: String) throws {
        let kata = try KataRunner(fixture: fixture)
        let path = "exercises/\(fixture)/\(id).swift"
        let forgeries = [
            (
                "func == (a: \(type), b: \(type)) -> Bool { true }\n",
                "\(path):2:6: error: your file defines `==` for `\(type)`, but not for a struct, class or enum your "
                    + "file declares"
            ),
            (
                "extension \(type) {\n    static func == (a: Self, b: Self) -> Bool { true }\n}\n",
                "\(path):3:17: error: your file adds `==` to `\(type)`, not a struct, class or enum your file declares"
            ),
            (
                "protocol Forged {}\nextension Forged {\n    static func == (a: Self, b: Self) -> Bool { true }\n}\n"
                    + "extension \(type): Forged {}\n",
                "\(path):4:17: error: your file adds `==` to `Forged`"
            ),
        ]
        for (forgery, says) in forgeries {
            try kata.write(path, wrong + forgery)
            let result = try kata.run(["check", id])
            #expect(result.status == 1, "\(forgery)\n\(result.stdout)")
            #expect(result.stdout.contains("Not accepted"), "\(forgery)\n\(result.stdout)")
            #expect(result.stdout.contains(says), "\(forgery)\n\(result.stdout)")
            #expect(result.stdout.contains("Remove it, or define `==` only for types your file declares."))
        }
        // The wrong answer alone fails, and `==` for a type of the learner's own stays free.
        try kata.write(path, wrong)
        #expect(try kata.run(["check", id]).status == 1)
        try kata.write(
            path,
            try kata.read("solutions/\(fixture)/\(id).swift")
                + "struct Label {\n    let text: String\n    static func == (a: Label, b: Label) -> Bool { true }\n}\n"
                + "func == (a: Label, b: \(type)) -> Bool { true }\n")
        let own = try kata.run(["check", id])
        #expect(own.status == 0, "\(own.stdout)")
    }

    @Test(
        "a conformance given to the chapter's own type forges no pass: its text, its equality, its order are the chapter's"
    )
    func conformanceOfAChapterType() throws {
        let kata = try KataRunner(fixture: "hardening")
        try kata.write("chapters/09-money.md", Self.moneyChapter)
        try kata.write(
            "solutions/money/money-total.swift",
            "func total(_ prices: [Money]) -> Money {\n    Money(cents: prices.reduce(0) { $0 + $1.cents })\n}\n")
        let wrong = "func total(_ prices: [Money]) -> Money {\n    Money(cents: 0)\n}\n"
        try kata.run(["next", "money-total"])

        // The wrong total alone fails, as it must.
        try kata.write("exercises/money/money-total.swift", wrong)
        #expect(try kata.run(["check", "money-total"]).status == 1)

        // The same wrong total with the chapter's Money made to describe itself as the spec expects.
        let forged =
            wrong
            + "\nextension Money: CustomStringConvertible {\n    var description: String { \"Money(cents: 400)\" }\n}\n"
        try kata.write("exercises/money/money-total.swift", forged)
        let refused = try kata.run(["check", "money-total"])
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(refused.stdout.contains("Not accepted"), "\(refused.stdout)")
        #expect(
            refused.stdout.contains(
                "exercises/money/money-total.swift:5:1: error: your file makes `Money`, the chapter's type, conform to "
                    + "`CustomStringConvertible`"), "\(refused.stdout)")

        // A type of the learner's own may conform to anything, the chapter's may gain a helper, and the right total
        // passes.
        try kata.write(
            "exercises/money/money-total.swift",
            try kata.read("solutions/money/money-total.swift")
                + "\nstruct Receipt: CustomStringConvertible {\n    var description: String { \"receipt\" }\n}\n"
                + "\nextension Money {\n    var dollars: Int { cents / 100 }\n}\n")
        let passed = try kata.run(["check", "money-total"])
        #expect(passed.status == 0, "\(passed.stdout)")
    }

    /// An exercise whose spec reads a support type's text: `"\(total)"` is Money's default description, unless the
    /// learner's file gives Money another.
    static let moneyChapter = """
        # Money

        ## Add up the prices

        ```swift support id=money-total
        struct Money {
            let cents: Int
        }
        ```

        ```swift spec id=money-total
        final class MoneySpec: QuickSpec {
            override class func spec() {
                it("adds up the prices") {
                    let sum = total([Money(cents: 150), Money(cents: 250)])
                    expect("\\(sum)").to(equal("Money(cents: 400)"))
                }
            }
        }
        ```

        ```swift starter id=money-total
        func total(_ prices: [Money]) -> Money {
            Money(cents: 0)
        }
        ```

        """
}
