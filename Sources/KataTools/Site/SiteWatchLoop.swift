import Foundation
import KataApp
import KataWorkbook

/// `kata build-site --watch`: builds the workbook's site, then builds it again each time a chapter, a
/// document, `site.md` or the learner's progress changes (a passing `kata check` in another terminal),
/// until the user presses Ctrl-C. A workbook with mistakes is reported and the old site left as it is.
package struct SiteWatchLoop {
    /// The workbook's folder.
    package let root: URL
    /// Paths shown to the user are relative to this folder.
    package let displayBase: URL
    /// The site's folder; nil for `site/` in the workbook.
    package let output: URL?
    package let settings: WorkbookSite.Settings
    package let resources: SiteResources
    /// Writes a line to the user.
    package var write: (String) -> Void

    /// Creates the loop.
    package init(
        root: URL, displayBase: URL, output: URL?, settings: WorkbookSite.Settings, resources: SiteResources,
        write: @escaping (String) -> Void
    ) {
        self.root = root
        self.displayBase = displayBase
        self.output = output
        self.settings = settings
        self.resources = resources
        self.write = write
    }

    /// Builds, then waits for changes and builds again; returns only when the process is stopped.
    package func run() throws {
        let watcher = try FileWatcher()
        var changed: [URL] = []
        while true {
            let started = Date()
            var folders = [root]
            var relevant: (URL) -> Bool = { $0.pathExtension == "md" }
            do {
                let workspace = try Workspace(root: root, displayBase: displayBase, language: .source)
                let site = WorkbookSite(workspace: workspace, output: output, settings: settings)
                let (report, notices) = try site.build(resources: resources)
                for notice in notices { write("kata: warning: \(notice)") }
                for warning in report.warnings { write(warning.description) }
                let cause =
                    changed.isEmpty
                    ? "" : " after a change to \(changed.map(workspace.display).joined(separator: ", "))"
                let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
                folders = site.watchedFolders()
                relevant = site.matters
                // Watched before it is said, so that a change made as soon as the line is read is seen.
                watcher.startWatching(folders)
                write(
                    "Built \(report.pages) pages into \(workspace.display(report.output))/ in \(milliseconds) ms\(cause). "
                        + "Watching for changes; Ctrl-C stops.")
            } catch let error as WorkbookError {
                folders = [root, root.appendingPathComponent("chapters")]
                watcher.startWatching(folders)
                write(error.description)
                write("The site was not rebuilt; fix the workbook and save again.")
            } catch {
                watcher.startWatching(folders)
                write("kata: error: \(error)")
                write("The site was not rebuilt; it is built again at the next change.")
            }
            changed = watcher.waitForChange(in: folders, where: relevant)
        }
    }
}
