/// One `it`: a description, a body to run later, and where it was declared.
final class Example {
    let description: String
    let location: SourceLocation
    /// `nil` for `pending` examples, which never run.
    let body: (() throws -> Void)?
    let isFocused: Bool
    let isExcluded: Bool
    /// Reports a mistake found while building; runs whatever the focus says.
    let isBuildFailure: Bool
    unowned let group: ExampleGroup

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
    var isEffectivelyFocused: Bool { isFocused || group.ancestors.contains { $0.isFocused } }

    /// Excluded itself or inside an excluded group.
    var isEffectivelyExcluded: Bool { isExcluded || group.ancestors.contains { $0.isExcluded } }
}
