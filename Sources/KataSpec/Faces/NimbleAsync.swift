// Nimble's async subjects (`DSL+AsyncAwait.swift`): `expect { await … }` and `expect(asyncFunction)` start an
// `AsyncExpectation`; `expecta(await …)` is the same for an expression; `expects(x)` is `expect(x)` spelt so that
// it never picks an async form.

/// Starts an expectation on a closure that awaits: `await expect { await loader.count() }.to(equal(3))`.
public func expect<T>(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ expression: @escaping () async throws -> T?
) -> AsyncExpectation<T> {
    AsyncExpectation(AsyncExpression(location: SourceLocation(file, line, column), isClosure: true, expression))
}

/// Starts an expectation on an expression that awaits: `await expecta(await loader.count()).to(equal(3))`.
public func expecta<T>(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ expression: @autoclosure @escaping () async throws -> T?
) async -> AsyncExpectation<T> {
    AsyncExpectation(AsyncExpression(location: SourceLocation(file, line, column), isClosure: false, expression))
}

/// `expect(x)` that is always the synchronous form, whatever the context.
public func expects<T>(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ expression: @autoclosure @escaping () throws -> T?
) -> Expectation<T> {
    Expectation(Expression(location: SourceLocation(file, line, column), expression))
}
