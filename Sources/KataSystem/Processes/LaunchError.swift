import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why ``ProcessLaunch`` could not start a process.
package enum LaunchError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// The system refused: `code` is the `errno` of the step that failed (`ENOENT`: no program at that path).
    case cannotStart(executable: String, code: Int32)

    /// What the system said, in its words: "No such file or directory".
    package var reason: String {
        switch self {
        case .cannotStart(_, let code): String(cString: strerror(code))
        }
    }

    package var description: String {
        switch self {
        case .cannotStart(let executable, _): "cannot run \(executable): \(reason)"
        }
    }

    package var errorDescription: String? { description }
}
