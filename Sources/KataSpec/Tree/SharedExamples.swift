/// The data a shared example group receives, read lazily inside its hooks and examples.
public typealias SharedExampleContext = () -> [String: Any]

/// The body of a shared example group.
typealias SharedExamplesBody = (@escaping SharedExampleContext) -> Void

/// Shared groups declared at the top of a spec's `spec()`, visible to every spec built after it
/// (Specta's `SharedExamplesBegin`, Kiwi's `SHARED_EXAMPLES_BEGIN`, Quick's configuration).
private final class SharedExamplesRegistry: @unchecked Sendable {
    static let shared = SharedExamplesRegistry()
    var bodies: [String: SharedExamplesBody] = [:]
}

/// Declares a reusable group of examples; insert it with `itBehavesLike(name)`.
///
/// Declared at the top of `spec()`, it is global: every spec built after this one can use it.
/// Declared inside a `describe` or `context`, it belongs to that group and the groups inside it,
/// as in Specta, and hides a global one of the same name there.
public func sharedExamples(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping (_ context: @escaping SharedExampleContext) -> Void
) {
    guard let group = groupForDeclaring("sharedExamples", SourceLocation(file, line, column)) else { return }
    group.sharedExamples[name] = body
    if group.parent == nil {
        World.shared.locked { SharedExamplesRegistry.shared.bodies[name] = body }
    }
}

/// Declares a reusable group of examples that takes no context.
public func sharedExamples(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping () -> Void
) {
    sharedExamples(name, file: file, line: line, column: column) { (_: @escaping SharedExampleContext) in body() }
}

/// Inserts the shared group `name` here as a nested group (Quick's and Specta's `itBehavesLike`).
public func itBehavesLike(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    insertShared(name, SourceLocation(file, line, column), focused: false, excluded: false) { [:] }
}

/// Inserts the shared group `name` with its context: `itBehavesLike("a vehicle") { ["name": "car"] }`.
/// The context is evaluated when examples read it.
public func itBehavesLike(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    sharedExampleContext: @escaping SharedExampleContext
) {
    insertShared(name, SourceLocation(file, line, column), focused: false, excluded: false, sharedExampleContext)
}

/// A focused `itBehavesLike` (Quick).
public func fitBehavesLike(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    sharedExampleContext: @escaping SharedExampleContext = { [:] }
) {
    insertShared(name, SourceLocation(file, line, column), focused: true, excluded: false, sharedExampleContext)
}

/// An excluded `itBehavesLike`: its examples are reported as pending (Quick).
public func xitBehavesLike(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    sharedExampleContext: @escaping SharedExampleContext = { [:] }
) {
    insertShared(name, SourceLocation(file, line, column), focused: false, excluded: true, sharedExampleContext)
}

private func insertShared(
    _ name: String, _ location: SourceLocation, focused: Bool, excluded: Bool,
    _ context: @escaping SharedExampleContext
) {
    guard let group = groupForDeclaring("itBehavesLike", location) else { return }
    let local = group.lineage.reversed().lazy.compactMap { $0.sharedExamples[name] }.first
    guard let body = local ?? World.shared.locked({ SharedExamplesRegistry.shared.bodies[name] }) else {
        World.shared.record(
            Failure(message: "Shared example group \"\(name)\" does not exist.", location: location))
        return
    }
    let data = group.face == .specta ? oncePerExample(context) : context
    addGroup(name, location, focused: focused, excluded: excluded, shared: true) { body(data) }
}

/// Specta's data block, called once per example (`SpectaDSL.m spt_itShouldBehaveLike_`: a `beforeEach` of the
/// inserted group fills the dictionary the shared group reads): every read in one example sees the same objects.
/// Quick calls its context each time it is read, so a `QuickSpec` keeps the closure as it is.
private func oncePerExample(_ context: @escaping SharedExampleContext) -> SharedExampleContext {
    final class Cache: @unchecked Sendable {
        var example: ObjectIdentifier?
        var data: [String: Any] = [:]
    }
    let cache = Cache()
    return {
        guard let example = World.shared.currentExample else { return context() }
        let key = ObjectIdentifier(example)
        let cached: [String: Any]? = World.shared.locked { cache.example == key ? cache.data : nil }
        if let cached { return cached }
        let data = context()
        World.shared.locked {
            cache.example = key
            cache.data = data
        }
        return data
    }
}
