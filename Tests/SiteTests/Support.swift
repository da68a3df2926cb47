import Foundation
import Testing

/// Runs the built `kata build-site` on a workbook and reads the site it writes.
struct SiteRunner {
    /// What one run printed and how it exited.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// Standard output, then standard error under a marker, then the exit status.
        var transcript: String {
            var text = stdout
            if !stderr.isEmpty { text += "--- stderr\n" + stderr }
            return text + "--- exit \(status)\n"
        }
    }

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

    /// Writes an inline workbook (path → contents).
    init(files: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-site-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = folder.appendingPathComponent("workbook").appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
    }

    /// The `kata` binary next to the test bundle, or `KATA_BIN`.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["KATA_BIN"] { return URL(fileURLWithPath: path) }
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("kata")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "kata")
    }

    /// Runs `kata build-site` in the temporary folder with `--workbook workbook --out site` and more arguments.
    @discardableResult
    func build(_ arguments: [String] = [], environment extra: [String: String] = [:]) throws -> Result {
        try run(["build-site", "--workbook", "workbook", "--out", "site"] + arguments, environment: extra)
    }

    /// Runs `kata <arguments>` in the temporary folder.
    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "KATA_WORKBOOK")
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = folder.standardizedFileURL.path
        func normalize(_ data: Data) -> String {
            String(decoding: data, as: UTF8.self).replacingOccurrences(of: path, with: "<tmp>")
        }
        return Result(status: process.terminationStatus, stdout: normalize(stdout), stderr: normalize(stderr))
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
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = SiteRunner.sourceFolder.appendingPathComponent("Snapshots/\(name)")
    if ProcessInfo.processInfo.environment["KATA_RECORD"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        Issue.record("recorded \(name); check it, then run again without KATA_RECORD", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no golden file \(name); run with KATA_RECORD=1 to record it", sourceLocation: sourceLocation)
        return
    }
    #expect(text == expected, "output differs from Snapshots/\(name)", sourceLocation: sourceLocation)
}

/// The text a reader sees in a page: tags removed, entities decoded.
func visibleText(_ html: String) -> String {
    var text = html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
        text = text.replacingOccurrences(of: entity, with: character)
    }
    return text
}
