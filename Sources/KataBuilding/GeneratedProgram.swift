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
package struct GeneratedProgram: Sendable, Equatable {
    /// One source file.
    package struct File: Sendable, Equatable {
        /// The file name in the build folder.
        package var name: String
        package var contents: String
        /// The file its `#sourceLocation` points to (the learner's file, the chapter); nil for kata's own.
        package var origin: String? = nil
    }

    /// The module with the code under test.
    package static let exerciseModule = "Exercise"
    /// The module with the specs and the entry point.
    package static let specsModule = "ExerciseSpecs"
    /// The generated file that holds the learner's code (or a reference solution, or a starter).
    package static let learnerFile = "learner.swift"

    /// Which build of an exercise this is: its own specs, or the learner's specs against the subject or a mutant.
    package enum Variant: Sendable, Hashable, CustomStringConvertible {
        case specs
        case subject
        case mutant(String)

        /// A folder-safe name.
        package var description: String {
            switch self {
            case .specs: "specs"
            case .subject: "subject"
            case .mutant(let name): "mutant-\(name)"
            }
        }
    }

    package var variant: Variant
    /// The files of module `Exercise`.
    var exerciseFiles: [File]
    /// The files of module `ExerciseSpecs`, `main.swift` last.
    var specFiles: [File]
    /// The spec classes `main.swift` runs, in source order (KataSpec), or the XCTest classes it lists (XCTest).
    package var specClasses: [String]
    /// The module the learner's file is compiled in.
    package var learnerModule: String
    /// The framework its tests run on.
    package var engine: TestEngine = .kataSpec
    /// The language mode its modules compile in.
    package var languageMode: LanguageMode = .swift5

    /// Every file of the program.
    package var files: [File] { exerciseFiles + specFiles }

    /// Where the lines of each generated file come from: its name, the file its `#sourceLocation` names, and what to
    /// add to a line of the generated file to get that file's line. Swift Testing places a test where its `@Test`
    /// macro is written in the generated file, whatever `#sourceLocation` says.
    package var origins: [String: (path: String, offset: Int)] {
        var origins: [String: (path: String, offset: Int)] = [:]
        for file in files {
            guard let origin = file.origin else { continue }
            let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
            guard let index = lines.firstIndex(where: { $0.hasPrefix("#sourceLocation(file:") }),
                let match = lines[index].firstMatch(of: /line: (\d+)\)/), let first = Int(match.output.1)
            else { continue }
            // The line after the directive (index + 2, counting from one) is the origin's line `first`.
            origins[file.name] = (origin, first - (index + 2))
        }
        return origins
    }

    /// A hash of every file, for cache keys.
    package var fingerprint: String {
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
