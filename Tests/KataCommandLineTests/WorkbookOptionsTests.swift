import ArgumentParser
import Foundation
import KataApp
import KataTestSupport
import Testing

@testable import KataCommandLine
@testable import KataWorkbook

/// The option every command that reads the workbook takes, and how a command turns what failed into its exit status.
@Suite("The workbook option")
struct WorkbookOptionsTests {
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

        ```swift starter id=add-numbers
        func add(_ a: Int, _ b: Int) -> Int { 0 }
        ```
        """

    @Test("--workbook names the workbook's folder, and the workspace is loaded from it")
    func named() throws {
        let folder = try TestFolder([
            "chapters/01-basics.md": Self.chapter,
            "solutions/basics/add-numbers.swift": "func add(_ a: Int, _ b: Int) -> Int { a + b }\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder.root) }
        let options = try WorkbookOptions.parse(["--workbook", folder.root.path])
        #expect(options.workbook == folder.root.path)
        let workspace = try options.workspace(language: .source)
        #expect(workspace.workbook.root.standardizedFileURL.path == folder.root.standardizedFileURL.path)
        #expect(workspace.workbook.exercises.map(\.id) == ["add-numbers"])
        #expect(try WorkbookOptions.parse([]).workbook == nil)
        #expect(throws: (any Error).self) { try WorkbookOptions.parse(["--workbook"]) }
    }

    @Test("a folder that is no workbook stops the command with status 1")
    func notAWorkbook() throws {
        let folder = try TestFolder(["notes.md": "# Not a workbook\n"])
        defer { try? FileManager.default.removeItem(at: folder.root) }
        let options = try WorkbookOptions.parse(["--workbook", folder.root.path])
        #expect(throws: ExitCode(1)) { try options.workspace(language: .source) }
    }

    @Test("what a command's body throws ends it with the status it asks for; an exit status passes through as it is")
    func statuses() throws {
        #expect(throws: ExitCode(2)) {
            try Output.run(status: 2) { throw WorkbookError.noChapters(path: "/tmp/nothing") }
        }
        #expect(throws: ExitCode(1)) { try Output.run { throw LoopError.nothingToCheck } }
        #expect(throws: ExitCode(7)) { try Output.run(status: 2) { throw ExitCode(7) } }
        #expect(try Output.run { 42 } == 42)
    }
}
