import ArgumentParser
import Foundation
import KataKit

extension Kata {
    /// `kata verify`.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "For authors: check that every solution passes, every starter fails and every example compiles.",
            discussion:
                "Every reference solution must pass; every starter must fail; a specify exercise's reference specs "
                + "must pass against the subject and catch every mutant; every plain `swift` block must compile. "
                + "Runs on all cores. Exit status 1 if anything is wrong.")

        @OptionGroup var options: WorkbookOptions

        @Argument(help: ArgumentHelp("Only these exercises or chapters (ids or chapter slugs).", valueName: "id"))
        var ids: [String] = []

        @Flag(help: "Run everything again instead of reusing cached verdicts.")
        var noCache = false

        func run() throws {
            let workspace = try options.workspace()
            let start = Date()
            let verbose = isatty(STDERR_FILENO) == 1
            let verifier = Verifier(workspace: workspace, useCache: !noCache) { done, total, label in
                if verbose {
                    Output.printError("\u{1B}[2K\r[\(done)/\(total)] \(label)\u{1B}[1A")
                } else if done == total || done % 10 == 0 {
                    Output.printError("verify: \(done)/\(total) done")
                }
            }
            let problems = try Output.run {
                try verifier.run(only: ids) { Output.printError("Preparing KataSpec (first run only)...") }
            }
            if verbose { Output.printError("") }
            for problem in problems { print(problem.description) }
            let seconds = String(format: "%.1f", Date().timeIntervalSince(start))
            let exercises = workspace.workbook.exercises.count
            if problems.isEmpty {
                print(
                    "verify: the workbook is sound (\(plural(exercises, "exercise")) in \(workspace.workbook.chapters.count) chapters) in \(seconds) s"
                )
            } else {
                print("verify: \(plural(problems.count, "problem")) found in \(seconds) s")
                throw ExitCode(1)
            }
        }

        private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    }
}
