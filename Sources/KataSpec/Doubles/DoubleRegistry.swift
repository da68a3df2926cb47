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
    /// (in the order the fake's framework tries them: `DoubleState.stub(answering:)`); then the real
    /// implementation of a partial fake; a strict fake fails; finally the fallback or the type's default value.
    func handle<T>(
        _ state: DoubleState, _ function: String, _ arguments: [Any?], location: SourceLocation,
        recording: Bool = true, answering: Bool = true, canThrow: Bool, fallback: T?, real: (() throws -> T)?
    ) throws -> T {
        let call = Invocation(function: function, arguments: arguments, location: location)
        if captureIfCapturing(call, on: state) || verifyIfArmed(call, on: state) {
            return placeholderOrEnd(fallback, state, call, capturing: true)
        }
        // Spies first, as in Kiwi: they see the call whatever answers it.
        if recording {
            let spies = locked { state.spies.filter { $0.function == function } }
            for spy in spies { spy.observe(arguments) }
        }
        let admission = locked { state.admit(call, recording: recording, answering: answering) }
        for failure in admission.failures { World.shared.recordOnce(failure) }
        if let stub = admission.stub {
            for effect in stub.sideEffects { effect(arguments) }
            if let result: T = try answer(stub, state, arguments, location, canThrow: canThrow, real: real) {
                return result
            }
        } else if answering, let real {
            return try real()
        } else if !admission.isPrepared, state.strictness == .strict {
            // Setters (`recordCall`) are checked too: setting a property nobody expected is a call.
            reportUnexpected(call, on: state)
        }
        return placeholderOrEnd(fallback, state, call)
    }

    /// A strict fake's "unexpected method invoked", located at the running example.
    ///
    /// The call itself was made by the code under test, and only the fake's own line is known
    /// (`spryify`'s `#filePath`/`#line`): Swift gives no caller's caller. So the failure points at
    /// the example that ran the code (or, outside an example, where the mock was made strict),
    /// and the message names the line that made the mock strict: both are the learner's lines.
    private func reportUnexpected(_ call: Invocation, on state: DoubleState) {
        let prefix = kiwiFailurePrefix()
        let (message, madeStrictAt) = locked { (state.unexpectedCallMessage(call, prefix: prefix), state.madeStrictAt) }
        let location = World.shared.currentExample?.location ?? madeStrictAt ?? call.location
        World.shared.record(Failure(message: message, location: location))
    }

    /// Inside `OCMStub(…)`, `given(…)` and friends: remembers the call (with any argument constraints
    /// written in place of its arguments) instead of answering it.
    private func captureIfCapturing(_ call: Invocation, on state: DoubleState) -> Bool {
        let misuse: Failure? = locked {
            guard capturing else { return nil }
            defer { pendingConstraints = [] }
            let constraintsFit = pendingConstraints.isEmpty || pendingConstraints.count == call.arguments.count
            let arguments = !pendingConstraints.isEmpty ? pendingConstraints : call.arguments
            captured = CapturedCall(state: state, function: call.function, arguments: arguments)
            guard !constraintsFit else { return nil }
            if call.arguments.isEmpty { return recordedNoArguments(call, state, pendingConstraints.count) }
            return Failure(
                message:
                    "Invalid use of argument matchers: \(call.function) takes \(call.arguments.count) argument(s) but \(pendingConstraints.count) matcher(s) were given; use matchers for every argument or for none",
                location: call.location)
        }
        if let misuse { World.shared.record(misuse) }
        return locked { capturing }
    }

    /// After Mockito's `verify(fake)`: counts the matching recorded calls instead of recording this one.
    private func verifyIfArmed(_ call: Invocation, on state: DoubleState) -> Bool {
        let failure: Failure?? = locked {
            guard let armed, armed.state === state else { return .none }
            self.armed = nil
            defer { pendingConstraints = [] }
            if call.arguments.isEmpty && !pendingConstraints.isEmpty {
                return .some(recordedNoArguments(call, state, pendingConstraints.count))
            }
            let useConstraints = !call.arguments.isEmpty && pendingConstraints.count == call.arguments.count
            let arguments = useConstraints ? pendingConstraints : call.arguments
            let count = state.count(call.function, arguments)
            guard !armed.specifier.accepts(count) else { return .some(nil) }
            let message = state.verificationMessage(
                call.function, arguments, wanted: armed.specifier, got: count, style: .ocmockito)
            return .some(Failure(message: message, location: armed.location))
        }
        guard let failure else { return false }
        if let failure { World.shared.record(failure) }
        return true
    }

    /// A fake member that calls `spryify()` without its arguments: every call looks the same to the fake,
    /// so no stub or verification can tell them apart. Says so, and where to fix it.
    private func recordedNoArguments(_ call: Invocation, _ state: DoubleState, _ matchers: Int) -> Failure {
        Failure(
            message:
                "\(state.name).\(call.function) recorded no arguments, but \(matchers) argument matcher(s) were written for it: "
                + "the fake's member does not pass its arguments on. At \(call.location), write spryify(arguments: …) "
                + "with every argument of \(call.function), in order",
            location: call.location)
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
                        [
                            "Stub: \(stub)",
                            "Possible fix: call spryifyThrows (or stubbedValueThrows) in the fake's \(stub.function)",
                        ]),
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

    /// What a fake member whose `Function` case could not be found returns: its fallback or the type's
    /// default (the example has already failed), or, when there is none, the run ends with Spry's message.
    func unknownFunctionAnswer<T>(_ fallback: T?, _ failure: Failure) -> T {
        if let value = placeholder(fallback) { return value }
        Abort.shared.endRun(with: failure)
    }

    private func placeholder<T>(_ fallback: T?) -> T? {
        fallback ?? defaultValue(of: T.self)
    }

    private func placeholderOrEnd<T>(_ fallback: T?, _ state: DoubleState, _ call: Invocation, capturing: Bool = false)
        -> T
    {
        if let value = placeholder(fallback) { return value }
        // Inside given(…)/verify(…) the answer is thrown away, so a made-up value will do.
        if capturing, let value = standInValue(of: T.self) { return value }
        unanswerable(state, call, T.self, capturing: capturing)
    }

    /// No stub, no fallback, no default: Spry's "No return value found", then the run ends.
    private func unanswerable<T>(_ state: DoubleState, _ call: Invocation, _ type: T.Type, capturing: Bool) -> Never {
        let function = call.function
        let location = call.location
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
        Abort.shared.endRun(
            with: Failure(message: fatalMessage("No return value found", lines), location: location),
            summary:
                "No return value found for \(state.name).\(call) (\(location)); the stubs and calls are in the output")
    }
}
