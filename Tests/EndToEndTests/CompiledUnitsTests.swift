import Foundation
import Testing

/// The two modules of a test program and the cache of compiled modules (`.kata/cache/units`): what a learner does
/// not change is compiled once, a unit changed outside kata is never linked, and going through `swiftc` gives the
/// same verdicts as running the compiler's jobs directly.
@Suite("compiled units, end to end")
struct CompiledUnitsTests {
    /// The folders of compiled units in the workbook's cache.
    private func units(_ kata: KataRunner) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: kata.file(".kata/cache/units").path)) ?? []
        return Set(names.filter { !$0.hasPrefix(".") })
    }

    /// The units of module `name` (`Exercise` or `ExerciseSpecs`).
    private func units(_ kata: KataRunner, of name: String) -> Set<String> {
        units(kata).filter {
            FileManager.default.fileExists(atPath: kata.file(".kata/cache/units/\($0)/\(name).o").path)
        }
    }

    @Test("a specify exercise's subject and mutants are compiled once; after an edit of the specs, only they are")
    func specifyReusesTheChapter() throws {
        let kata = try KataRunner(fixture: "grading")
        let solution = try kata.read("solutions/grading/tally-spec.swift")
        try kata.write("exercises/grading/tally-spec.swift", solution)
        #expect(try kata.run(["check", "tally-spec"]).status == 0)
        // The subject and the two mutants; the learner's specs once per interface: a mutant whose stored property
        // starts at another value has an interface of its own (the default value is part of it).
        let chapter = units(kata, of: "Exercise")
        let specs = units(kata, of: "ExerciseSpecs")
        #expect(chapter.count == 3)
        #expect(specs.count == 2)

        try kata.write("exercises/grading/tally-spec.swift", solution + "// an edit\n")
        let second = try kata.run(["check", "tally-spec"])
        #expect(second.status == 0)
        #expect(second.stdout.contains("Score: 2 of 2 mutants caught"))
        #expect(units(kata, of: "Exercise") == chapter, "the subject and the mutants are not compiled again")
        #expect(units(kata, of: "ExerciseSpecs").subtracting(specs).count == 2)
    }

    @Test("an implement exercise's specs are compiled again only when the learner's declarations change")
    func implementReusesTheSpecs() throws {
        let kata = try KataRunner(fixture: "grading")
        try kata.run(["next", "park"])
        #expect(try kata.run(["check", "park"]).status == 1)
        let first = units(kata)
        #expect(first.count == 2, "the learner's module and the chapter's specs: \(first.sorted())")

        // A new body, the same declarations: the learner's module only.
        try kata.write(
            "exercises/grading/park.swift",
            "func park() -> Vehicle { Truck() }\nfunc garage() -> Garage? { Garage(vehicles: [Car()]) }\n")
        #expect(try kata.run(["check", "park"]).status == 1)
        let second = units(kata)
        #expect(second.subtracting(first).count == 1)

        // A new declaration: the specs are compiled against the new interface.
        try kata.write(
            "exercises/grading/park.swift",
            "func park() -> Vehicle { Truck() }\nfunc garage() -> Garage? { nil }\nlet spare = 1\n")
        let third = try kata.run(["check", "park"])
        #expect(third.status == 0)
        #expect(units(kata).subtracting(second).count == 2)
    }

    @Test("a compiled unit changed outside kata is compiled again, never linked")
    func tamperedUnit() throws {
        let kata = try KataRunner(fixture: "grading")
        try kata.write("exercises/grading/tally-spec.swift", try kata.read("solutions/grading/tally-spec.swift"))
        #expect(try kata.run(["check", "tally-spec"]).status == 0)
        // The subject's module and the mutant's become the same: linked as they are, either the learner's specs
        // would fail against the subject or the mutant would go uncaught.
        let folder = kata.file(".kata/cache/units")
        let objects = units(kata).map { folder.appendingPathComponent($0).appendingPathComponent("Exercise.o") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        #expect(objects.count == 3)
        for object in objects.dropFirst() {
            try FileManager.default.removeItem(at: object)
            try FileManager.default.copyItem(at: objects[0], to: object)
        }
        let again = try kata.run(["check", "tally-spec", "--no-cache"])
        #expect(again.status == 0, "\(again.stdout)")
        #expect(again.stdout.contains("Score: 2 of 2 mutants caught"))
    }

    @Test("through swiftc (KATA_COMPILER=driver) a check reports exactly what it reports with the direct jobs")
    func driverGivesTheSameVerdicts() throws {
        let kata = try KataRunner(fixture: "grading")
        try kata.run(["next", "park"])
        let direct = try kata.run(["check", "park", "--no-cache"])
        let driver = try kata.run(["check", "park", "--no-cache"], environment: ["KATA_COMPILER": "driver"])
        #expect(direct.status == 1)
        #expect(driver.status == direct.status)
        #expect(driver.stdout == direct.stdout)

        try kata.write("exercises/grading/tally-spec.swift", try kata.read("solutions/grading/tally-spec.swift"))
        let specify = try kata.run(["check", "tally-spec", "--no-cache"], environment: ["KATA_COMPILER": "driver"])
        #expect(specify.status == 0)
        #expect(specify.stdout == (try kata.run(["check", "tally-spec", "--no-cache"])).stdout)
    }

    @Test("a file that is still the starter is compiled once, though a check also lists the starter's declarations")
    func starterCompiledOnce() throws {
        let kata = try KataRunner(fixture: "grading")
        let log = kata.file("swiftc.log")
        let swiftc = try Self.loggingCompiler(in: kata, log: log)
        let environment = ["KATA_COMPILER": "driver", "SWIFTC": swiftc.path, "KATA_PREPARE": "off"]
        try kata.run(["next", "park"], environment: environment)
        #expect(try kata.run(["check", "park"], environment: environment).status == 1)
        #expect(try Self.exerciseCompiles(log) == 1, "the learner's module and the starter's declarations are one unit")

        // kata verify checks the reference solution, then the starter: the starter's declarations, which the
        // solution's check lists, are the unit the starter's check compiles for its file.
        try FileManager.default.removeItem(at: kata.file(".kata/cache/units"))
        try FileManager.default.removeItem(at: log)
        #expect(try kata.run(["verify", "park", "--no-cache"], environment: environment).status == 0)
        #expect(try Self.exerciseCompiles(log) == 2, "the solution's module and the starter's, each once")
    }

    /// A `swiftc` that writes each command line it is given into `log`, then runs the real one.
    private static func loggingCompiler(in kata: KataRunner, log: URL) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let real = try #require(
            path.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        )
        try kata.write("logging-swiftc/swiftc", "#!/bin/sh\necho \"$*\" >> '\(log.path)'\nexec '\(real)' \"$@\"\n")
        let swiftc = kata.file("logging-swiftc/swiftc")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swiftc.path)
        return swiftc
    }

    /// How many compiles of a test program's `Exercise` module the log holds.
    private static func exerciseCompiles(_ log: URL) throws -> Int {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("-module-name Exercise ") || $0.hasSuffix("-module-name Exercise") }.count
    }

    @Test("kata verify stops a starter's check at its first surviving mutant; a learner's check of it lists them all")
    func starterStopsAtFirstSurvivor() throws {
        let kata = try KataRunner(fixture: "grading")
        try kata.write("chapters/02-survivors.md", Self.survivorsChapter)
        try kata.write(
            "solutions/survivors/double-spec.swift",
            """
            final class DoubleSpec: QuickSpec {
                override class func spec() {
                    it("doubles 3") { expect(double(3)).to(equal(6)) }
                    it("doubles 0") { expect(double(0)).to(equal(0)) }
                }
            }

            """)
        let log = kata.file("swiftc.log")
        let swiftc = try Self.loggingCompiler(in: kata, log: log)
        let environment = ["KATA_COMPILER": "driver", "SWIFTC": swiftc.path, "KATA_PREPARE": "off"]
        let verified = try kata.run(["verify", "double-spec", "--no-cache"], environment: environment)
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        // The solution's check: the subject and its three mutants; the starter's: the subject and the first mutant,
        // which its specs let through.
        let links = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            .filter {
                !$0.hasPrefix("-c ") && !$0.contains(" -c ") && !$0.contains("-emit-sil") && !$0.contains("--version")
            }
        #expect(links.count == 6, "\(links.joined(separator: "\n"))")

        try kata.run(["next", "double-spec"], environment: ["KATA_PREPARE": "off"])
        let learner = try kata.run(["check", "double-spec"], environment: ["KATA_PREPARE": "off"])
        #expect(learner.status == 1)
        #expect(learner.stdout.contains("0 of 3 mutants caught"), "\(learner.stdout)")
    }

    /// A specify exercise whose starter's one spec passes against the subject and every mutant.
    private static let survivorsChapter = """
        # Survivors

        ## Double

        `double(_:)` doubles a number.

        ```swift subject id=double-spec
        func double(_ number: Int) -> Int { number * 2 }
        ```

        ```swift starter id=double-spec
        final class DoubleSpec: QuickSpec {
            override class func spec() {
                it("doubles 0") { expect(double(0)).to(equal(0)) }
            }
        }
        ```

        ```swift mutant id=double-spec name=squares note="Squares the number."
        func double(_ number: Int) -> Int { number * number }
        ```

        ```swift mutant id=double-spec name=adds-one note="Adds one after doubling, except for 0."
        func double(_ number: Int) -> Int { number == 0 ? 0 : number * 2 + 1 }
        ```

        ```swift mutant id=double-spec name=triples note="Triples the number."
        func double(_ number: Int) -> Int { number * 3 }
        ```

        """
}
