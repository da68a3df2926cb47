// Kiwi's mocks and stubs over the test-double engine: `KWMock.mock(for: FakeEngine())`,
// `engine.stub(.start, andReturn: true)`, and `engine.should.receive(.start, andReturn: true, withCount: 2)`,
// which — as in Kiwi — must be written *before* acting, is checked when the example ends, and also stubs
// the function (a partial fake's real code does not run).

/// Kiwi's mock factory: `[KWMock mockForProtocol:]` becomes `KWMock.mock(for: FakeEngine())`.
public enum KWMock {
    /// A strict mock: an unexpected message fails the example, naming this line.
    public static func mock<F: Spryable>(
        for fake: F, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> F {
        configure(fake, .strict, SourceLocation(file, line, column))
    }
    /// A null mock: any message is accepted and answered with a default value.
    public static func nullMock<F: Spryable>(for fake: F) -> F { configure(fake, .nice) }
    /// A partial mock: a subclass fake whose members pass `real:`; unstubbed messages run the real code.
    public static func partialMock<F: Spryable>(for fake: F) -> F { configure(fake, .nice) }

    /// `[KWMock mockWithName:@"engine" forProtocol:…]`: a strict mock that messages call `mock "engine"`.
    public static func mock<F: Spryable>(
        withName name: String, for fake: F, file: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> F {
        configure(fake, .strict, SourceLocation(file, line, column), name: name)
    }
    /// `[KWMock nullMockWithName:@"engine" forProtocol:…]`: a named null mock.
    public static func nullMock<F: Spryable>(withName name: String, for fake: F) -> F {
        configure(fake, .nice, name: name)
    }
    /// `[KWMock partialMockWithName:@"engine" forObject:…]`: a named partial mock.
    public static func partialMock<F: Spryable>(withName name: String, for fake: F) -> F {
        configure(fake, .nice, name: name)
    }

    private static func configure<F: Spryable>(
        _ fake: F, _ strictness: Strictness, _ location: SourceLocation? = nil, name: String? = nil
    ) -> F {
        fake.configureDouble(strictness, style: .kiwi, name: name, at: location)
        return fake
    }
}

extension Spryable {
    /// Kiwi's `[fake should]`: expectations on messages the fake will receive.
    public var should: KiwiMessageExpectation<Self> { KiwiMessageExpectation(fake: self, negated: false) }
    /// Kiwi's `[fake shouldNot]`.
    public var shouldNot: KiwiMessageExpectation<Self> { KiwiMessageExpectation(fake: self, negated: true) }

    /// `[fake stub:@selector(start) andReturn:x]`, optionally only for `withArguments`.
    @discardableResult
    public func stub(
        _ function: Function, andReturn value: Any?, withArguments arguments: Any?..., file: StaticString = #filePath,
        line: UInt = #line
    ) -> Stub {
        kiwiReplacing(stubAgain(function, file: file, line: line).matching(arguments.isEmpty ? nil : arguments))
            .andReturn(value)
    }

    /// `[fake stub:@selector(start) andReturn:a times:@2 afterThatReturn:b]`
    @discardableResult
    public func stub(
        _ function: Function, andReturn value: Any?, times: Int, afterThatReturn later: Any?,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Stub {
        kiwiReplacing(stubAgain(function, file: file, line: line)).andReturn(
            value, times: times, afterThatReturn: later)
    }

    /// `[fake stub:@selector(load:) withBlock:^id(NSArray *params) { … }]`
    @discardableResult
    public func stub(
        _ function: Function, withBlock block: @escaping (_ params: [Any?]) throws -> Any?,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Stub {
        kiwiReplacing(stubAgain(function, file: file, line: line)).andDo(block)
    }

    /// Kiwi's `stubMessagePattern:andReturn:overrideExisting:YES`: `stub`, added last, replaces the stubs of an
    /// equal message pattern, so it answers from where they stood in the order stubs are tried.
    func kiwiReplacing(_ stub: Stub) -> Stub {
        DoubleRegistry.shared.locked { doubleState.stubs.removeAll { $0 !== stub && $0.hasSamePattern(as: stub) } }
        return stub
    }

    /// `[fake captureArgument:@selector(load:completion:) atIndex:1]`: a spy on one argument of the
    /// first call that follows; the call is still answered by whatever stub or expectation answers it.
    public func captureArgument(
        _ function: Function, atIndex index: Int, file: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> KWCaptureSpy {
        let spy = KWCaptureSpy(index: index, location: SourceLocation(file, line, column))
        let name = function.rawValue
        DoubleRegistry.shared.locked { doubleState.spies.append((name, { spy.observe(name, $0) })) }
        return spy
    }

    /// `[fake clearStubs]`
    public func clearStubs() { resetStubs() }
}

/// `fake.should.receive(…)` and `fake.shouldNot.receive(…)`.
public struct KiwiMessageExpectation<F: Spryable> {
    let fake: F
    let negated: Bool

    /// `[[fake should] receive:@selector(start) withCount:2]` and the other count forms; stubs it too.
    public func receive(
        _ function: F.Function, withCount count: Int? = nil, withCountAtLeast atLeast: Int? = nil,
        withCountAtMost atMost: Int? = nil, withArguments arguments: Any?..., file: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        expect(function, nil, count, atLeast, atMost, arguments, SourceLocation(file, line, column))
    }

    /// `[[fake should] receive:@selector(start) andReturn:x withCount:2]`
    public func receive(
        _ function: F.Function, andReturn value: Any?, withCount count: Int? = nil,
        withCountAtLeast atLeast: Int? = nil,
        withCountAtMost atMost: Int? = nil, withArguments arguments: Any?..., file: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        expect(function, .some(value), count, atLeast, atMost, arguments, SourceLocation(file, line, column))
    }

    private func expect(
        _ function: F.Function, _ value: Any??, _ count: Int?, _ atLeast: Int?, _ atMost: Int?, _ arguments: [Any?],
        _ location: SourceLocation
    ) {
        let specifier: CountSpecifier =
            negated
            ? .exactly(0)
            : count.map { .exactly($0) } ?? atLeast.map { .atLeast($0) } ?? atMost.map { .atMost($0) } ?? .exactly(1)
        let constraints = arguments.isEmpty ? nil : arguments
        let stub = Stub(function: function.rawValue, location: location).matching(constraints)
        if let value { stub.andReturn(value) } else { stub.andReturnDefault() }
        let state = fake.doubleState
        // `KWReceiveMatcher.m`: `receive:andReturn:` replaces a stub of the same pattern; `receive:` adds its
        // stub only when there is none (`overrideExisting:NO`), so an earlier stub keeps answering.
        DoubleRegistry.shared.locked {
            if value != nil {
                state.stubs.removeAll { $0.hasSamePattern(as: stub) }
            } else if state.stubs.contains(where: { $0.hasSamePattern(as: stub) }) {
                return
            }
            state.stubs.append(stub)
        }
        let prefix = kiwiFailurePrefix()
        World.shared.deferCheck {
            let (seen, message) = DoubleRegistry.shared.locked { () -> (Int, String) in
                let seen = state.count(function.rawValue, constraints)
                return (
                    seen,
                    state.verificationMessage(
                        function.rawValue, constraints, wanted: specifier, got: seen, style: .kiwi)
                )
            }
            if !specifier.accepts(seen) { World.shared.record(Failure(message: prefix + message, location: location)) }
        }
    }
}
