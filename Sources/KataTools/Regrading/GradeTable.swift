import Foundation
import KataApp
import KataBasics
import KataGrading

/// The grades of a class: one row per learner (a hand-in, or a repository) and exercise, written as CSV, JUnit XML
/// and a summary.
package struct GradeTable: Sendable {
    /// One exercise of one learner's work.
    package struct Cell: Sendable, Equatable {
        /// The re-graded outcome.
        package enum Grade: String, Sendable {
            case passed, failed
            case compileError = "compile-error"
            case error
            /// The learner's work has no file for the exercise.
            case missing
            /// Something is at the exercise's path that kata does not grade: a link or a submodule committed there, a
            /// committed file too large or not UTF-8 (``detail`` says which).
            case refused
        }

        package var exercise: String
        package var grade: Grade
        /// What the learner's own progress said (for comparison only); nil for a repository, whose is not read.
        package var recorded: ExerciseState?
        /// Specify exercises: mutants caught of mutants in all.
        package var caught: Int?
        package var mutants: Int?
        /// The first failure, on one line.
        package var detail: String?

        /// A cell with no run (missing, or the checker could not work).
        package init(exercise: String, grade: Grade, recorded: ExerciseState?, detail: String? = nil) {
            self.exercise = exercise
            self.grade = grade
            self.recorded = recorded
            self.detail = detail
        }

        /// A cell from a check.
        package init(exercise: String, result: CheckResult, recorded: ExerciseState?) {
            self.exercise = exercise
            self.recorded = recorded
            switch result.status {
            case .passed: grade = .passed
            case .failed: grade = .failed
            case .compileError: grade = .compileError
            case .error: grade = .error
            }
            if result.kind == .specify, !result.mutants.isEmpty {
                caught = result.caughtCount
                mutants = result.mutants.count
            }
            detail = FailureLine.first(in: result)
        }

        /// A failure in JUnit's terms: the learner's code, or the learner's lack of it (not the checker's trouble).
        var isFailure: Bool { grade == .failed || grade == .missing || grade == .refused }

        /// Whether the learner's record claims a pass that re-grading does not confirm.
        var disagrees: Bool { recorded == .solved && grade != .passed }
    }

    /// One learner's work.
    package struct Learner: Sendable {
        /// The hand-in's learner, or the repository's folder name.
        package var name: String
        /// The hand-in file or the repository's folder, as given.
        package var file: String
        package var cells: [Cell]
        /// Chapters whose text differs from the instructor's (or that only one side has).
        package var differingChapters: [String]

        /// A hand-in or a repository.
        package var origin: Submission.Origin = .handin

        package var passed: Int { cells.count { $0.grade == .passed } }
    }

    /// A path that names no work kata can grade: not a readable hand-in, a repository it cannot read.
    package struct Unreadable: Sendable {
        package var file: String
        package var reason: String
    }

    /// The exercises graded: those any learner's work has a file (or a refused one) for, in workbook order.
    package var exercises: [String]
    package var learners: [Learner]
    package var unreadable: [Unreadable]

    /// What was graded, for the last line: `2 hand-ins, 3 repositories, 4 exercises` (hand-ins are named even when
    /// there are none, unless there are repositories).
    package var counts: String {
        let handins = learners.count { $0.origin == .handin }
        let repositories = learners.count - handins
        var parts: [String] = []
        if handins > 0 || repositories == 0 { parts.append(plural(handins, "hand-in")) }
        if repositories > 0 { parts.append(Self.repositories(repositories)) }
        return (parts + [plural(exercises.count, "exercise")]).joined(separator: ", ")
    }

    /// `1 repository`, `2 repositories`.
    static func repositories(_ count: Int) -> String { "\(count) \(count == 1 ? "repository" : "repositories")" }

    /// `learner,file,exercise,grade,caught,mutants,recorded,chapters_differ,detail`.
    package func csv() -> String {
        var lines = ["learner,file,exercise,grade,caught,mutants,recorded,chapters_differ,detail"]
        for learner in learners {
            for cell in learner.cells {
                // Typed one by one: as one literal of optionals and maps, this took the compiler two seconds.
                let caught: String = cell.caught.map { String($0) } ?? ""
                let mutants: String = cell.mutants.map { String($0) } ?? ""
                let fields: [String] = [
                    learner.name, learner.file, cell.exercise, cell.grade.rawValue, caught, mutants,
                    cell.recorded?.rawValue ?? "", learner.differingChapters.joined(separator: " "), cell.detail ?? "",
                ]
                lines.append(fields.map(CSV.field).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// JUnit XML: a `<testsuite>` per learner, a `<testcase>` per exercise.
    package func junit() -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = learners.map { $0.cells.count(where: \.isFailure) }.reduce(0, +)
        let errors = learners.map { $0.cells.count { $0.grade == .compileError || $0.grade == .error } }.reduce(0, +)
        xml +=
            "<testsuites name=\"kata room grade\" tests=\"\(learners.count * exercises.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for learner in learners {
            let suiteFailures = learner.cells.count(where: \.isFailure)
            let suiteErrors = learner.cells.count { $0.grade == .compileError || $0.grade == .error }
            xml +=
                "  <testsuite name=\"\(escape(learner.name))\" tests=\"\(learner.cells.count)\" failures=\"\(suiteFailures)\" errors=\"\(suiteErrors)\">\n"
            if !learner.differingChapters.isEmpty {
                xml +=
                    "    <properties><property name=\"chapters-differ\" value=\"\(escape(learner.differingChapters.joined(separator: " ")))\"/></properties>\n"
            }
            for cell in learner.cells {
                let head = "    <testcase classname=\"\(escape(learner.name))\" name=\"\(escape(cell.exercise))\""
                let detail = escape(cell.detail ?? cell.grade.rawValue)
                switch cell.grade {
                case .passed: xml += head + "/>\n"
                case .failed, .refused: xml += head + "><failure message=\"\(detail)\"/></testcase>\n"
                case .missing: xml += head + "><failure message=\"no file handed in or committed\"/></testcase>\n"
                case .compileError, .error: xml += head + "><error message=\"\(detail)\"/></testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// A table for the terminal: each learner's passes, and what needs the instructor's eye. Everything a hand-in
    /// chose (the learner's name, chapter paths, the file's own name) has its control characters shown as escapes.
    package func summary() -> String {
        var lines: [String] = []
        let names = learners.map { Self.oneLine($0.name) }
        // The column fits the names, up to 40 characters: a longer name (escapes take room) widens its own line only.
        let width = min(40, max(7, names.map(\.count).max() ?? 7))
        lines.append("Learner".padding(toLength: width, withPad: " ", startingAt: 0) + "  Passed  Notes")
        for (learner, name) in zip(learners, names) {
            var notes: [String] = []
            if !learner.differingChapters.isEmpty {
                notes.append("chapters differ from yours: \(learner.differingChapters.joined(separator: ", "))")
            }
            let claims = learner.cells.filter(\.disagrees).map(\.exercise)
            if !claims.isEmpty {
                notes.append("recorded as solved but not passing now: \(claims.joined(separator: ", "))")
            }
            let refused = learner.cells.filter { $0.grade == .refused }.map(\.exercise)
            if !refused.isEmpty {
                notes.append("committed but not graded (the CSV says why): \(refused.joined(separator: ", "))")
            }
            lines.append(
                name + String(repeating: " ", count: max(0, width - name.count))
                    + "  \("\(learner.passed)/\(exercises.count)".padding(toLength: 6, withPad: " ", startingAt: 0))"
                    + "  \(Self.oneLine(notes.joined(separator: "; ")))")
        }
        for file in unreadable { lines.append(Self.oneLine("skipped \(file.file): \(file.reason)")) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func escape(_ text: String) -> String { XMLText.escaped(text) }

    /// `text` on one line of the summary: controls, line breaks and tabs shown as escapes, so that no hand-in can
    /// drive the terminal or add a line of its own that looks like another learner's.
    static func oneLine(_ text: String) -> String {
        text.withVisibleControls.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
    }
}
