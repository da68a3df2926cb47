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
    /// An `AsyncSpec` hook's body, which may `await`; its `aroundEach` awaits the rest of the example.
    var asyncBody: ((_ runExample: @escaping () async -> Void) async throws -> Void)?
}
