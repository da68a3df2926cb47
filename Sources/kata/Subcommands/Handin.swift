import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataCommandLine
import KataMessages
import KataWorkbook

extension Kata {
    /// `kata handin`.
    struct HandinCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "handin",
            abstract: "Pack your exercise files and progress into one file to give to the instructor.",
            discussion: """
                The instructor re-grades the files with `kata room grade` against their own workbook, so the \
                grade comes from your code, not from what this computer recorded.
                """)

        @OptionGroup var options: WorkbookOptions

        @Option(
            help: ArgumentHelp(
                "Your name (default: the name you joined the room with, or your login name).", valueName: "name"))
        var name: String?

        @Option(
            name: [.short, .long],
            help: ArgumentHelp("Where to write it (default: handin-<name>.kata in the workbook).", valueName: "file"))
        var output: String?

        func run() throws {
            let workspace = try options.workspace()
            let reporter = RoomReporter(workspace: workspace)
            let learner =
                name ?? reporter.membership?.name ?? ProcessInfo.processInfo.environment["USER"] ?? "learner"
            var leftOut: [String] = []
            let handin = try workspace.output.run {
                try Handin(workspace: workspace, learner: learner, leftOut: &leftOut)
            }
            for warning in leftOut { workspace.output.warn(warning) }
            let url =
                output.map { URL(fileURLWithPath: $0) }
                ?? workspace.workbook.root.appendingPathComponent(KataApp.Handin.fileName(for: learner))
            try workspace.output.run { try handin.write(to: url) }
            let solved = handin.progress.exercises.values.count { $0.solved != nil }
            print(
                """
                Wrote \(workspace.display(url)): \(handin.files.count) exercise file\(handin.files.count == 1 ? "" : "s"), \
                your progress (\(solved) solved) and the hashes of \(handin.chapters.count) chapters.
                Give this file to your instructor.
                """)
            RoomReporter.detached(workspace).deliver()
        }
    }
}
