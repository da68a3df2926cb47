import ArgumentParser
import Foundation
import KataKit

extension Kata.Room {
    /// `kata room grade`.
    struct Grade: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-grade hand-ins against your workbook and write the grade table (CSV and JUnit).",
            discussion: """
                Each hand-in's files are checked exactly as `kata check` checks them (same sandbox, limits and \
                mutants), several at once; what the learner's laptop recorded is shown beside the grade but never \
                used for it. Hand-ins whose chapters differ from yours are noted.
                """)

        @OptionGroup var options: WorkbookOptions

        @Argument(help: ArgumentHelp("The hand-in files (kata handin wrote them).", valueName: "handin"))
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
            if handins.isEmpty { throw ValidationError("name at least one hand-in file, such as handins/*.kata") }
        }

        func run() throws {
            let workspace = try options.workspace()
            var grader = HandinGrader(workspace: workspace)
            grader.useCache = !noCache
            grader.requiresSandbox = !withoutSandbox
            let showStatus = isatty(STDERR_FILENO) == 1
            grader.status = { line in if showStatus || line.hasPrefix("Preparing") { Output.printError(line) } }
            let table = try Output.run { try grader.grade(handins.map { URL(fileURLWithPath: $0) }) }
            let csv = URL(fileURLWithPath: output + ".csv")
            let xml = URL(fileURLWithPath: output + ".xml")
            try Output.run {
                try save(table.csv(), to: csv)
                try save(table.junit(), to: xml)
            }
            print(table.summary(), terminator: "")
            print(
                "Wrote \(output).csv and \(output).xml (\(table.learners.count) hand-ins, \(table.exercises.count) exercises)."
            )
            if table.learners.isEmpty { throw ExitCode(1) }
        }
    }

    /// `kata room github`.
    struct GitHub: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "github",
            abstract: "Write .github/workflows/classroom.yml for GitHub Classroom's autograding.",
            discussion: """
                Each learner's repository (a copy of this workbook) then grades itself on GitHub's runners after \
                every push, with points per exercise (or per chapter). With the repository secrets KATA_ROOM_URL \
                and KATA_ROOM_CODE, the runs also report to a room started with `kata room serve --allow-rejoin`.
                """)

        @OptionGroup var options: WorkbookOptions

        @Option(help: ArgumentHelp("One grading step per exercise or per chapter.", valueName: "exercise|chapter"))
        var per = "exercise"

        @Option(help: ArgumentHelp("Points for each exercise.", valueName: "n"))
        var points = 1

        @Option(help: ArgumentHelp("Minutes each grading step may take.", valueName: "minutes"))
        var timeout = 10

        func validate() throws {
            guard ClassroomWorkflow.Granularity(rawValue: per) != nil else {
                throw ValidationError("--per must be exercise or chapter")
            }
            guard points >= 1, timeout >= 1 else { throw ValidationError("--points and --timeout must be at least 1") }
        }

        func run() throws {
            let workspace = try options.workspace()
            let workflow = ClassroomWorkflow(
                workbook: workspace.workbook, granularity: ClassroomWorkflow.Granularity(rawValue: per)!,
                points: points, timeout: timeout)
            let url = workspace.workbook.url(ClassroomWorkflow.path)
            try Output.run { try save(workflow.yaml(), to: url) }
            let tests = workflow.tests
            print(
                """
                Wrote \(workspace.display(url)): \(tests.count) grading steps, \(tests.map(\.points).reduce(0, +)) points.
                Commit it to the assignment's template repository; GitHub Classroom grades every push with it.
                To report the runs to a room too, add the secrets KATA_ROOM_URL and KATA_ROOM_CODE and start the
                room with: kata room serve --allow-rejoin
                """)
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
