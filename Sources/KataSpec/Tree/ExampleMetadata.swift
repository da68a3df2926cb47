/// Where an example was declared (Quick's `Callsite`).
public struct Callsite: Sendable, CustomStringConvertible {
    /// The file path.
    public let file: String
    /// The line.
    public let line: Int

    /// `file:line`.
    public var description: String { "\(file):\(line)" }
}

/// The example a hook runs around, as Quick describes it.
public final class ExampleBase: CustomStringConvertible, @unchecked Sendable {
    /// The example's own description: `"starts the engine"`.
    public let description: String
    /// The descriptions from the outermost group down, joined by ", " (Quick's test name): `"Car, starts the engine"`.
    public let name: String
    /// Where the `it` was written.
    public let callsite: Callsite
    /// Whether the example came from `itBehavesLike`.
    public let isSharedExample: Bool

    init(_ example: Example) {
        description = example.description
        name = example.path.joined(separator: ", ")
        callsite = Callsite(file: example.location.file, line: example.location.line)
        isSharedExample = example.group.lineage.contains { $0.isShared }
    }
}

/// What `beforeEach { metadata in … }`, `afterEach` and `aroundEach` receive (Quick's `ExampleMetadata`).
public final class ExampleMetadata: @unchecked Sendable {
    /// The example that is about to run, or just ran.
    public let example: ExampleBase
    /// Its index in the run.
    public let exampleIndex: Int

    init(example: ExampleBase, exampleIndex: Int) {
        self.example = example
        self.exampleIndex = exampleIndex
    }
}

/// The metadata of the running example (a hook runs only while one runs).
func currentMetadata() -> ExampleMetadata {
    let (example, index) = World.shared.locked { (World.shared.currentExample, World.shared.currentIndex) }
    guard let example else { preconditionFailure("example metadata asked for outside an example") }
    return ExampleMetadata(example: ExampleBase(example), exampleIndex: index)
}
