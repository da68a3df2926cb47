import Foundation
import KataTestSupport
import Testing

@testable import KataApp
@testable import KataMessages

/// What `kata next` starts after showing an exercise: `kata prepare`, detached, unless `KATA_PREPARE=off`; and what
/// it tells the learner about the editor's file. The preparation itself builds KataSpec, which the end-to-end tests
/// cover; here a small script stands in for kata.
@Suite("Preparation after kata next")
struct PreparationTests {
    static let chapter = """
        # Basics

        ## Adding numbers

        ```swift spec id=add-numbers
        final class AddSpec: QuickSpec {
            override class func spec() {
                it("adds two numbers") { expect(add(2, 3)).to(equal(5)) }
            }
        }
        ```

        Write `add(_:_:)`.

        ```swift starter id=add-numbers
        func add(_ a: Int, _ b: Int) -> Int { 0 }
        ```
        """

    let workbook: TestWorkbook
    let workspace: Workspace
    /// Where the stand-ins for kata write the arguments they were started with.
    let marks: URL

    init() throws {
        workbook = try TestWorkbook([
            "chapters/01-basics.md": Self.chapter,
            "solutions/basics/add-numbers.swift": "func add(_ a: Int, _ b: Int) -> Int { a + b }\n",
        ])
        workspace = try Workspace(root: workbook.root, displayBase: workbook.root, language: .source)
        marks = workbook.root.appendingPathComponent("marks")
        try FileManager.default.createDirectory(at: marks, withIntermediateDirectories: true)
    }

    /// A program that stands in for kata: it writes its arguments, one a line, to `marks/<name>` (whole, by a rename).
    func standIn(_ name: String) throws -> URL {
        let script = marks.appendingPathComponent("\(name).sh")
        let mark = marks.appendingPathComponent(name).path
        try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(mark).tmp' && mv '\(mark).tmp' '\(mark)'\n".utf8)
            .write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    /// What the stand-in called `name` was started with, once it has written it (nil if it never was, within a
    /// minute: long enough for a loaded machine, and only waited for by a test that expects it).
    func arguments(of name: String) async throws -> [String]? {
        let mark = marks.appendingPathComponent(name)
        for _ in 0..<1200 {
            if let data = FileManager.default.contents(atPath: mark.path) {
                return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return nil
    }

    /// An `exercises/compile_commands.json` that kata did not write, which it leaves alone and tells about.
    func learnersDatabase() throws {
        let url = workbook.root.appendingPathComponent("exercises/compile_commands.json")
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("[]\n".utf8).write(to: url)
    }

    @Test("KATA_PREPARE=off turns preparing off; any other value, or none, leaves it on")
    func enabled() {
        #expect(!Preparation(workspace: workspace, environment: ["KATA_PREPARE": "off"]).isEnabled)
        #expect(Preparation(workspace: workspace, environment: [:]).isEnabled)
        #expect(Preparation(workspace: workspace, environment: ["KATA_PREPARE": "on"]).isEnabled)
        #expect(Preparation(workspace: workspace, environment: ["KATA_PREPARE": "OFF"]).isEnabled)
    }

    @Test("when on, kata next starts `kata prepare --workbook <root>` and tells nothing when there is nothing to tell")
    func startsPrepare() async throws {
        let preparation = Preparation(workspace: workspace, environment: [:])
        #expect(preparation.start(executable: try standIn("on")) == [])
        let arguments = try #require(try await arguments(of: "on"))
        #expect(arguments == ["prepare", "--workbook", workbook.root.path])
    }

    @Test("when off, kata next starts nothing and says nothing, even about an editor file kata left alone")
    func offStartsNothing() async throws {
        try learnersDatabase()
        let off = Preparation(workspace: workspace, environment: ["KATA_PREPARE": "off"])
        #expect(off.start(executable: try standIn("off")) == [])
        // A preparation started after it has run; had the first one been started, it would have run too.
        let on = Preparation(workspace: workspace, environment: [:])
        let told = on.start(executable: try standIn("on"))
        #expect(try await arguments(of: "on") != nil)
        #expect(!FileManager.default.fileExists(atPath: marks.appendingPathComponent("off").path))
        #expect(told.count == 1, "being off did not count as having told the learner")
    }

    @Test("an editor file that is not kata's is told about once, naming it and the file to copy from")
    func toldOnce() throws {
        try learnersDatabase()
        let preparation = Preparation(workspace: workspace, environment: [:])
        let told = preparation.start(executable: try standIn("first"))
        #expect(
            told == [
                Messages(.source)(
                    .editorLeftAlone,
                    [
                        "path": "exercises/compile_commands.json", "command": "kata next",
                        "copy": ".kata/editor/compile_commands.json",
                    ])
            ])
        #expect(told.first?.hasPrefix("exercises/compile_commands.json is not kata's, so kata left it alone") == true)
        #expect(preparation.start(executable: try standIn("second")) == [], "said once")
    }
}
