import ArgumentParser
import Foundation
import KataKit

extension Kata {
    /// `kata build-site`.
    struct BuildSite: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build-site",
            abstract: "Render the workbook as a static HTML site that works offline, from a folder or a web server.")

        @OptionGroup var options: WorkbookOptions

        @Option(help: ArgumentHelp("Where to write the site (default: site/ in the workbook).", valueName: "dir"))
        var out: String?

        @Flag(help: "Show the reference solutions, for an instructor. A learner's site never contains them.")
        var withSolutions = false

        @Option(
            help: ArgumentHelp(
                "The address the site will be served from, for canonical links and a sitemap.", valueName: "url"))
        var baseURL: String?

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
            let workspace = try options.workspace(language: .source)
            let output =
                out.map { URL(fileURLWithPath: $0).standardizedFileURL }
                ?? workspace.workbook.url("site")
            let report = try Output.run {
                let resources = try SiteResources.locate()
                return try SiteBuilder(
                    workbook: workspace.workbook, resources: resources,
                    options: .init(withSolutions: withSolutions, baseURL: baseURL)
                ).build(into: output)
            }
            for warning in report.warnings { Output.printError(warning.description) }
            let solutions = withSolutions ? ", with reference solutions" : ""
            print(
                "Wrote \(report.pages) pages (\(report.exercises) exercise\(report.exercises == 1 ? "" : "s")\(solutions)) to \(workspace.display(output))/\n"
                    + "Open \(workspace.display(output.appendingPathComponent("index.html"))) in a browser; it works offline."
            )
        }
    }
}
