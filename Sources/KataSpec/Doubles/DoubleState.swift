/// Whose wording a fake's failures use.
enum DoubleStyle: Sendable {
    case spry, kiwi, ocmock, ocmockito
}

/// What a fake does with a call that no stub or expectation prepared it for.
enum Strictness: Sendable {
    /// Return a default value (`0`, `false`, `nil`, `""`, empty, or the fake's fallback).
    case nice
    /// Fail the example: "unexpected method invoked", listing the stubs (then return the default).
    case strict
}

/// Everything one fake (or one fake type, for class functions) knows: calls, stubs, expectations.
final class DoubleState {
    /// An OCMock `expect` or Kiwi `receive`: a stub that must be called before the example ends.
    struct ExpectedCall {
        let stub: Stub
        var satisfied = false
    }

    /// The fake's type name, `FakeEngine`.
    let typeName: String
    /// A name given when the mock was made (Kiwi's `mockWithName:`); messages use it instead.
    var mockName: String?
    var strictness = Strictness.nice
    /// Where the fake was made strict (`OCMStrictClassMock(…)`, `KWMock.mock(for:)`), for its failures.
    var madeStrictAt: SourceLocation?
    var style = DoubleStyle.spry
    var orderMatters = false
    var calls: [Invocation] = []
    var stubs: [Stub] = []
    var expectations: [ExpectedCall] = []
    var rejections: [Stub] = []
    /// Kiwi's message spies (`captureArgument`): told about every recorded call, they never answer it,
    /// but a strict mock accepts a spied message.
    var spies: [(function: String, observe: ([Any?]) -> Void)] = []

    init(name: String) {
        typeName = name
    }

    /// What messages call the fake: its given name, or its type name.
    var name: String { mockName ?? typeName }

    /// Forgets calls, stubs and expectations; keeps how the fake was configured.
    func reset() {
        calls = []
        stubs = []
        expectations = []
        rejections = []
        spies = []
    }

    /// What `admit` decided about one call.
    struct Admission {
        /// The stub or expectation that answers, if the call is answered at all.
        var stub: Stub?
        /// Whether a stub or an expectation was written for this call (a strict fake accepts it).
        var isPrepared: Bool
        var failures: [Failure]
    }

    /// Takes a call in: records it, checks rejections and expectations, and picks the stub that answers.
    func admit(_ call: Invocation, recording: Bool, answering: Bool) -> Admission {
        if recording { calls.append(call) }
        var failures: [Failure] = []
        if let rejection = rejections.first(where: { $0.function == call.function && $0.matches(call.arguments) }) {
            failures.append(
                Failure(
                    message: "OCMockObject(\(name)): explicitly disallowed method invoked: \(call)\n\(report)",
                    location: rejection.location))
        }
        var expected: Stub?
        if let index = expectations.firstIndex(where: {
            !$0.satisfied && $0.stub.function == call.function && $0.stub.matches(call.arguments)
        }) {
            if orderMatters, let firstOpen = expectations.firstIndex(where: { !$0.satisfied }), firstOpen != index {
                failures.append(
                    Failure(
                        message:
                            "OCMockObject(\(name)): unexpected method invoked: \(call), expected: \(expectations[firstOpen].stub.callText)\n\(report)",
                        location: expectations[index].stub.location))
            }
            expectations[index].satisfied = true
            expected = expectations[index].stub
        }
        let stub = stub(answering: call.function, call.arguments)
        // An expected call is one the fake was prepared for, even when the expectation has no answer
        // of its own (OCMock's `OCMExpect(…)` alone, Kiwi's `receive`): a strict fake accepts it.
        // So is a spied one: Kiwi's `addMessageSpy:` tells the mock to expect the message.
        let isPrepared = expected != nil || stub != nil || spies.contains { $0.function == call.function }
        guard answering else { return Admission(stub: nil, isPrepared: isPrepared, failures: failures) }
        // An expectation with an answer answers; one without lets a stub answer.
        let answeringExpectation = expected?.isComplete == true ? expected : nil
        return Admission(stub: answeringExpectation ?? stub ?? expected, isPrepared: isPrepared, failures: failures)
    }

    /// What a strict fake says about a call nothing prepared it for.
    func unexpectedCallMessage(_ call: Invocation) -> String {
        let text =
            style == .kiwi
            ? "\(mockName.map { "mock \"\($0)\"" } ?? name) received unexpected message -\(call)"
            : "OCMockObject(\(name)): unexpected method invoked: \(call)"
        return text + (madeStrictAt.map { " (strict mock made at \($0))" } ?? "") + "\n" + report
    }

    /// The stub that answers a call: argument-specific ones newest first, then argument-less ones.
    func stub(answering function: String, _ arguments: [Any?]) -> Stub? {
        let candidates = stubs.reversed().filter { $0.function == function }
        return candidates.first { $0.arguments != nil && $0.matches(arguments) }
            ?? candidates.first { $0.arguments == nil }
    }

    /// How many recorded calls match `function` and `arguments` (`nil`: any arguments).
    func count(_ function: String, _ arguments: [Any?]?) -> Int {
        calls.filter { call in
            guard call.function == function else { return false }
            guard let arguments, !arguments.isEmpty || !call.arguments.isEmpty else { return true }
            return arguments.count == call.arguments.count
                && zip(arguments, call.arguments).allSatisfy { argument($0, matches: $1) }
        }.count
    }

    /// Every recorded call, one `￫` line each.
    var recordedCallsDescription: String {
        calls.isEmpty ? "￫ (none)" : calls.map { "￫ \($0)" }.joined(separator: "\n")
    }

    /// Every stub, one `￫` line each.
    var stubsDescription: String {
        stubs.isEmpty ? "￫ (none)" : stubs.map { "￫ \($0)" }.joined(separator: "\n")
    }

    /// The lists a learner needs to understand a failure about this fake.
    var report: String {
        var text = "Recorded calls on \(name):\n\(recordedCallsDescription)\nStubs on \(name):\n\(stubsDescription)"
        if !expectations.isEmpty {
            text +=
                "\nExpected calls on \(name):\n"
                + expectations.map { "￫ \($0.stub)" + ($0.satisfied ? " (called)" : " (not called yet)") }.joined(
                    separator: "\n")
        }
        return text
    }

    /// The failure text for a verification that wanted `specifier` matching calls and saw `count`.
    func verificationMessage(
        _ function: String, _ arguments: [Any?]?, wanted specifier: CountSpecifier, got count: Int, style: DoubleStyle
    ) -> String {
        let call = callDescription(function, (arguments ?? []).map { stringify($0, quotingStrings: true) })
        let first: String
        switch (style, specifier) {
        case (.ocmock, _):
            first =
                "OCMockObject(\(name)): Method \(call) was invoked \(timesText(count)); but was expected \(specifier)."
        case (.ocmockito, .exactly(let n)):
            first = "Expected \(n) matching invocation\(n == 1 ? "" : "s"), but received \(count)"
        case (.ocmockito, .atLeast(let n)):
            first = "Wanted at least \(timesText(n)) but was \(count)"
        case (.ocmockito, .atMost(let n)):
            first = "Wanted at most \(timesText(n)) but was \(count)"
        case (.kiwi, .exactly(0)), (.kiwi, .atMost(0)):
            first = "expected subject not to receive -\(call), but received it \(timesText(count))"
        case (.kiwi, _):
            first = "expected subject to receive -\(call) \(specifier), but received it \(timesText(count))"
        case (.spry, _):
            first = "expected \(name) to have received \(call) \(specifier), but it was received \(timesText(count))"
        }
        // OCMockito's first line says only how many; the wanted call comes next, then what happened.
        return first + (style == .ocmockito ? "\nWanted: \(name).\(call)" : "") + "\n" + report
    }
}
