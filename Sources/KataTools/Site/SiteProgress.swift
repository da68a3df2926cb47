import KataApp
import KataWorkbook

/// What the learner has done, as the site shows it: which exercises are solved or started, and which one
/// `kata next` would show. Read through ``ProgressStore`` by whoever builds the site.
package struct SiteProgress: Sendable, Equatable {
    /// Where the learner stands with each exercise that was checked.
    package var states: [String: ExerciseState]
    /// The current exercise (``Workspace/current(in:)``), if any is left.
    package var next: String?

    /// The learner's progress, and the exercise that comes next.
    package init(progress: Progress, next: String?) {
        states = progress.exercises.mapValues(\.state).filter { $0.value != .notStarted }
        self.next = next
    }

    /// How many of these exercises are solved.
    func solved(_ exercises: [Exercise]) -> Int {
        exercises.filter { states[$0.id] == .solved }.count
    }

    /// The mark an exercise gets: solved, next, started, or none.
    func mark(_ id: String, strings: SiteStrings) -> ExerciseMark? {
        if states[id] == .solved { return ExerciseMark(status: "solved", label: strings.text("statusSolved")) }
        if next == id { return ExerciseMark(status: "next", label: strings.text("statusNext")) }
        if states[id] == .attempted { return ExerciseMark(status: "attempted", label: strings.text("statusAttempted")) }
        return nil
    }
}

/// An exercise's mark in the sidebar, on the index and on its heading.
struct ExerciseMark: Equatable {
    /// `solved`, `next` or `attempted`: the mark's class.
    var status: String
    /// What the mark says.
    var label: String
}
