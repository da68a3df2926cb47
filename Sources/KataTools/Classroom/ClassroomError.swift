import Foundation

/// Why `kata room github` could not write an assignment template.
package enum ClassroomError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// The workbook is not a checkout of kata, so the template would have nothing to build kata from.
    case notKataCheckout(root: String)
    /// A file kata's build or the workflow needs is not in the checkout.
    case missingFile(path: String)
    /// The folder to write the template in already holds files.
    case folderNotEmpty(path: String)
    /// The folder to write the template in is inside the workbook.
    case folderInsideWorkbook(path: String)
    /// `git ls-files` failed in the workbook.
    case cannotList(root: String, reason: String)
    /// A file of the checkout could not be read.
    case cannotRead(path: String, reason: String)
    /// A file of the template could not be written.
    case cannotWrite(path: String, reason: String)

    /// The message for the user.
    package var description: String {
        switch self {
        case .notKataCheckout(let root):
            "\(root) is not a checkout of kata (it has no Package.swift and Sources/kata): the assignment's "
                + "workflow builds kata from the template, so make the template from a clone of kata that holds "
                + "your chapters"
        case .missingFile(let path):
            "\(path) is missing from the workbook, and the assignment's workflow needs it; restore it "
                + "(git checkout -- \(path)) and run this again"
        case .folderNotEmpty(let path):
            "\(path) already holds files; name a new folder (or an empty one) for the assignment's template"
        case .folderInsideWorkbook(let path):
            "\(path) is inside the workbook; name a folder outside it, such as ../kata-assignment"
        case .cannotList(let root, let reason):
            "cannot list the files of \(root) with git (\(reason)); check that git works there and run this again"
        case .cannotRead(let path, let reason):
            "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); check that the folder is writable and run this again"
        }
    }

    /// Same as ``description``.
    package var errorDescription: String? { description }
}
