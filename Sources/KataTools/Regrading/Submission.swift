import Foundation
import KataApp
import KataWorkbook

/// One learner's work as `kata room grade` grades it, from a hand-in file or from the learner's repository: their
/// exercise files, what was refused, and what only informs (their recorded progress, chapters that differ).
package struct Submission: Sendable {
    /// What the work came from.
    package enum Origin: Sendable, Equatable {
        case handin, repository
    }

    package var origin: Origin
    /// The learner, as the table names them: a hand-in's name, or a repository's folder name.
    package var learner: String
    /// Where the work came from, as given: the hand-in file, or the repository's folder.
    package var source: String
    /// The exercise files, by path relative to the workbook root (`exercises/<chapter>/<id>.swift`).
    package var files: [String: String]
    /// What is at an exercise's path but is not graded, by path: why, in words (a link or a submodule committed
    /// there, a file too large or not UTF-8).
    package var refused: [String: String] = [:]
    /// What the learner's own progress recorded: a hand-in carries it; a repository's is not read.
    package var recorded: KataApp.Progress?
    /// The instructor's chapters that this learner's differ from (or lack), by path.
    package var differingChapters: [String]

    /// A submission.
    package init(
        origin: Origin, learner: String, source: String, files: [String: String], refused: [String: String] = [:],
        recorded: KataApp.Progress?, differingChapters: [String]
    ) {
        self.origin = origin
        self.learner = learner
        self.source = source
        self.files = files
        self.refused = refused
        self.recorded = recorded
        self.differingChapters = differingChapters
    }

    /// The work in `handin`, read from `source`, against the instructor's `workbook`: chapters differ where their
    /// hashes do, or only one side has them.
    package init(handin: Handin, source: String, workbook: Workbook) {
        let expected = Handin.chapterHashes(workbook)
        self.init(
            origin: .handin, learner: handin.learner, source: source, files: handin.files, recorded: handin.progress,
            differingChapters: Set(expected.keys).union(handin.chapters.keys).filter {
                expected[$0] != handin.chapters[$0]
            }.sorted())
    }

    /// Whether there is anything at `exercise`'s path: a file to grade, or one refused.
    package func has(_ exercise: Exercise) -> Bool {
        files[exercise.learnerPath] != nil || refused[exercise.learnerPath] != nil
    }
}
