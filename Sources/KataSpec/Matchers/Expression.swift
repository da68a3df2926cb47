/// The value under test, not yet evaluated: matchers decide when to evaluate it.
///
/// As in Nimble, one check evaluates the subject once: the expectation hands each matcher a caching
/// copy, so asking again (a composed matcher, the beNil hint) returns the same value (or error) without
/// running the subject's code twice. Polling takes a fresh copy for every poll.
public struct Expression<Value> {
    private let body: () throws -> Value?
    private let cache: Cache?
    /// Where the expectation was written.
    public let location: SourceLocation
    /// Whether the subject was written as a closure (`expect { … }`) rather than a value.
    public let isClosure: Bool

    /// Remembers the first evaluation.
    private final class Cache {
        var result: Result<Value?, any Error>?
    }

    /// Creates an expression that evaluates `body` every time.
    public init(location: SourceLocation, isClosure: Bool = false, _ body: @escaping () throws -> Value?) {
        self.init(body, cache: nil, location: location, isClosure: isClosure)
    }

    private init(_ body: @escaping () throws -> Value?, cache: Cache?, location: SourceLocation, isClosure: Bool) {
        self.body = body
        self.cache = cache
        self.location = location
        self.isClosure = isClosure
    }

    /// Evaluates the subject (or returns the remembered value of a caching copy).
    public func evaluate() throws -> Value? {
        guard let cache else { return try body() }
        if let result = cache.result { return try result.get() }
        let result = Result(catching: { try body() })
        cache.result = result
        return try result.get()
    }

    /// A copy that evaluates the subject once and remembers the result.
    public func withCaching() -> Expression {
        Expression(body, cache: Cache(), location: location, isClosure: isClosure)
    }

    /// A copy that evaluates the subject every time.
    public func withoutCaching() -> Expression {
        Expression(body, cache: nil, location: location, isClosure: isClosure)
    }

    /// An expression that evaluates this one and transforms the value.
    public func cast<Other>(_ transform: @escaping (Value?) throws -> Other?) -> Expression<Other> {
        let source = self
        return Expression<Other>(location: location, isClosure: isClosure) { try transform(try source.evaluate()) }
    }
}
