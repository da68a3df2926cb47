import Foundation

// The spec DSL: global functions that add to the group being built.
// Group bodies run now, while the tree is built; examples and hooks run later.

/// Declares a group of examples; its body runs now to declare them.
public func describe(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: () -> Void
) {
    addGroup(description, SourceLocation(file, line, column), focused: false, excluded: false, body)
}

/// A synonym of `describe`, read as "in this situation".
public func context(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: () -> Void
) {
    addGroup(description, SourceLocation(file, line, column), focused: false, excluded: false, body)
}

/// A focused `describe`: when anything is focused, only focused examples run.
public func fdescribe(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: () -> Void
) {
    addGroup(description, SourceLocation(file, line, column), focused: true, excluded: false, body)
}

/// A focused `context`.
public func fcontext(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: () -> Void
) {
    addGroup(description, SourceLocation(file, line, column), focused: true, excluded: false, body)
}

/// An excluded `describe`: its examples are reported as pending.
public func xdescribe(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: () -> Void
) {
    addGroup(description, SourceLocation(file, line, column), focused: false, excluded: true, body)
}

/// An excluded `context`.
public func xcontext(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: () -> Void
) {
    addGroup(description, SourceLocation(file, line, column), focused: false, excluded: true, body)
}

/// Declares an example; its body runs later, once, between the hooks of its groups.
public func it(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: @escaping () throws -> Void
) {
    addExample(description, SourceLocation(file, line, column), body: body)
}

/// Refused: an example that awaits belongs in an `AsyncSpec` (Quick 7's `QuickSpec` takes synchronous closures).
@available(
    *, unavailable,
    message:
        "a QuickSpec's closures are synchronous, as in Quick 7 (and Kiwi's, Specta's): write the spec as an AsyncSpec"
)
public func it(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: @escaping () async throws -> Void
) {
    addExample(description, SourceLocation(file, line, column), body: blocking(body))
}

/// A focused example.
public func fit(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: @escaping () throws -> Void
) {
    addExample(description, SourceLocation(file, line, column), body: body, focused: true)
}

/// Refused: an example that awaits belongs in an `AsyncSpec` (Quick 7's `QuickSpec` takes synchronous closures).
@available(
    *, unavailable,
    message:
        "a QuickSpec's closures are synchronous, as in Quick 7 (and Kiwi's, Specta's): write the spec as an AsyncSpec"
)
public func fit(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: @escaping () async throws -> Void
) {
    addExample(description, SourceLocation(file, line, column), body: blocking(body), focused: true)
}

/// An excluded example: reported as pending, its body is not run.
public func xit(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: @escaping () throws -> Void
) {
    addExample(description, SourceLocation(file, line, column), body: body, excluded: true)
}

/// Refused: an example that awaits belongs in an `AsyncSpec` (Quick 7's `QuickSpec` takes synchronous closures).
@available(
    *, unavailable,
    message:
        "a QuickSpec's closures are synchronous, as in Quick 7 (and Kiwi's, Specta's): write the spec as an AsyncSpec"
)
public func xit(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: @escaping () async throws -> Void
) {
    addExample(description, SourceLocation(file, line, column), body: blocking(body), excluded: true)
}

/// An example named by its description alone (Kiwi's and Specta's `specify`).
public func specify(
    _ description: String = "specify", file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: @escaping () throws -> Void
) {
    addExample(description, SourceLocation(file, line, column), body: body)
}

/// An example that is written down but not run; reported as pending. As in Quick and Kiwi the body is
/// required (write `pending("…") {}` for one not written yet), and it never runs.
public func pending(
    _ description: String, file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: @escaping () throws -> Void
) {
    addExample(description, SourceLocation(file, line, column), body: nil)
}

/// Runs once before the first example of this group that runs.
public func beforeAll(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping () throws -> Void
) {
    addHook(.beforeAll, SourceLocation(file, line, column), body)
}

/// Runs once after the last example of this group that runs.
public func afterAll(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping () throws -> Void
) {
    addHook(.afterAll, SourceLocation(file, line, column), body)
}

/// Runs before each example of this group, outer groups first.
public func beforeEach(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping () throws -> Void
) {
    addHook(.beforeEach, SourceLocation(file, line, column), body)
}

/// Refused: a hook that awaits belongs in an `AsyncSpec` (Quick 7's `QuickSpec` takes synchronous closures).
@available(
    *, unavailable,
    message:
        "a QuickSpec's closures are synchronous, as in Quick 7 (and Kiwi's, Specta's): write the spec as an AsyncSpec"
)
public func beforeEach(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping () async throws -> Void
) {
    addHook(.beforeEach, SourceLocation(file, line, column), blocking(body))
}

/// Runs before each example and receives its metadata (Quick): `beforeEach { metadata in … }`.
public func beforeEach(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping (_ exampleMetadata: ExampleMetadata) throws -> Void
) {
    addHook(.beforeEach, SourceLocation(file, line, column)) { try body(currentMetadata()) }
}

/// Runs after each example of this group, inner groups first.
public func afterEach(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping () throws -> Void
) {
    addHook(.afterEach, SourceLocation(file, line, column), body)
}

/// Refused: a hook that awaits belongs in an `AsyncSpec` (Quick 7's `QuickSpec` takes synchronous closures).
@available(
    *, unavailable,
    message:
        "a QuickSpec's closures are synchronous, as in Quick 7 (and Kiwi's, Specta's): write the spec as an AsyncSpec"
)
public func afterEach(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping () async throws -> Void
) {
    addHook(.afterEach, SourceLocation(file, line, column), blocking(body))
}

/// Runs after each example and receives its metadata (Quick): `afterEach { metadata in … }`.
public func afterEach(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping (_ exampleMetadata: ExampleMetadata) throws -> Void
) {
    addHook(.afterEach, SourceLocation(file, line, column)) { try body(currentMetadata()) }
}

/// Runs after every `beforeEach` of every group, just before the example (Quick).
public func justBeforeEach(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping () throws -> Void
) {
    addHook(.justBeforeEach, SourceLocation(file, line, column), body)
}

/// Wraps each example: call `runExample()` exactly once where the example should run (Quick).
public func aroundEach(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping (_ runExample: () -> Void) throws -> Void
) {
    let location = SourceLocation(file, line, column)
    guard let group = groupForDeclaring("aroundEach", location) else { return }
    group.add(Hook(kind: .aroundEach, location: location, body: body))
}

/// Wraps each example and receives its metadata (Quick): `aroundEach { metadata, runExample in … }`.
public func aroundEach(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping (_ exampleMetadata: ExampleMetadata, _ runExample: () -> Void) throws -> Void
) {
    aroundEach(file: file, line: line, column: column) { runExample in try body(currentMetadata(), runExample) }
}

/// Reports a failure at this line; without a message, Nimble's "fail() always fails".
public func fail(
    _ message: String = "fail() always fails", file: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) {
    World.shared.record(Failure(message: message, location: SourceLocation(file, line, column)))
}

// MARK: - Building blocks

func addGroup(
    _ description: String, _ location: SourceLocation, focused: Bool, excluded: Bool, shared: Bool = false,
    _ body: () -> Void
) {
    guard let parent = groupForDeclaring("describe", location) else { return }
    let group = ExampleGroup(
        description: description, location: location, isFocused: focused, isExcluded: excluded,
        face: parent.face, parent: parent)
    group.isShared = shared
    parent.add(.group(group))
    World.shared.within(group, body)
}

func addExample(
    _ description: String, _ location: SourceLocation, body: (() throws -> Void)?,
    asyncBody: (() async throws -> Void)? = nil, focused: Bool = false, excluded: Bool = false
) {
    guard let group = groupForDeclaring("it", location) else { return }
    let example = Example(
        description: description, location: location, body: body, isFocused: focused,
        isExcluded: excluded, group: group)
    example.asyncBody = asyncBody
    group.add(.example(example))
}

private func addHook(_ kind: Hook.Kind, _ location: SourceLocation, _ body: @escaping () throws -> Void) {
    guard let group = groupForDeclaring("\(kind)", location) else { return }
    group.add(Hook(kind: kind, location: location, body: { _ in try body() }))
}

/// The group being built, or `nil` after reporting that `name` was called at the wrong time.
func groupForDeclaring(_ name: String, _ location: SourceLocation) -> ExampleGroup? {
    if let group = World.shared.currentGroup { return group }
    let message =
        World.shared.currentPhase == .running
        ? "'\(name)' cannot be called inside an example or hook; declare it in a describe or context body"
        : "'\(name)' can only be called inside a spec class's spec()"
    World.shared.record(Failure(message: message, location: location))
    return nil
}
