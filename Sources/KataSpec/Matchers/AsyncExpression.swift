/// A subject that must be awaited (`expect { await loader.load() }`), not yet evaluated (Nimble's `AsyncExpression`).
///
/// As `Expression`, one check evaluates it once: matchers get a caching copy.
public struct AsyncExpression<Value> {
    private let body: () async throws -> Value?
    private let cache: Cache?
    /// Where the expectation was written.
    public let location: SourceLocation
    /// Whether the subject was written as a closure.
    public let isClosure: Bool

    /// Remembers the first evaluation.
    private final class Cache {
        var result: Result<Value?, any Error>?
    }

    /// Creates an expression that evaluates `body` every time.
    public init(location: SourceLocation, isClosure: Bool = true, _ body: @escaping () async throws -> Value?) {
        self.init(body, cache: nil, location: location, isClosure: isClosure)
    }

    private init(
        _ body: @escaping () async throws -> Value?, cache: Cache?, location: SourceLocation, isClosure: Bool
    ) {
        self.body = body
        self.cache = cache
        self.location = location
        self.isClosure = isClosure
    }

    /// Evaluates the subject (or returns the remembered value of a caching copy).
    public func evaluate(isolation: isolated (any Actor)? = #isolation) async throws -> Value? {
        guard let cache else { return try await body() }
        if let result = cache.result { return try result.get() }
        let result: Result<Value?, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        cache.result = result
        return try result.get()
    }

    /// A copy that evaluates the subject once and remembers the result.
    public func withCaching() -> AsyncExpression {
        AsyncExpression(body, cache: Cache(), location: location, isClosure: isClosure)
    }

    /// A copy that evaluates the subject every time.
    public func withoutCaching() -> AsyncExpression {
        AsyncExpression(body, cache: nil, location: location, isClosure: isClosure)
    }

    /// An expression that evaluates this one and transforms the value.
    public func cast<Other>(_ transform: @escaping (Value?) async throws -> Other?) -> AsyncExpression<Other> {
        let source = self
        return AsyncExpression<Other>(location: location, isClosure: isClosure) {
            try await transform(try await source.evaluate())
        }
    }

    /// Evaluates the subject now and returns a synchronous expression of the outcome, for a synchronous matcher.
    public func toSynchronousExpression(isolation: isolated (any Actor)? = #isolation) async -> Expression<Value> {
        let outcome: Result<Value?, any Error>
        do { outcome = .success(try await evaluate()) } catch { outcome = .failure(error) }
        return Expression(location: location, isClosure: isClosure) { try outcome.get() }
    }
}
