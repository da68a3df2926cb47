import ArgumentParser
import Foundation
import KataApp
import KataBasics
import KataCommandLine
import KataMessages
import KataTools
import KataWorkbook

extension Kata {
    /// `kata build-site`.
    struct BuildSite: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ToolCommand.buildSite.name,
            abstract: ToolCommand.buildSite.abstract,
            discussion: """
                The site shows your progress (from .kata/progress.json): what you solved, and what is next. \
                Every language the workbook is translated into gets an edition (Simplified Chinese in \
                site/zh-Hans/), with a switch on each page. \
                A site in the workbook's site/ folder is rebuilt after every passing kata check.
                """)

        @OptionGroup var options: WorkbookOptions

        @Option(help: ArgumentHelp("Where to write the site (default: site/ in the workbook).", valueName: "dir"))
        var out: String?

        @Flag(help: "Show the reference solutions, for an instructor. A learner's site never contains them.")
        var withSolutions = false

        @Option(
            help: ArgumentHelp(
                "The address the site will be served from, for canonical links and a sitemap.", valueName: "url"))
        var baseURL: String?

        @Flag(
            inversion: .prefixedNo,
            help: "Show your progress (solved exercises, the next one) on the site; --no-progress leaves it out.")
        var progress = true

        @Flag(help: "Build again whenever a chapter, a document or your progress changes; Ctrl-C stops.")
        var watch = false

        /// What a passing `kata check` runs (``SiteRefresh``): rebuild the workbook's site/ as it was built, if a
        /// build left it there, and say so in one line.
        @Flag(name: .customLong(String(SiteRefresh.flag.dropFirst(2))), help: .hidden)
        var refresh = false

        func validate() throws {
            if let baseURL {
                let scheme = URL(string: baseURL)?.scheme?.lowercased()
                guard scheme == "http" || scheme == "https", URL(string: baseURL)?.host != nil else {
                    throw ValidationError(
                        "--base-url must be a web address such as https://example.org/kata/; got '\(baseURL)'")
                }
            }
        }

        func run() throws {
            if refresh {
                let workspace = try options.workspace()
                if let line = WorkbookSite.refresh(workspace) { print(line) }
                return
            }
            // Every language is built, English at the root; the learner's choice does not pick one.
            let workspace = try options.workspace(language: .source)
            let output = out.map { URL(fileURLWithPath: $0).standardizedFileURL }
            let settings = WorkbookSite.Settings(
                withSolutions: withSolutions, baseURL: baseURL, showsProgress: progress)
            let resources = try workspace.output.run { try SiteResources.locate() }
            if watch {
                let loop = SiteWatchLoop(
                    root: workspace.workbook.root, displayBase: workspace.displayBase, output: output,
                    settings: settings, resources: resources,
                    write: { line in
                        FileHandle.standardOutput.write(Data((line + "\n").utf8))
                    })
                try workspace.output.run { try loop.run() }
                return
            }
            let site = WorkbookSite(workspace: workspace, output: output, settings: settings)
            let (report, notices) = try workspace.output.run { try site.build(resources: resources) }
            for notice in notices { workspace.output.warn(notice) }
            for warning in report.warnings { Output.printError(warning.description) }
            let solutions = withSolutions ? ", with reference solutions" : ""
            print(
                "Wrote \(report.pages) pages (\(report.exercises) exercise\(report.exercises == 1 ? "" : "s")\(solutions)) to \(workspace.display(report.output))/\n"
                    + "Open \(workspace.display(report.output.appendingPathComponent("index.html"))) in a browser; it works offline."
            )
        }
    }
}
