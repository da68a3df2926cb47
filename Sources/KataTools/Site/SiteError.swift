import Foundation

/// Why a site could not be built.
package enum SiteError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// The templates and assets are nowhere to be found.
    case resourcesNotFound(searched: [String])
    /// A template does not parse.
    case badTemplate(file: String, line: Int, column: Int, reason: String)
    /// A template the builder needs is missing.
    case missingTemplate(name: String, folder: String)
    /// The interface strings of a language are missing, malformed or incomplete.
    case badStrings(file: String, reason: String)
    /// The output folder exists, is not empty, and was not written by `kata build-site`.
    case outputNotASite(path: String)
    /// A file could not be read or written.
    case io(path: String, reason: String)

    /// The message for the user.
    package var description: String {
        switch self {
        case .resourcesNotFound(let searched):
            return "cannot find the site's templates and assets; looked in:\n"
                + searched.map { "  \($0)" }.joined(separator: "\n")
                + "\nset KATA_SITE_RESOURCES to the folder Sources/KataTools/Site/Resources of a kata checkout, "
                + "or keep kata_KataTools.resources next to the kata-tools binary"
        case .badTemplate(let file, let line, let column, let reason):
            return "\(file):\(line):\(column): error: template does not parse: \(reason)"
        case .missingTemplate(let name, let folder):
            return "template '\(name).mustache' is missing from \(folder); restore it from the kata checkout"
        case .badStrings(let file, let reason):
            return "\(file): error: the site's strings cannot be used: \(reason)"
        case .outputNotASite(let path):
            return "\(path) exists and holds files that kata build-site did not write; "
                + "choose an empty or new folder with --out, or remove it first"
        case .io(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }

    /// Same as ``description``.
    package var errorDescription: String? { description }
}
