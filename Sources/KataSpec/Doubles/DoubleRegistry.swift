import Foundation

/// The state of every fake, and the modes OCMock's macros and Mockito's `given`/`verify` need.
///
/// Fakes are plain objects; their calls, stubs and expectations live here, keyed by identity,
/// so a fake needs no stored properties. Everything is forgotten after each example.
final class DoubleRegistry: @unchecked Sendable {
    static let shared = DoubleRegistry()

    private struct Entry {
        weak var object: AnyObject?
        let state: DoubleState
    }

    /// A call captured instead of answered, inside `OCMStub(…)`, `given(…)`, `OCMVerify(…)`.
    struct CapturedCall {
        let state: DoubleState
        let function: String
        let arguments: [Any?]
    }

    /// Mockito's `verify(fake)`: the next call on that fake is checked instead of answered.
    struct ArmedVerification {
        let state: DoubleState
        let specifier: CountSpecifier
        let location: SourceLocation
    }

    private let lock = NSRecursiveLock()
    private var instances: [ObjectIdentifier: Entry] = [:]
    private var types: [ObjectIdentifier: DoubleState] = [:]
    private var capturing = false
    private var captured: CapturedCall?
    private var pendingConstraints: [Argument] = []
    private var armed: ArmedVerification?

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The state of a fake object, created on first use.
    func state(for object: AnyObject) -> DoubleState {
        locked {
            let key = ObjectIdentifier(object)
            if let entry = instances[key], entry.object === object { return entry.state }
            let state = DoubleState(name: "\(type(of: object))")
            instances[key] = Entry(object: object, state: state)
            return state
        }
    }

    /// The state of a fake type's class functions.
    func state(forType type: Any.Type) -> DoubleState {
        locked {
            if let state = types[ObjectIdentifier(type)] { return state }
            let state = DoubleState(name: "\(type)")
            types[ObjectIdentifier(type)] = state
            return state
        }
    }

    /// Forgets every call, stub and expectation; runs after each example.
    func resetAll() {
        locked {
            instances = instances.filter { $0.value.object != nil }
            for entry in instances.values { entry.state.reset() }
            for state in types.values { state.reset() }
            capturing = false
            captured = nil
            pendingConstraints = []
            armed = nil
        }
    }

    // MARK: Capturing a call written inside OCMStub(…), given(…), OCMVerify(…)

    /// Evaluates `call` with fakes in capture mode and returns the one fake call it made.
    func capture(_ call: () throws -> Void) -> CapturedCall? {
        locked {
            capturing = true
            captured = nil
            pendingConstraints = []
        }
        try? call()
        return locked {
            defer {
                capturing = false
                captured = nil
                pendingConstraints = []
            }
            return captured
        }
    }

    /// Remembers an argument constraint written in place of an argument (`anything()`, `OCMArg.any()`).
    func pushConstraint(_ constraint: Argument) {
        locked { pendingConstraints.append(constraint) }
    }

    /// Arms Mockito's `verify(fake)` for the next call on `object`.
    func arm(_ verification: ArmedVerification) {
        locked { armed = verification }
    }

    // MARK: Answering a call

    /// Records a call on a fake and works out its result; the heart of every face.
    ///
    /// Order: a rejection fails; an expectation is satisfied (and may answer); then the stubs answer
    /// (argument-specific ones newest first, then argument-less ones); then the real implementation
    /// of a partial fake; a strict fake fails; finally the fallback or the type's default value.
    func handle<T>(
        _ state: DoubleState, _ function: String, _ arguments: [Any?], location: SourceLocation,
        recording: Bool = true, answering: Bool = true, canThrow: Bool, fallback: T?, real: (() throws -> T)?
    ) throws -> T {
        if intercepted(state, function, arguments, location) {
            return placeholderOrEnd(fallback, state, function, arguments, location, capturing: true)
        }
        let (stub, failures) = locked { () -> (Stub?, [Failure]) in
            var failures: [Failure] = []
            if recording { state.calls.append(Invocation(function: function, arguments: arguments, location: location)) }
            let call = callDescription(function, arguments.map { stringify($0, quotingStrings: true) })
            if let rejection = state.rejections.first(where: { $0.function == function && $0.matches(arguments) }) {
                failures.append(
                    Failure(
                        message: "OCMockObject(\(state.name)): explicitly disallowed method invoked: \(call)\n\(state.report)",
                        location: rejection.location))
            }
            var answer: Stub?
            if let index = state.expectations.firstIndex(where: {
                !$0.satisfied && $0.stub.function == function && $0.stub.matches(arguments)
            }) {
                let firstOpen = state.expectations.firstIndex { !$0.satisfied }
                if state.orderMatters && index != firstOpen, let firstOpen {
                    let expected = state.expectations[firstOpen].stub
                    failures.append(
                        Failure(
                            message:
                                "OCMockObject(\(state.name)): unexpected method invoked: \(call), expected: \(expected.callText)\n\(state.report)",
                            location: state.expectations[index].stub.location))
                }
                state.expectations[index].satisfied = true
                if state.expectations[index].stub.isComplete { answer = state.expectations[index].stub }
            }
            return (answer ?? (answering ? state.stub(answering: function, arguments) : nil), failures)
        }
        for failure in failures { World.shared.record(failure) }
        guard answering else { return placeholderOrEnd(fallback, state, function, arguments, location) }
        if let stub {
            for effect in stub.sideEffects { effect(arguments) }
            if let result: T = try answer(stub, state, arguments, location, canThrow: canThrow, real: real) { return result }
        } else if let real {
            return try real()
        } else if state.strictness == .strict {
            let call = callDescription(function, arguments.map { stringify($0, quotingStrings: true) })
            let text =
                state.style == .kiwi
                ? "\(state.name) received unexpected message -\(call)"
                : "OCMockObject(\(state.name)): unexpected method invoked: \(call)"
            let reportedAt = World.shared.currentExample?.location ?? location
            World.shared.record(
                Failure(message: text + " (recorded by the fake at \(location))\n" + state.report, location: reportedAt))
        }
        return placeholderOrEnd(fallback, state, function, arguments, location)
    }

    /// In capture mode or armed-verification mode, handles the call and returns `true`.
    private func intercepted(
        _ state: DoubleState, _ function: String, _ arguments: [Any?], _ location: SourceLocation
    ) -> Bool {
        let verification: ArmedVerification? = locked {
            if capturing {
                var matchers: [Any?] = arguments
                if !pendingConstraints.isEmpty {
                    if pendingConstraints.count == arguments.count {
                        matchers = pendingConstraints
                    } else {
                        World.shared.record(
                            Failure(
                                message:
                                    "Invalid use of argument matchers: \(function) takes \(arguments.count) argument(s) but \(pendingConstraints.count) matcher(s) were given; use matchers for every argument or for none",
                                location: location))
                    }
                }
                captured = CapturedCall(state: state, function: function, arguments: matchers)
                pendingConstraints = []
                return nil
            }
            guard let armed, armed.state === state else { return nil }
            self.armed = nil
            return armed
        }
        if locked({ capturing }) { return true }
        guard let verification else { return false }
        let constraints: [Any?] = locked {
            defer { pendingConstraints = [] }
            return pendingConstraints.count == arguments.count && !arguments.isEmpty ? pendingConstraints : arguments
        }
        let count = locked { state.count(function, constraints) }
        if !verification.specifier.accepts(count) {
            World.shared.record(
                Failure(
                    message: locked {
                        state.verificationMessage(function, constraints, wanted: verification.specifier, got: count, style: .ocmockito)
                    },
                    location: verification.location))
        }
        return true
    }

    private func answer<T>(
        _ stub: Stub, _ state: DoubleState, _ arguments: [Any?], _ location: SourceLocation, canThrow: Bool,
        real: (() throws -> T)?
    ) throws -> T? {
        switch locked({ stub.nextAnswer() }) {
        case nil: return nil
        case .value(let value): return cast(value, stub, location)
        case .compute(let closure): return cast(try closure(arguments), stub, location)
        case .defaultValue: return nil
        case .error(let error):
            if canThrow { throw error }
            World.shared.record(
                Failure(
                    message: fatalMessage(
                        "Used '.andThrow()' on non-throwing function",
                        ["Stub: \(stub)", "Possible fix: call spryifyThrows (or stubbedValueThrows) in the fake's \(stub.function)"]),
                    location: location))
            return nil
        case .forwardToReal:
            if let real { return try real() }
            World.shared.record(
                Failure(
                    message:
                        "\(state.name).\(stub.function) has no real implementation to forward to; a partial fake passes one: spryify(arguments: …) { super.\(stub.function) }",
                    location: location))
            return nil
        }
    }

    private func cast<T>(_ value: Any?, _ stub: Stub, _ location: SourceLocation) -> T? {
        if let typed = value as? T { return typed }
        if flattenOptional(value) == nil, let none = defaultValue(of: T.self) { return none }
        World.shared.record(
            Failure(
                message: "the stub \(stub) returns \(typeDescription(value)), but \(stub.function) returns \(T.self)",
                location: location))
        return nil
    }

    private func placeholder<T>(_ fallback: T?) -> T? {
        fallback ?? defaultValue(of: T.self)
    }

    private func placeholderOrEnd<T>(
        _ fallback: T?, _ state: DoubleState, _ function: String, _ arguments: [Any?], _ location: SourceLocation,
        capturing: Bool = false
    ) -> T {
        if let value = placeholder(fallback) { return value }
        unanswerable(state, function, arguments, location, T.self, capturing: capturing)
    }

    /// No stub, no fallback, no default: Spry's "No return value found", then the run ends.
    private func unanswerable<T>(
        _ state: DoubleState, _ function: String, _ arguments: [Any?], _ location: SourceLocation, _ type: T.Type,
        capturing: Bool = false
    ) -> Never {
        let call = callDescription(function, arguments.map { stringify($0, quotingStrings: true) })
        if capturing {
            let text =
                "to stub or verify \(state.name).\(call) by calling it, the fake must return some \(T.self): give spryify a fallbackValue, or make \(T.self) conform to DefaultValueProviding"
            Abort.shared.endRun(with: Failure(message: text, location: location))
        }
        let lines = locked {
            [
                "Function: \(state.name).\(function)", "Called with: \(call)", "Return type: \(T.self)",
                "Current stubs:\n" + state.stubsDescription, "Recorded calls:\n" + state.recordedCallsDescription,
                "Possible fix: stub it (fake.stub(.\(function.prefix { $0 != "(" })).andReturn(…)), give the fake a fallbackValue, or make \(T.self) conform to DefaultValueProviding",
            ]
        }
        Abort.shared.endRun(with: Failure(message: fatalMessage("No return value found", lines), location: location))
    }
}
