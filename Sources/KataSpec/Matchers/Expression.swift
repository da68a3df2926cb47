/// The value under test, not yet evaluated: matchers decide when (and how often) to evaluate it.
public struct Expression<Value> {
    private let body: () throws -> Value?
    /// Where the expectation was written.
    public let location: SourceLocation
    /// Whether the subject was written as a closure (`expect { … }`) rather than a value.
    public let isClosure: Bool

    /// Creates an expression.
    public init(location: SourceLocation, isClosure: Bool = false, _ body: @escaping () throws -> Value?) {
        self.body = body
        self.location = location
        self.isClosure = isClosure
    }

    /// Evaluates the subject (again).
    public func evaluate() throws -> Value? {
        try body()
    }

    /// An expression that evaluates this one and transforms the value.
    public func cast<Other>(_ transform: @escaping (Value?) throws -> Other?) -> Expression<Other> {
        Expression<Other>(location: location, isClosure: isClosure) { try transform(try body()) }
    }
}
