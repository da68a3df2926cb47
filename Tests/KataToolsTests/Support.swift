import Foundation
import KataTestSupport

@testable import KataWorkbook

/// A workbook written to a temporary folder for one test.
typealias TestWorkbook = TestFolder

extension TestFolder {
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
