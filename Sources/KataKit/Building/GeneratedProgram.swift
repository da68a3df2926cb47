import Foundation

/// The Swift sources of one test program: an exercise's blocks and a file, each pointing back to where
/// it came from with `#sourceLocation`, plus a `main.swift` that runs the spec classes.
public struct GeneratedProgram: Sendable, Equatable {
    /// One source file.
    public struct File: Sendable, Equatable {
        /// The file name in the build folder.
        public var name: String
        public var contents: String
    }

    /// Which build of an exercise this is: its own specs, or the learner's specs against the subject or a mutant.
    public enum Variant: Sendable, Hashable, CustomStringConvertible {
        case specs
        case subject
        case mutant(String)

        /// A folder-safe name.
        public var description: String {
            switch self {
            case .specs: "specs"
            case .subject: "subject"
            case .mutant(let name): "mutant-\(name)"
            }
        }
    }

    public var variant: Variant
    public var files: [File]
    /// The spec classes `main.swift` runs, in source order.
    public var specClasses: [String]

    /// A hash of every file, for cache keys.
    public var fingerprint: String {
        var hash = SHA256()
        for file in files {
            hash.update(field: file.name)
            hash.update(field: file.contents)
        }
        return hash.hexDigest()
    }
}
