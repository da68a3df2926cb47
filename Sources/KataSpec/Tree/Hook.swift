/// Code that a group runs around its examples.
struct Hook {
    /// When the hook runs.
    enum Kind {
        case beforeAll, afterAll, beforeEach, afterEach, justBeforeEach, aroundEach
    }

    let kind: Kind
    let location: SourceLocation
    /// The hook's body; an `aroundEach` body receives the rest of the example to run.
    let body: (_ runExample: () -> Void) throws -> Void
}
