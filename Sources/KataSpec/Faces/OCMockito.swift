// OCMockito's spelling over the test-double engine: `given(engine.start(speed: 3)).willReturn(true)`,
// `verify(engine).start(speed: 3)`, `verifyCount(engine, times(2)).start(speed: anything())`.
// As in OCMockito, mocks are always nice and verification happens after acting.

/// `mock([Engine class])`: a nice fake with OCMockito's wording.
public func mock<F: Spryable>(_ fake: F) -> F {
    fake.configureDouble(.nice, style: .ocmockito)
    return fake
}

/// `mockProtocol(@protocol(Engine))`
public func mockProtocol<F: Spryable>(_ fake: F) -> F { mock(fake) }

/// `given([mock start:3])`: the call written inside is captured and becomes a stub.
public func given<T>(
    _ call: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> OngoingStubbing<T> {
    let location = SourceLocation(file, line, column)
    guard let captured = DoubleRegistry.shared.capture({ _ = try call() }) else {
        World.shared.record(
            Failure(
                message: "given(…) needs a call on a fake inside the parentheses; \(notRecordedHint)",
                location: location))
        return OngoingStubbing(stub: Stub(function: "?", location: location))
    }
    let stub = Stub(function: captured.function, location: location).matching(captured.arguments)
    DoubleRegistry.shared.locked { captured.state.stubs.append(stub) }
    return OngoingStubbing(stub: stub)
}

/// `givenVoid([mock stop])`: stubbing a call that returns nothing.
public func givenVoid(
    _ call: @autoclosure () throws -> Void, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> OngoingStubbing<Void> {
    given(try call(), file: file, line: line, column: column)
}

/// What follows `given(…)`; chained answers are used in turn and the last one sticks.
public struct OngoingStubbing<T> {
    let stub: Stub

    /// `willReturn:`
    @discardableResult
    public func willReturn(_ value: T) -> OngoingStubbing {
        stub.andReturn(value)
        return self
    }
    /// `willThrow:` (only from fake members that can throw)
    @discardableResult
    public func willThrow(_ error: any Error) -> OngoingStubbing {
        stub.andThrow(error)
        return self
    }
    /// `willDo:` with the call's arguments (OCMockito's `mkt_arguments`).
    @discardableResult
    public func willDo(_ action: @escaping (_ arguments: [Any?]) throws -> T) -> OngoingStubbing {
        stub.andDo { try action($0) }
        return self
    }
}

/// `verify(mock)`: the next call written on the fake is checked to have happened exactly once.
public func verify<F: Spryable>(_ fake: F, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column)
    -> F
{
    verifyCount(fake, times(1), file: file, line: line, column: column)
}

/// `verifyCount(mock, times(2))`, with `never()`, `atLeast(n)`, `atLeastOnce()`, `atMost(n)`.
public func verifyCount<F: Spryable>(
    _ fake: F, _ mode: CountSpecifier, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> F {
    DoubleRegistry.shared.arm(
        .init(state: fake.doubleState, specifier: mode, location: SourceLocation(file, line, column)))
    return fake
}

/// OCHamcrest's `anything()`, written where an argument goes.
public func anything<T>(file: StaticString = #filePath, line: UInt = #line) -> T {
    placeholder(.constraint("anything()") { _ in true }, file, line)
}

/// OCHamcrest's `instanceOf([Car class])`: an instance of `type` or a subclass.
public func instanceOf<T, K>(_ type: K.Type, file: StaticString = #filePath, line: UInt = #line) -> T {
    placeholder(.constraint("instanceOf(\(K.self))") { $0.map { $0 is K } ?? false }, file, line)
}

/// OCHamcrest's `equalTo(x)`.
public func equalTo<T: Equatable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) -> T {
    placeholder(
        .constraint("equalTo(\(stringify(value, quotingStrings: true)))") { valuesEqual($0, value) }, file, line)
}

/// OCHamcrest's `nilValue()`.
public func nilValue<T>(file: StaticString = #filePath, line: UInt = #line) -> T {
    placeholder(.constraint("nilValue()") { flattenOptional($0) == nil }, file, line)
}

/// OCHamcrest's `notNilValue()`.
public func notNilValue<T>(file: StaticString = #filePath, line: UInt = #line) -> T {
    placeholder(.constraint("notNilValue()") { flattenOptional($0) != nil }, file, line)
}

/// OCHamcrest's `HCArgumentCaptor`: `verify(engine).load(captor.capture())`, then `captor.value`.
public typealias HCArgumentCaptor = ArgumentCaptor

extension ArgumentCaptor {
    /// Stands in for an argument inside `given(…)`/`verify(…)` and captures the values it matches.
    public func capture<T>(file: StaticString = #filePath, line: UInt = #line) -> T {
        placeholder(
            .constraint("captor") { [self] value in
                capture(value)
                return true
            }, file, line)
    }
}
