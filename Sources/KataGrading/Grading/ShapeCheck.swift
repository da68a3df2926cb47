import KataBasics
import KataWorkbook

/// Judges the structure of a learner's spec against the ``SpecShape`` its exercise states, from the examples of
/// the run against the subject (each example's path names its groups, outermost first).
package struct ShapeCheck: Codable, Sendable, Equatable {
    /// One requirement of the shape, and whether the spec meets it.
    package struct Requirement: Codable, Sendable, Equatable {
        /// What the exercise asks, as a learner reads it: "at least 3 contexts inside your describe".
        package var asked: String
        /// What the spec has: "you have 1".
        package var found: String
        package var met: Bool
    }

    package var requirements: [Requirement]

    package var met: Bool { requirements.allSatisfy(\.met) }

    /// Checks `run`'s examples (pending and skipped ones do not count) against `shape`.
    package init(_ shape: SpecShape, run: RunReport) {
        let paths = run.examples.filter { $0.status != .pending && $0.status != .skipped && $0.status != .notRun }
            .map(\.path)
        var requirements: [Requirement] = []
        if let minimum = shape.examples {
            requirements.append(
                Requirement(
                    asked: shape.examplesAsked ?? "", found: "you have \(paths.count)",
                    met: paths.count >= minimum))
        }
        // A context is a group inside another group; it counts when it holds examples, here or further in.
        let groups = paths.map { Array($0.dropLast()) }
        var contexts: [[String]] = []
        for groupPath in groups where groupPath.count >= 2 {
            for depth in 2...groupPath.count {
                let context = Array(groupPath.prefix(depth))
                if !contexts.contains(context) { contexts.append(context) }
            }
        }
        if let minimum = shape.contexts {
            requirements.append(
                Requirement(
                    asked: shape.contextsAsked ?? "",
                    found: "you have \(contexts.count)", met: contexts.count >= minimum))
        }
        if let minimum = shape.examplesPerContext {
            let short = contexts.compactMap { context -> (String, Int)? in
                let direct = groups.count { $0 == context }
                return direct > 0 && direct < minimum ? (context.last ?? "", direct) : nil
            }
            requirements.append(
                Requirement(
                    asked: shape.examplesPerContextAsked ?? "",
                    found: contexts.isEmpty
                        ? "you have no contexts yet" : short.first.map { "\"\($0.0)\" has \($0.1)" } ?? "",
                    met: !contexts.isEmpty && short.isEmpty))
        }
        if let name = shape.shared {
            let places = Set(groups.compactMap { path in path.lastIndex(of: name).map { Array(path[...$0]) } })
            requirements.append(
                Requirement(
                    asked: shape.sharedAsked ?? "",
                    found: "you include them in \(places.count)", met: places.count >= 2))
        }
        if let minimum = shape.tests {
            requirements.append(
                Requirement(
                    asked: shape.testsAsked ?? "", found: "you have \(paths.count)", met: paths.count >= minimum))
        }
        if let minimum = shape.arguments {
            // A parameterized test's cases are the examples that carry arguments, under the test's path.
            let ran = run.examples.filter { $0.arguments != nil && $0.status != .skipped && $0.status != .notRun }
            let largest = Dictionary(grouping: ran) { $0.path.dropLast() }.values.map(\.count).max() ?? 0
            requirements.append(
                Requirement(
                    asked: shape.argumentsAsked ?? "", found: "your largest has \(largest)", met: largest >= minimum))
        }
        self.requirements = requirements
    }
}
