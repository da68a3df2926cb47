import Foundation
import KataTestSupport

@testable import KataWorkbook

/// A workbook written to a temporary folder for one test: what the workbook's loader says of a chapter is what a
/// learner sees of the limits.
typealias TestWorkbook = TestFolder

extension TestFolder {
    /// The diagnostics that loading reports (empty if it loads).
    func diagnostics() -> [String] {
        do {
            _ = try WorkbookLoader(root: root, displayBase: root).load()
            return []
        } catch {
            if case .invalid(let diagnostics) = error { return diagnostics.map(\.description) }
            return [error.description]
        }
    }
}
