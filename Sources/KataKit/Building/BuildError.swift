import Foundation

/// Why an exercise could not be built (as opposed to: it was built and failed to compile).
public enum BuildError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// No `swiftc` was found.
    case noCompiler
    /// The KataSpec sources were not found.
    case noSpecSources(searched: [String])
    /// KataSpec itself did not compile: a broken installation, not the learner's fault.
    case specLibraryFailed(output: String)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)
    /// `KATA_SANDBOX=require` and this computer has no sandbox.
    case noSandbox(reason: String)

    /// The message for the user.
    public var description: String {
        switch self {
        case .noCompiler:
            "cannot find swiftc; install Swift 6 (https://swift.org/install) or set SWIFTC to the compiler's path"
        case .noSpecSources(let searched):
            "cannot find the KataSpec sources (looked in \(searched.joined(separator: ", "))); set KATA_SPEC_SOURCES to the folder Sources/KataSpec of kata"
        case .specLibraryFailed(let output):
            "the KataSpec library did not compile; this is a problem with kata's installation, not with your code:\n\(output)"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason)"
        case .noSandbox(let reason):
            "KATA_SANDBOX=require, but there is no sandbox on this computer: \(reason)"
        }
    }

    /// Same as ``description``.
    public var errorDescription: String? { description }
}
