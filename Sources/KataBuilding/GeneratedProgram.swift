import Foundation
import KataBasics
import KataWorkbook

/// The Swift sources of one test program: an exercise's blocks and a file, each pointing back to where
/// it came from with `#sourceLocation`, plus a `main.swift` that runs the spec classes.
///
/// A program is two modules. `Exercise` holds the code under test: the support blocks with the learner's file (an
/// implement exercise) or with the subject or a mutant (a specify exercise). `ExerciseSpecs` holds the specs (the
/// chapter's, or the learner's file) and `main.swift`, and imports `Exercise` with `@testable`. So the code that
/// does not change between two checks is compiled once and kept (see ``CompileUnit``): the chapter's specs while
/// the learner's declarations stay the same, and a specify exercise's subject and mutants always.
public struct GeneratedProgram: Sendable, Equatable {
    /// One source file.
    public struct File: Sendable, Equatable {
        /// The file name in the build folder.
        public var name: String
        public var contents: String
        /// The file its `#sourceLocation` points to (the learner's file, the chapter); nil for kata's own.
        public var origin: String? = nil
    }

    /// The module with the code under test.
    public static let exerciseModule = "Exercise"
    /// The module with the specs and the entry point.
    public static let specsModule = "ExerciseSpecs"
    /// The generated file that holds the learner's code (or a reference solution, or a starter).
    public static let learnerFile = "learner.swift"

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
    /// The files of module `Exercise`.
    public var exerciseFiles: [File]
    /// The files of module `ExerciseSpecs`, `main.swift` last.
    public var specFiles: [File]
    /// The spec classes `main.swift` runs, in source order.
    public var specClasses: [String]
    /// The module the learner's file is compiled in.
    public var learnerModule: String

    /// Every file of the program.
    public var files: [File] { exerciseFiles + specFiles }

    /// A hash of every file, for cache keys.
    public var fingerprint: String {
        var hash = SHA256()
        for (module, files) in [(Self.exerciseModule, exerciseFiles), (Self.specsModule, specFiles)] {
            hash.update(field: module)
            for file in files {
                hash.update(field: file.name)
                hash.update(field: file.contents)
            }
        }
        return hash.hexDigest()
    }
}
