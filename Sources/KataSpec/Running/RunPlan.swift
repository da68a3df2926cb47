/// The examples of a run in run order, each with its index and what will happen to it.
struct RunPlan {
    /// What the runner does with an example.
    enum Disposition: Equatable {
        /// Run it.
        case run
        /// Report it as pending without running it.
        case pending
        /// Report it as skipped: something else is focused.
        case skipped
        /// Leave it out of the report: filtered out, or before the start index.
        case hidden
    }

    /// One example in run order.
    struct Entry {
        let index: Int
        let example: Example
        let disposition: Disposition
    }

    let entries: [Entry]

    init(roots: [ExampleGroup], configuration: RunConfiguration) {
        if configuration.seed != 0 {
            var generator = SeededGenerator(seed: configuration.seed)
            for root in roots { root.shuffle(using: &generator) }
        }
        let examples = roots.flatMap(\.allExamples)
        let focusing = !configuration.runAll && examples.contains { $0.isEffectivelyFocused }
        entries = examples.enumerated().map { index, example in
            let disposition: Disposition
            if index < configuration.startAt
                || !(configuration.filter.map { example.fullName.contains($0) } ?? true)
            {
                disposition = .hidden
            } else if example.isBuildFailure {
                disposition = .run
            } else if example.body == nil || (!configuration.runAll && example.isEffectivelyExcluded) {
                disposition = .pending
            } else if focusing && !example.isEffectivelyFocused {
                disposition = .skipped
            } else {
                disposition = .run
            }
            return Entry(index: index, example: example, disposition: disposition)
        }
    }

    /// How many examples the run reports.
    var reportedCount: Int { entries.filter { $0.disposition != .hidden }.count }

    /// For each group, the index of the last example that runs in it (when its `afterAll` runs).
    var lastRunIndexByGroup: [ObjectIdentifier: Int] {
        var result: [ObjectIdentifier: Int] = [:]
        for entry in entries where entry.disposition == .run {
            for group in entry.example.group.lineage { result[ObjectIdentifier(group)] = entry.index }
        }
        return result
    }
}
