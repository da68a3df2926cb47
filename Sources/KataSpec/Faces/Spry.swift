// Spry's spelling over the test-double engine: `fake.stub(.start).with(3).andReturn(true)`,
// `fake.didCall(.start, withArguments: [3], countSpecifier: .exactly(1)).success`,
// `expect(fake).to(haveReceived(.start, with: 3))`. The fake contract itself is in Doubles/Spryable.swift.

/// The answer of `didCall`: whether the calls matched, and every recorded call to explain why not.
public struct DidCallResult: CustomStringConvertible {
    /// Whether the recorded calls satisfy the question.
    public let success: Bool
    /// Every recorded call, as Spry lists them: `<start(speed:)> with <3>; <stop()>`, or `<>`.
    public let recordedCallsDescription: String

    /// `success` and the recorded calls.
    public var description: String { "\(success)\n\(recordedCallsDescription)" }
}

extension Spryable {
    /// Starts a stub for `function`; stubbing it twice with the same arguments is reported (use `stubAgain`).
    @discardableResult
    public func stub(_ function: Function, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column)
        -> Stub
    {
        let stub = Stub(function: function.rawValue, location: SourceLocation(file, line, column))
        stub.duplicateCheck = doubleState
        DoubleRegistry.shared.locked { doubleState.stubs.append(stub) }
        return stub
    }

    /// Starts a stub that replaces an equal one on purpose.
    @discardableResult
    public func stubAgain(
        _ function: Function, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Stub {
        let stub = Stub(function: function.rawValue, location: SourceLocation(file, line, column))
        DoubleRegistry.shared.locked { doubleState.stubs.append(stub) }
        return stub
    }

    /// Whether `function` was called (with `arguments`, if any are given) as often as `countSpecifier` says.
    public func didCall(
        _ function: Function, withArguments arguments: [Any?] = [], countSpecifier: CountSpecifier = .atLeast(1)
    ) -> DidCallResult {
        Self.didCall(doubleState, function.rawValue, arguments, countSpecifier)
    }

    /// Forgets the recorded calls.
    public func resetCalls() { DoubleRegistry.shared.locked { doubleState.calls = [] } }
    /// Forgets the stubs.
    public func resetStubs() { DoubleRegistry.shared.locked { doubleState.stubs = [] } }
    /// Forgets the recorded calls and the stubs.
    public func resetCallsAndStubs() { DoubleRegistry.shared.locked { doubleState.reset() } }

    /// Starts a stub for a class function.
    @discardableResult
    public static func stub(
        _ function: ClassFunction, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Stub {
        let stub = Stub(function: function.rawValue, location: SourceLocation(file, line, column))
        DoubleRegistry.shared.locked { doubleState.stubs.append(stub) }
        return stub
    }

    /// Whether a class function was called as `countSpecifier` says.
    public static func didCall(
        _ function: ClassFunction, withArguments arguments: [Any?] = [], countSpecifier: CountSpecifier = .atLeast(1)
    ) -> DidCallResult {
        didCall(doubleState, function.rawValue, arguments, countSpecifier)
    }

    /// Forgets the class functions' recorded calls.
    public static func resetCalls() { DoubleRegistry.shared.locked { doubleState.calls = [] } }
    /// Forgets the class functions' stubs.
    public static func resetStubs() { DoubleRegistry.shared.locked { doubleState.stubs = [] } }
    /// Forgets the class functions' calls and stubs.
    public static func resetCallsAndStubs() { DoubleRegistry.shared.locked { doubleState.reset() } }

    private static func didCall(
        _ state: DoubleState, _ function: String, _ arguments: [Any?], _ specifier: CountSpecifier
    ) -> DidCallResult {
        let (result, mismatch) = DoubleRegistry.shared.locked {
            let count = state.count(function, arguments.isEmpty ? nil : arguments)
            return (
                DidCallResult(success: specifier.accepts(count), recordedCallsDescription: state.spryCallsDescription),
                state.wrongArgumentCount(function, arguments)
            )
        }
        if let mismatch { World.shared.recordOnce(mismatch) }
        return result
    }
}

/// Spry's Nimble matcher: `expect(fake).to(haveReceived(.start, with: 3, countSpecifier: .exactly(1)))`.
///
/// A failure reads as Spry's (`Spry+Nimble`, `HaveReceivedMatcher.swift`):
/// `expected to receive <start(speed:)> on <FakeEngine> with <3> exactly 1 time, got <start(speed:)> with <2>`,
/// then KataSpec's lists of the fake's calls and stubs.
public func haveReceived<T: Spryable>(
    _ function: T.Function, with arguments: Any?..., countSpecifier: CountSpecifier = .atLeast(1)
) -> Matcher<T> {
    received(function.rawValue, arguments, countSpecifier, typeName: { "\(type(of: $0))" }, state: { $0.doubleState })
}

/// The same for a class function: `expect(FakeEngine.self).to(haveReceived(.make, with: "v8"))`.
public func haveReceived<T: Spryable>(
    _ function: T.ClassFunction, with arguments: Any?..., countSpecifier: CountSpecifier = .atLeast(1)
) -> Matcher<T.Type> {
    received(function.rawValue, arguments, countSpecifier, typeName: { "\($0)" }, state: { $0.doubleState })
}

/// `haveReceived` over whichever state the subject names: a fake's, or a fake type's class functions'.
private func received<Subject>(
    _ function: String, _ arguments: [Any?], _ countSpecifier: CountSpecifier, typeName: @escaping (Subject) -> String,
    state: @escaping (Subject) -> DoubleState
) -> Matcher<Subject> {
    Matcher { expression in
        guard let subject = try expression.evaluate() else {
            let message = ExpectationMessage.expectedActualValueTo(spryNilAttempt(arguments, countSpecifier))
            return MatcherResult(status: .fail, message: message.appendedBeNilHint())
        }
        let state = state(subject)
        let (count, calls, report, mismatch) = DoubleRegistry.shared.locked {
            (
                state.count(function, arguments.isEmpty ? nil : arguments), state.spryCallsDescription, state.report,
                state.wrongArgumentCount(function, arguments)
            )
        }
        if let mismatch { World.shared.recordOnce(mismatch) }
        let attempt = spryAttempt(typeName(subject), function, arguments, countSpecifier)
        let message = ExpectationMessage.expectedCustomValueTo(attempt, actual: calls).appended(details: report)
        return MatcherResult(bool: countSpecifier.accepts(count), message: message)
    }
}

/// Spry's `descriptionOfExpectation`: `receive <start(speed:)> on <FakeEngine> with <3> exactly 1 time`.
private func spryAttempt(_ type: String, _ function: String, _ arguments: [Any?], _ specifier: CountSpecifier)
    -> String
{
    var text = "receive <\(function)> on <\(type)>"
    if !arguments.isEmpty {
        text +=
            " with "
            + arguments.map { "<\(flattenOptional($0).map { String(describing: $0) } ?? "nil")>" }
            .joined(separator: ", ")
    }
    switch specifier {
    case .exactly(let n): text += " exactly \(spryTimes(n))"
    case .atLeast(let n) where n != 1: text += " at least \(spryTimes(n))"
    case .atMost(let n): text += " at most \(spryTimes(n))"
    default: break
    }
    return text
}

/// Spry's `descriptionOfNilAttempt`: `receive function with arguments 'count' times`.
private func spryNilAttempt(_ arguments: [Any?], _ specifier: CountSpecifier) -> String {
    var text = "receive function"
    if !arguments.isEmpty { text += " with arguments" }
    switch specifier {
    case .exactly: text += " 'count' times"
    case .atLeast(let n) where n != 1: text += " at least 'count' times"
    case .atMost: text += " at most 'count' times"
    default: break
    }
    return text
}

private func spryTimes(_ count: Int) -> String { count == 1 ? "1 time" : "\(count) times" }

/// Spry's `haveRecordedCalls()`: the fake recorded at least one call (`expected to have recorded calls, got 0 calls`).
public func haveRecordedCalls<T: Spryable>() -> Matcher<T> {
    recordedCalls { $0.doubleState }
}

/// The same for a fake type's class functions: `expect(FakeEngine.self).to(haveRecordedCalls())`.
public func haveRecordedCalls<T: Spryable>() -> Matcher<T.Type> {
    recordedCalls { $0.doubleState }
}

private func recordedCalls<Subject>(_ state: @escaping (Subject) -> DoubleState) -> Matcher<Subject> {
    Matcher.define("have recorded calls") { expression, message in
        guard let subject = try expression.evaluate() else { return MatcherResult(status: .fail, message: message) }
        let state = state(subject)
        let (count, report) = DoubleRegistry.shared.locked { (state.calls.count, state.report) }
        return MatcherResult(
            bool: count > 0,
            message: .expectedCustomValueTo(
                message.expectedMessage, actual: "\(count) call\(count == 1 ? "" : "s")"
            ).appended(details: report))
    }
}
