import Foundation
import KataSystem

/// After a passing check, a site the learner built in the workbook's `site/` is brought up to date, to show the
/// exercise as solved. The site builder is not in kata (a learner's first build leaves it out): `kata-tools
/// build-site --refresh` rebuilds the site as it was built and says so in one line.
package enum SiteRefresh {
    /// The file that says a folder was written by `kata build-site`, and how (the site builder writes it).
    package static let marker = ".kata-site"

    /// The flag of `kata-tools build-site` that refreshes the workbook's site and prints one line about it.
    package static let flag = "--refresh"

    /// Rebuilds `site/` if a build left it there. Returns the line to show the learner, or nil when the workbook
    /// has no site. kata-tools is looked for only then (`tools`, by default ``CompanionBinary/locate``).
    package static func run(_ workspace: Workspace, tools locate: () -> URL? = { CompanionBinary.tools.locate() })
        -> String?
    {
        let folder = workspace.workbook.url("site")
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(marker).path) else { return nil }
        let notRefreshed = { (error: String) in
            workspace.messages(.siteNotRefreshed, ["folder": workspace.display(folder), "error": error])
        }
        guard let tools = locate() else {
            return notRefreshed("kata's site builder (\(CompanionBinary.tools.name)) is not built")
        }
        let command = ExternalCommand(
            executable: tools,
            arguments: ["build-site", flag, "--workbook", workspace.workbook.root.path],
            directory: workspace.displayBase)
        let lines: [Substring]
        let status: Int32
        do {
            let result = try command.run()
            lines = result.output.split(separator: "\n", omittingEmptySubsequences: true)
            status = result.signalled ? -1 : result.status
        } catch {
            return notRefreshed("\(error)")
        }
        guard status == 0, let line = lines.last else {
            let reason = lines.last.map(String.init) ?? "\(tools.lastPathComponent) stopped with status \(status)"
            return notRefreshed(reason)
        }
        return String(line)
    }
}
