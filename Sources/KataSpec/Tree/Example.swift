/// One `it`: a description, a body to run later, and where it was declared.
final class Example {
    let description: String
    let location: SourceLocation
    /// `nil` for `pending` examples, which never run.
    let body: (() throws -> Void)?
    /// The body of an `AsyncSpec` example, which may `await`; the runner awaits it instead of `body`.
    var asyncBody: (() async throws -> Void)?
    let isFocused: Bool
    let isExcluded: Bool
    /// Reports a mistake found while building; runs whatever the focus says.
    let isBuildFailure: Bool
    /// Strong on purpose: reports outlive the run, and a tree is built once per process.
    let group: ExampleGroup

    init(
        description: String, location: SourceLocation, body: (() throws -> Void)?,
        isFocused: Bool, isExcluded: Bool, isBuildFailure: Bool = false, group: ExampleGroup
    ) {
        self.isBuildFailure = isBuildFailure
        self.description = description
        self.location = location
        self.body = body
        self.isFocused = isFocused
        self.isExcluded = isExcluded
        self.group = group
    }

    /// The descriptions from the outermost group to this example.
    var path: [String] { group.path + [description] }

    /// The sentence the descriptions make: "Car when stopped should not move".
    var fullName: String { path.joined(separator: " ") }

    /// Focused itself or inside a focused group.
    var isEffectivelyFocused: Bool { isFocused || group.lineage.contains { $0.isFocused } }

    /// Excluded itself or inside an excluded group.
    var isEffectivelyExcluded: Bool { isExcluded || group.lineage.contains { $0.isExcluded } }
}
