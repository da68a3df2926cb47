import Foundation

/// A `describe` or `context`: examples, nested groups and hooks, in declaration order.
final class ExampleGroup {
    /// A child of a group, kept in declaration order.
    enum Child {
        case group(ExampleGroup)
        case example(Example)
    }

    /// `nil` for the root group of a spec class.
    let description: String?
    let location: SourceLocation
    let isFocused: Bool
    let isExcluded: Bool
    /// The face of the spec class this group belongs to.
    let face: Face
    /// Strong on purpose (see `Example.group`): the tree lives as long as the process.
    private(set) var parent: ExampleGroup?
    private(set) var children: [Child] = []
    private(set) var hooks: [Hook] = []
    var sharedExamples: [String: SharedExamplesBody] = [:]
    var lets: [any ResettableLet] = []
    /// Specta's `setAsyncSpecTimeout`, called in this group's body: `waitUntil`'s default here and below.
    var asyncSpecTimeout: TimeInterval?
    /// Inserted by `itBehavesLike`.
    var isShared = false
    /// The spec class a root group was built from (`QuickSpec.current` makes one of these).
    var specType: Spec.Type?

    // Run-time bookkeeping, touched only by the runner.
    var hasStarted = false
    var beforeAllFailures: [Failure] = []

    init(
        description: String?, location: SourceLocation, isFocused: Bool = false,
        isExcluded: Bool = false, face: Face, parent: ExampleGroup? = nil
    ) {
        self.description = description
        self.location = location
        self.isFocused = isFocused
        self.isExcluded = isExcluded
        self.face = face
        self.parent = parent
    }

    func add(_ child: Child) { children.append(child) }
    func add(_ hook: Hook) { hooks.append(hook) }

    /// Hooks of one kind, in declaration order.
    func hooks(_ kind: Hook.Kind) -> [Hook] { hooks.filter { $0.kind == kind } }

    /// Enclosing groups, outermost first, not including this one.
    var ancestors: [ExampleGroup] {
        var result: [ExampleGroup] = []
        var next = parent
        while let group = next {
            result.insert(group, at: 0)
            next = group.parent
        }
        return result
    }

    /// This group and its enclosing groups, outermost first.
    var lineage: [ExampleGroup] { ancestors + [self] }

    /// The descriptions from the outermost group to this one.
    var path: [String] { lineage.compactMap(\.description) }

    /// Every example below this group, depth-first in declaration order.
    var allExamples: [Example] {
        children.flatMap { child -> [Example] in
            switch child {
            case .group(let group): group.allExamples
            case .example(let example): [example]
            }
        }
    }

    /// Reorders children (recursively) for a seeded random run; groups stay together.
    func shuffle(using generator: inout SeededGenerator) {
        children.shuffle(using: &generator)
        for case .group(let group) in children { group.shuffle(using: &generator) }
    }
}
