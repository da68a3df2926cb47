import Foundation

/// The whole workbook: its chapters, in order, and every exercise in them.
package struct Workbook: Sendable {
    /// The folder that holds `chapters/`.
    package var root: URL
    /// Chapters in `NN` order.
    package var chapters: [Chapter]

    /// Every exercise, in workbook order.
    package var exercises: [Exercise] { chapters.flatMap(\.exercises) }

    /// The chapter an exercise belongs to.
    package func chapter(of exercise: Exercise) -> Chapter {
        guard let chapter = chapters.first(where: { $0.slug == exercise.chapterSlug }) else {
            preconditionFailure("exercise \(exercise.id) has no chapter \(exercise.chapterSlug)")
        }
        return chapter
    }

    /// In a learner's copy of a GitHub Classroom assignment (``AssignmentTemplate``), this file stands in for the
    /// reference solutions, which stay with the instructor: a workbook that has it loads without them (`kata check`
    /// needs only the chapters), while `kata verify` still asks for every one.
    package static let solutionsElsewhere = "solutions/WITH-THE-INSTRUCTOR.md"

    /// The file at a path relative to the workbook root.
    package func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}
