// Specta's and Kiwi's other names for the shared DSL (Tree/DSL.swift).

/// Specta's `example`: a synonym of `it`.
public func example(
    _ description: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping () throws -> Void
) {
    it(description, file: file, line: line, column: column, body)
}

/// Specta's `before`: a synonym of `beforeEach`.
public func before(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column, _ body: @escaping () throws -> Void
) {
    beforeEach(file: file, line: line, column: column, body)
}

/// Specta's `after`: a synonym of `afterEach`.
public func after(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column, _ body: @escaping () throws -> Void
) {
    afterEach(file: file, line: line, column: column, body)
}

/// Specta's and Kiwi's `sharedExamplesFor(name, ^(NSDictionary *data) { … })`.
public func sharedExamplesFor(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: @escaping (_ data: @escaping SharedExampleContext) -> Void
) {
    sharedExamples(name, file: file, line: line, column: column, body)
}

/// Specta's `itShouldBehaveLike(name, ^{ return @{…}; })`: the data block is evaluated lazily.
public func itShouldBehaveLike(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ data: @escaping SharedExampleContext = { [:] }
) {
    itBehavesLike(name, file: file, line: line, column: column, sharedExampleContext: data)
}

/// Expecta's `failure(@"message")`: records a failure at this line.
public func failure(_ message: String, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
    fail(message, file: file, line: line, column: column)
}
