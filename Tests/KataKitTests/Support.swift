import Foundation
import Testing

@testable import KataKit

/// A workbook written to a temporary folder for one test.
struct TestWorkbook {
    let root: URL

    /// Writes files (path → contents) under a fresh temporary folder.
    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-test-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
    }

    /// Copies a fixture folder from `Fixtures/`.
    init(fixture name: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-test-\(UUID().uuidString)")
        let source = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            .appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: root)
    }

    /// Loads it, with paths shown relative to its root.
    func load() throws(WorkbookError) -> Workbook {
        try WorkbookLoader(root: root, displayBase: root).load()
    }

    /// The diagnostics that loading reports (empty if it loads).
    func diagnostics() -> [String] {
        do {
            _ = try load()
            return []
        } catch {
            if case .invalid(let diagnostics) = error { return diagnostics.map(\.description) }
            return [error.description]
        }
    }
}

/// Markdown with position markers: `⟪name⟫` marks a place; the markers are removed and their line:column kept.
struct MarkedSource {
    let text: String
    let marks: [String: (line: Int, column: Int)]

    init(_ marked: String) {
        var text = ""
        var marks: [String: (Int, Int)] = [:]
        var line = 1
        var column = 1
        var index = marked.startIndex
        while index < marked.endIndex {
            if marked[index] == "⟪", let close = marked[index...].firstIndex(of: "⟫") {
                marks[String(marked[marked.index(after: index)..<close])] = (line, column)
                index = marked.index(after: close)
                continue
            }
            let character = marked[index]
            text.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index = marked.index(after: index)
        }
        self.text = text
        self.marks = marks
    }

    /// `file:line:column` of a mark.
    func at(_ name: String, in file: String) -> String {
        guard let mark = marks[name] else { return "missing mark \(name)" }
        return "\(file):\(mark.line):\(mark.column)"
    }
}
