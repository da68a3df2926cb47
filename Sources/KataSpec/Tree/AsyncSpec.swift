import Foundation

/// A Quick 7 `AsyncSpec`: `final class LoaderSpec: AsyncSpec { override class func spec() { … } }`.
///
/// Its examples and hooks may `await`, and polling is awaited: `await expect(x).toEventually(equal(y))`. As in
/// Quick (`Sources/Quick/Async/AsyncSpec.swift`, `DSL/AsyncDSL.swift`), `spec()` is not isolated to the main
/// actor and neither are the closures written in it: code that needs the main actor says so,
/// `it("…") { @MainActor in … }`, or awaits it, `await MainActor.run { … }`. Quick's Async DSL has no
/// `sharedExamples`. The DSL below shadows the global one inside an `AsyncSpec`, as Quick's `AsyncDSLUser`
/// methods do; everywhere else an example that awaits does not compile.
open class AsyncSpec: Spec {
    /// Declares this spec's groups, examples and hooks; called once when the tree is built.
    nonisolated override open class func spec() {}

    /// Quick's wording.
    override open class var face: Face { .quick }

    /// The spec whose example is running (Quick's `AsyncSpec.current`), or `nil` between examples.
    public static var current: AsyncSpec! { World.shared.currentSpec as? AsyncSpec }

    // MARK: Examples

    /// Declares an example whose body may `await`.
    public static func it(
        _ description: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: @escaping () async throws -> Void
    ) {
        addExample(description, SourceLocation(file, line, column), body: blocking(body), asyncBody: body)
    }

    /// A focused example whose body may `await`.
    public static func fit(
        _ description: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: @escaping () async throws -> Void
    ) {
        addExample(
            description, SourceLocation(file, line, column), body: blocking(body), asyncBody: body, focused: true)
    }

    /// An excluded example: reported as pending, its body is not run.
    public static func xit(
        _ description: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: @escaping () async throws -> Void
    ) {
        addExample(
            description, SourceLocation(file, line, column), body: blocking(body), asyncBody: body, excluded: true)
    }

    /// An example written down but not run; reported as pending, its body never runs.
    public static func pending(
        _ description: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: @escaping () async throws -> Void
    ) {
        addExample(description, SourceLocation(file, line, column), body: nil)
    }

    // MARK: Hooks

    /// Runs before each example of this group, outer groups first, and may `await`.
    public static func beforeEach(
        file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: @escaping () async throws -> Void
    ) {
        addAsyncHook(.beforeEach, SourceLocation(file, line, column)) { _ in try await body() }
    }

    /// Runs before each example and receives its metadata: `beforeEach { metadata in … }`.
    public static func beforeEach(
        file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: @escaping (_ exampleMetadata: ExampleMetadata) async throws -> Void
    ) {
        addAsyncHook(.beforeEach, SourceLocation(file, line, column)) { _ in try await body(currentMetadata()) }
    }

    /// Runs after each example of this group, inner groups first, and may `await`.
    public static func afterEach(
        file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: @escaping () async throws -> Void
    ) {
        addAsyncHook(.afterEach, SourceLocation(file, line, column)) { _ in try await body() }
    }

    /// Runs after each example and receives its metadata: `afterEach { metadata in … }`.
    public static func afterEach(
        file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: @escaping (_ exampleMetadata: ExampleMetadata) async throws -> Void
    ) {
        addAsyncHook(.afterEach, SourceLocation(file, line, column)) { _ in try await body(currentMetadata()) }
    }

    /// Runs after every `beforeEach` of every group, just before the example, and may `await`.
    public static func justBeforeEach(
        file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: @escaping () async throws -> Void
    ) {
        addAsyncHook(.justBeforeEach, SourceLocation(file, line, column)) { _ in try await body() }
    }

    /// Wraps each example: `aroundEach { runExample in … await runExample() … }`; call it exactly once.
    public static func aroundEach(
        file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: @escaping (_ runExample: @escaping () async -> Void) async throws -> Void
    ) {
        addAsyncHook(.aroundEach, SourceLocation(file, line, column), body)
    }

    /// Wraps each example and receives its metadata: `aroundEach { metadata, runExample in … }`.
    public static func aroundEach(
        file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body:
            @escaping (_ exampleMetadata: ExampleMetadata, _ runExample: @escaping () async -> Void) async throws
            -> Void
    ) {
        addAsyncHook(.aroundEach, SourceLocation(file, line, column)) { try await body(currentMetadata(), $0) }
    }

    // MARK: Not in Quick's Async DSL

    /// Refused, as in Quick 7: the Async DSL has no `sharedExamples`.
    @available(
        *, unavailable,
        message:
            "sharedExamples is unavailable in Quick's Async DSL (Quick 7 has Behavior); share examples in a QuickSpec"
    )
    public static func sharedExamples(_ name: String, _ body: @escaping () -> Void) {}

    /// Refused, as in Quick 7: the Async DSL has no `sharedExamples`.
    @available(
        *, unavailable,
        message:
            "sharedExamples is unavailable in Quick's Async DSL (Quick 7 has Behavior); share examples in a QuickSpec"
    )
    public static func sharedExamples(
        _ name: String, _ body: @escaping (_ context: @escaping SharedExampleContext) -> Void
    ) {}

    /// Refused, as in Quick 7: the Async DSL includes only typed behaviors, not shared examples by name.
    @available(
        *, unavailable,
        message:
            "itBehavesLike(\"…\") is unavailable in Quick's Async DSL, which has no sharedExamples: share examples in a QuickSpec"
    )
    public static func itBehavesLike(_ name: String, sharedExampleContext: @escaping SharedExampleContext = { [:] }) {}

    private static func addAsyncHook(
        _ kind: Hook.Kind, _ location: SourceLocation,
        _ body: @escaping (_ runExample: @escaping () async -> Void) async throws -> Void
    ) {
        guard let group = groupForDeclaring("\(kind)", location) else { return }
        // The runner awaits `asyncBody` in an AsyncSpec; `body` only keeps a hook usable anywhere else.
        var hook = Hook(kind: kind, location: location) { _ in try runBlocking { try await body({}) } }
        hook.asyncBody = body
        group.add(hook)
    }
}
