import Foundation
import KataTestSupport
import Testing

@testable import KataBasics
@testable import KataTools
@testable import KataWorkbook

/// Runs the built `kata build-site` on a workbook and reads the site it writes.
struct SiteRunner {
    typealias Result = KataProcess.Result

    /// A fresh temporary folder holding the workbook copy (`workbook/`) and the site (`site/`).
    let folder: URL
    var workbook: URL { folder.appendingPathComponent("workbook") }
    var site: URL { folder.appendingPathComponent("site") }

    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// Copies `Fixtures/<name>`.
    init(fixture name: String = "workbook") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.sourceFolder.appendingPathComponent("Fixtures/\(name)"), to: workbook)
    }

    /// The checkout this test was built from: its `chapters/` are the bundled workbook.
    static let repositoryRoot = sourceFolder.deletingLastPathComponent().deletingLastPathComponent()

    /// Uses a workbook where it is (read only: the site goes to the temporary folder).
    init(workbookAt root: URL) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: workbook, withDestinationURL: root)
    }

    /// Writes an inline workbook (path → contents).
    init(files: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-site-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = folder.appendingPathComponent("workbook").appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
    }

    /// Runs `kata build-site` in the temporary folder with `--workbook workbook --out site` and more arguments.
    @discardableResult
    func build(_ arguments: [String] = [], environment extra: [String: String] = [:]) throws -> Result {
        try run(["build-site", "--workbook", "workbook", "--out", "site"] + arguments, environment: extra)
    }

    /// Runs `kata <arguments>` in the temporary folder.
    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
        let path = folder.standardizedFileURL.path
        return try KataProcess.run(arguments, in: folder, environment: extra) {
            $0.replacingOccurrences(of: path, with: "<tmp>")
        }
    }

    /// A file of the site, as text.
    func page(_ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file of the site, relative to it.
    func siteFiles() -> [String] {
        let base = site.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: site, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(String(url.standardizedFileURL.path.dropFirst(base.count)))
            }
        }
        return files.sorted()
    }
}

/// Compares text with `Snapshots/<name>`. With `KATA_RECORD=1` it writes the file and fails, so a person looks.
func assertSnapshot(_ text: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    throws
{
    let url = SiteRunner.sourceFolder.appendingPathComponent("Snapshots/\(name)")
    try assertGolden(text, at: url, named: "Snapshots/\(name)", sourceLocation: sourceLocation)
}

/// The text a reader sees in a page: tags removed, entities decoded.
func visibleText(_ html: String) -> String {
    var text = html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
        text = text.replacingOccurrences(of: entity, with: character)
    }
    return text
}
