// Nimble's `require` and `unwrap`: expectations that stop the example when they fail,
// by throwing an error the runner knows is already reported.

/// Thrown by `require` and `unwrap` after recording their failure.
public struct RequirementFailed: AlreadyReportedError {}

/// Starts a requirement: like `expect`, but `to` returns the value and throws when it fails.
public func require<T>(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ expression: @autoclosure @escaping () throws -> T?
) -> Requirement<T> {
    Requirement(expectation: Expectation(Expression(location: SourceLocation(file, line, column), expression)))
}

/// Returns the value, or records "expected to not be nil, got <nil>" (below `description`, if given) and
/// throws when it is `nil`. As in Nimble, the value may be left unused: `try unwrap(car)` just checks it.
@discardableResult
public func unwrap<T>(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column, description: String? = nil,
    _ expression: @autoclosure @escaping () throws -> T?
) throws -> T {
    let value = try require(file: file, line: line, column: column, try expression()).toNot(
        beNil(), description: description)
    guard let value else { throw RequirementFailed() }
    return value
}

/// An expectation that stops the example when it fails.
public struct Requirement<Value> {
    let expectation: Expectation<Value>

    /// Returns the value when the matcher matches; otherwise records the failure and throws.
    @discardableResult
    public func to(_ matcher: Matcher<Value>, description: String? = nil) throws -> Value? {
        try check(expectation.verify(matcher, .to, style: .nimble, description: description))
    }

    /// Returns the value when the matcher does not match; otherwise records the failure and throws.
    @discardableResult
    public func toNot(_ matcher: Matcher<Value>, description: String? = nil) throws -> Value? {
        try check(expectation.verify(matcher, .toNot, style: .nimble, description: description))
    }

    /// A synonym of `toNot`.
    @discardableResult
    public func notTo(_ matcher: Matcher<Value>, description: String? = nil) throws -> Value? {
        try toNot(matcher, description: description)
    }

    private func check(_ passed: Bool) throws -> Value? {
        guard passed else { throw RequirementFailed() }
        return try expectation.expression.evaluate()
    }
}
