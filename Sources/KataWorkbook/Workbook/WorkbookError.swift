import Foundation
import KataBasics

/// Why a workbook could not be loaded.
package enum WorkbookError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// No folder with `chapters/` was found from `start` upwards.
    case notFound(searchedFrom: String)
    /// `--workbook` or `KATA_WORKBOOK` names a folder without `chapters/`.
    case noChapters(path: String)
    /// The chapters have mistakes, all listed.
    case invalid([Diagnostic])

    /// The message for the user. The paths in it come from the current folder, `--workbook` or `KATA_WORKBOOK`:
    /// they are shown on one line, control characters escaped.
    package var description: String {
        switch self {
        case .notFound(let start):
            return "no workbook here: neither \(start.withVisibleControlsOnOneLine) nor any folder above it has a "
                + "'chapters' folder; "
                + "run kata inside a workbook, or pass --workbook PATH (or set KATA_WORKBOOK)"
        case .noChapters(let path):
            return
                "\(path.withVisibleControlsOnOneLine) is not a workbook: it has no 'chapters' folder; point --workbook (or KATA_WORKBOOK) at the folder that holds chapters/"
        case .invalid(let diagnostics):
            let errors = diagnostics.filter { $0.severity == .error }.count
            return diagnostics.map(\.description).joined(separator: "\n")
                + "\n\(errors) error\(errors == 1 ? "" : "s") in the workbook; fix \(errors == 1 ? "it" : "them") and run the command again"
        }
    }

    /// Same as ``description``.
    package var errorDescription: String? { description }
}
