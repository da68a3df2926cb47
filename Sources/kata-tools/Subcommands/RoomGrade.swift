import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataCommandLine
import KataTools

extension Kata.Room {
    /// `kata room grade`.
    struct Grade: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ToolCommand.roomGrade.name,
            abstract: ToolCommand.roomGrade.abstract,
            discussion: """
                Each learner's files are checked exactly as `kata check` checks them (same sandbox, limits and \
                mutants), several at once. A hand-in is a file kata handin wrote; what the learner's laptop recorded \
                in it is shown beside the grade but never used for it. A repository is a folder with .git and \
                exercises/ (a clone of the learner's GitHub Classroom repository): what is committed at HEAD in \
                exercises/ is graded, read through git, and nothing else of it (not what is uncommitted, not its \
                chapters, Package.swift or .kata); a folder of repositories (gh classroom clone student-repos makes \
                one) grades each. Learners whose chapters differ from yours are noted.
                """)

        @OptionGroup var options: WorkbookOptions

        @Argument(
            help: ArgumentHelp(
                "Hand-in files (kata handin wrote them), learners' repositories, or folders of repositories.",
                valueName: "handin-or-repository"))
        var handins: [String]

        @Option(
            name: [.short, .long], help: ArgumentHelp("Where to write <name>.csv and <name>.xml.", valueName: "name"))
        var output = "grades"

        @Flag(help: "Grade again even files whose verdict your verdict cache already holds.")
        var noCache = false

        @Flag(
            help: """
                Grade even on a computer with no sandbox (macOS, or Linux without bubblewrap), where the learners' \
                code could read your files and forge its own results.
                """)
        var withoutSandbox = false

        func validate() throws {
            if handins.isEmpty {
                throw ValidationError(
                    "name at least one hand-in file or repository, such as handins/*.kata or student-repos")
            }
        }

        func run() throws {
            let workspace = try options.workspace()
            var grader = HandinGrader(workspace: workspace)
            grader.useCache = !noCache
            grader.requiresSandbox = !withoutSandbox
            let showStatus = isatty(STDERR_FILENO) == 1
            grader.status = { line in if showStatus || line.hasPrefix("Preparing") { Output.printError(line) } }
            let table = try workspace.output.run { try grader.grade(handins.map { URL(fileURLWithPath: $0) }) }
            let csv = URL(fileURLWithPath: output + ".csv")
            let xml = URL(fileURLWithPath: output + ".xml")
            try workspace.output.run {
                try save(table.csv(), to: csv)
                try save(table.junit(), to: xml)
            }
            print(table.summary(), terminator: "")
            print("Wrote \(output).csv and \(output).xml (\(table.counts)).")
            if table.learners.isEmpty { throw ExitCode(1) }
        }
    }
}

/// Writes `text` to `url` (creating its folder), or fails with an error that names the file.
func save(_ text: String, to url: URL) throws {
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
        throw RoomError.cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
    }
}
