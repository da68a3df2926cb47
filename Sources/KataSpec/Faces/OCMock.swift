import Foundation

// OCMock's spelling over the test-double engine. The macros take the call itself, as in Objective-C:
// `OCMStub(engine.start(speed: 3)).andReturn(true)`, `OCMVerify(engine.stop())`. Inside the
// parentheses the call is captured, not answered; `OCMArg.any()` and friends stand in for arguments.

/// A nice mock: unstubbed calls return defaults. (The fake is a hand-written `Spryable` class.)
public func OCMClassMock<F: Spryable>(_ fake: F) -> F { ocmock(fake, .nice, "OCClassMockObject") }
/// A strict mock: an unexpected call fails the example, naming this line.
public func OCMStrictClassMock<F: Spryable>(
    _ fake: F, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> F {
    ocmock(fake, .strict, "OCClassMockObject", SourceLocation(file, line, column))
}
/// A nice mock of a protocol.
public func OCMProtocolMock<F: Spryable>(_ fake: F) -> F { ocmock(fake, .nice, "OCProtocolMockObject") }
/// A strict mock of a protocol.
public func OCMStrictProtocolMock<F: Spryable>(
    _ fake: F, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> F {
    ocmock(fake, .strict, "OCProtocolMockObject", SourceLocation(file, line, column))
}
/// A partial mock: a subclass fake whose members pass `real:`; the original object is never changed.
public func OCMPartialMock<F: Spryable>(_ fake: F) -> F { ocmock(fake, .nice, "OCPartialMockObject") }

/// Makes `fake` an OCMock mock; `mockClass` is the class OCMock's `description` names in its messages.
private func ocmock<F: Spryable>(
    _ fake: F, _ strictness: Strictness, _ mockClass: String, _ location: SourceLocation? = nil
) -> F {
    fake.configureDouble(strictness, style: .ocmock, at: location)
    DoubleRegistry.shared.locked { fake.doubleState.ocmockClass = mockClass }
    return fake
}

/// `OCMStub([mock start:3]).andReturn(YES)`: stubs the call written inside.
@discardableResult
public func OCMStub<T>(
    _ call: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Stub {
    record(call, "OCMStub", SourceLocation(file, line, column)) { $0.stubs.append($1) }
}

/// `OCMExpect([mock start:3])`: the call must happen before `OCMVerifyAll(mock)`; may answer too.
@discardableResult
public func OCMExpect<T>(
    _ call: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Stub {
    record(call, "OCMExpect", SourceLocation(file, line, column)) { $0.expectations.append(.init(stub: $1)) }
}

/// `OCMReject([mock stop])`: the call must not happen; it fails the example at once if it does.
public func OCMReject<T>(
    _ call: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    record(call, "OCMReject", SourceLocation(file, line, column)) { $0.rejections.append($1) }
}

/// `OCMVerify([mock start:3])`: the call happened at least once (verify after running).
public func OCMVerify<T>(
    _ call: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    OCMVerify(atLeastOnce(), try call(), file: file, line: line, column: column)
}

/// `OCMVerify(times(2), [mock start:3])`, with `never()`, `times(n)`, `atLeast(n)`, `atMost(n)`.
public func OCMVerify<T>(
    _ quantifier: CountSpecifier, _ call: @autoclosure () throws -> T, file: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) {
    let location = SourceLocation(file, line, column)
    guard let captured = DoubleRegistry.shared.capture({ _ = try call() }) else {
        return World.shared.record(
            Failure(
                message: "OCMVerify needs a call on a fake inside the parentheses; \(notRecordedHint)",
                location: location))
    }
    let (count, message) = DoubleRegistry.shared.locked { () -> (Int, String) in
        let count = captured.state.count(captured.function, captured.arguments)
        return (
            count,
            captured.state.verificationMessage(
                captured.function, captured.arguments, wanted: quantifier, got: count, style: .ocmock)
        )
    }
    if !quantifier.accepts(count) { World.shared.record(Failure(message: message, location: location)) }
}

/// `OCMVerifyAll(mock)`: every `OCMExpect`ed call happened.
public func OCMVerifyAll<F: Spryable>(
    _ fake: F, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    OCMVerifyAllWithDelay(fake, 0, file: file, line: line, column: column)
}

/// `OCMVerifyAllWithDelay(mock, 1)`: waits up to `delay` seconds (turning the run loop) for the expected calls.
public func OCMVerifyAllWithDelay<F: Spryable>(
    _ fake: F, _ delay: TimeInterval, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let state = fake.doubleState
    let open = { DoubleRegistry.shared.locked { state.expectations.filter { !$0.satisfied }.map(\.stub) } }
    RunLoopSpinner.spin(timeout: delay) { open().isEmpty }
    for stub in open() {
        let report = DoubleRegistry.shared.locked { state.report }
        World.shared.record(
            Failure(
                message: "\(state.ocmockDescription): expected method was not invoked: \(stub.callText)\n\(report)",
                location: SourceLocation(file, line, column)))
    }
}

/// OCMock's long quantifier names.
public func OCMTimes(_ count: Int) -> CountSpecifier { times(count) }
/// `OCMNever()`
public func OCMNever() -> CountSpecifier { never() }
/// `OCMAtLeast(n)`
public func OCMAtLeast(_ count: Int) -> CountSpecifier { atLeast(count) }
/// `OCMAtMost(n)`
public func OCMAtMost(_ count: Int) -> CountSpecifier { atMost(count) }

extension Spryable {
    /// `[mock setExpectationOrderMatters:YES]`: expected calls must arrive in the order they were expected.
    public func setExpectationOrderMatters(_ matters: Bool) {
        DoubleRegistry.shared.locked { doubleState.orderMatters = matters }
    }

    /// `[mock stopMocking]`: forgets calls, stubs and expectations (nothing was swizzled, so nothing to restore).
    public func stopMocking() { DoubleRegistry.shared.locked { doubleState.reset() } }
}

extension Stub {
    /// `.andForwardToRealObject()`: run the real implementation of a partial fake.
    @discardableResult
    public func andForwardToRealObject() -> Stub { andForwardToReal() }

    /// `.ignoringNonObjectArgs()`: scalar arguments (numbers, Booleans) match any value; the others still count.
    @discardableResult
    public func ignoringNonObjectArgs() -> Stub {
        DoubleRegistry.shared.locked { ignoresScalarArguments = true }
        return self
    }
}

/// OCMock's argument constraints, written where an argument goes: `engine.start(speed: OCMArg.any())`.
public enum OCMArg {
    /// Any value.
    public static func any<T>(file: StaticString = #filePath, line: UInt = #line) -> T {
        placeholder(.constraint("OCMArg.any()") { _ in true }, file, line)
    }
    /// Only `nil`.
    public static func isNil<T>(file: StaticString = #filePath, line: UInt = #line) -> T {
        placeholder(.constraint("OCMArg.isNil()") { flattenOptional($0) == nil }, file, line)
    }
    /// Anything but `nil`.
    public static func isNotNil<T>(file: StaticString = #filePath, line: UInt = #line) -> T {
        placeholder(.constraint("OCMArg.isNotNil()") { flattenOptional($0) != nil }, file, line)
    }
    /// A value equal to `value`.
    public static func isEqual<T: Equatable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) -> T {
        placeholder(
            .constraint("OCMArg.isEqual(\(stringify(value, quotingStrings: true)))") { valuesEqual($0, value) }, file,
            line)
    }
    /// A value not equal to `value`.
    public static func isNotEqual<T: Equatable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) -> T {
        placeholder(
            .constraint("OCMArg.isNotEqual(\(stringify(value, quotingStrings: true)))") { !valuesEqual($0, value) },
            file, line)
    }
    /// An instance of `type` or a subclass.
    public static func isKindOfClass<T, K>(_ type: K.Type, file: StaticString = #filePath, line: UInt = #line) -> T {
        placeholder(.constraint("OCMArg.isKindOfClass(\(K.self))") { $0.map { $0 is K } ?? false }, file, line)
    }
    /// A value for which `check` returns `true` (also the way to capture an argument).
    public static func checkWithBlock<T>(
        file: StaticString = #filePath, line: UInt = #line, _ check: @escaping (T) -> Bool
    ) -> T {
        placeholder(.constraint("OCMArg.checkWithBlock") { ($0 as? T).map(check) ?? false }, file, line)
    }
    /// A synonym of `checkWithBlock`.
    public static func check<T>(file: StaticString = #filePath, line: UInt = #line, _ check: @escaping (T) -> Bool) -> T
    {
        checkWithBlock(file: file, line: line, check)
    }
}

/// Said when a stub, expectation or verification captured no call: the call is missing, or the fake's member
/// does not record it.
let notRecordedHint =
    "if there is one, the fake's member does not record its call: make it call spryify(), stubbedValue() or recordCall()"

/// Registers `constraint` for the call being captured and returns a stand-in value of type `T`.
func placeholder<T>(_ constraint: Argument, _ file: StaticString, _ line: UInt) -> T {
    DoubleRegistry.shared.pushConstraint(constraint)
    if let value = standInValue(of: T.self) { return value }
    Abort.shared.endRun(
        with: Failure(
            message:
                "\(constraint) needs a stand-in value of type \(T.self), and KataSpec can make one only for types with a default value, closures and protocols; make \(T.self) conform to DefaultValueProviding (static var defaultValue), or pass a real value",
            location: SourceLocation(file, line, 1)))
}

@discardableResult
private func record<T>(
    _ call: () throws -> T, _ macro: String, _ location: SourceLocation, _ add: (DoubleState, Stub) -> Void
) -> Stub {
    guard let captured = DoubleRegistry.shared.capture({ _ = try call() }) else {
        World.shared.record(
            Failure(
                message: "\(macro) needs a call on a fake inside the parentheses; \(notRecordedHint)",
                location: location))
        return Stub(function: "?", location: location)
    }
    let stub = Stub(function: captured.function, location: location).matching(captured.arguments)
    DoubleRegistry.shared.locked { add(captured.state, stub) }
    return stub
}
