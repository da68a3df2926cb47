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
    /// The mock class OCMock's messages name: `OCClassMockObject`, `OCProtocolMockObject`, `OCPartialMockObject`.
    var ocmockClass = "OCClassMockObject"
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

    /// How OCMock's messages name the mock: `[mock description]`, `OCClassMockObject(FakeEngine)`.
    var ocmockDescription: String { "\(ocmockClass)(\(name))" }

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
            // OCMock words it with the rejection's own description (`OCMInvocationExpectation handleInvocation:`).
            failures.append(
                Failure(
                    message: "\(rejection.callText): explicitly disallowed method invoked: \(call)\n\(report)",
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
                            "\(ocmockDescription): unexpected method invoked: \(call)\n\texpected:\t\(expectations[firstOpen].stub.callText)\n\(report)",
                        location: expectations[index].stub.location))
            }
            expectations[index].satisfied = true
            expected = expectations[index].stub
        }
        if recording || answering,
            let mismatched = stubs.first(where: {
                $0.function == call.function
                    && ($0.arguments.map { !$0.isEmpty && $0.count != call.arguments.count } ?? false)
            }), let specified = mismatched.arguments
        {
            failures.append(wrongArgumentCountFailure(call, specified: specified))
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
    ///
    /// Kiwi's mock raises `KWMockException` (`KWMock.m forwardInvocation:`, `namePhrase`), and the example reports
    /// the exception it raised (`KWExample.m visitItNode:`): `KWMockException "mock received unexpected message
    /// -stop()" raised`, after the example's `'…' [FAILED], `, which `prefix` carries.
    func unexpectedCallMessage(_ call: Invocation, prefix: String = "") -> String {
        let text =
            style == .kiwi
            ? prefix + "KWMockException \"\(mockName.map { "mock \"\($0)\"" } ?? "mock") received unexpected message "
                + "-\(call)\" raised"
            : "\(ocmockDescription): unexpected method invoked: \(call)"
        return text + (madeStrictAt.map { "\n(strict mock made at \($0))" } ?? "") + "\n" + report
    }

    /// The stub that answers a call, in the order the fake's framework tries its stubs.
    ///
    /// Spry (`Stubbable.swift`): stubs with arguments newest first, then stubs without arguments newest first.
    /// OCMockito (`MKTInvocationContainer.m` inserts each stub at index 0): the newest matching stub.
    /// OCMock (`OCMockObject.m stubForInvocation:`) and Kiwi (`KWMock.m processReceivedInvocation:`): the first
    /// matching stub in the order they were added (Kiwi replaces a stub of an equal pattern when it adds one).
    func stub(answering function: String, _ arguments: [Any?]) -> Stub? {
        let candidates = stubs.filter { $0.function == function }
        switch style {
        case .spry:
            return candidates.reversed().first { $0.arguments != nil && $0.matches(arguments) }
                ?? candidates.reversed().first { $0.arguments == nil }
        case .ocmockito:
            return candidates.reversed().first { $0.matches(arguments) }
        case .ocmock, .kiwi:
            return candidates.first { $0.matches(arguments) }
        }
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

    /// Every recorded call as Spry's `friendlyDescription` lists them: `<start(speed:)> with <3>; <stop()>`.
    var spryCallsDescription: String {
        guard !calls.isEmpty else { return "<>" }
        return calls.map { call in
            "<\(call.function)>"
                + (call.arguments.isEmpty
                    ? ""
                    : " with "
                        + call.arguments.map { "<\(flattenOptional($0).map { String(describing: $0) } ?? "nil")>" }
                        .joined(separator: ", "))
        }.joined(separator: "; ")
    }

    /// Spry's "Wrong number of arguments to compare", when the fake recorded `function` with another number of
    /// arguments than a stub or a check gives: usually the fake's member does not pass all of them to `spryify`.
    func wrongArgumentCount(_ function: String, _ arguments: [Any?]?) -> Failure? {
        guard let arguments, !arguments.isEmpty,
            let call = calls.first(where: { $0.function == function && $0.arguments.count != arguments.count })
        else { return nil }
        return wrongArgumentCountFailure(call, specified: arguments)
    }

    /// The failure for `call` compared with `specified` arguments, pointing at the fake's line that records it.
    func wrongArgumentCountFailure(_ call: Invocation, specified: [Any?]) -> Failure {
        let list = { (values: [Any?]) in
            values.map { "<\(flattenOptional($0).map { String(describing: $0) } ?? "nil")>" }.joined(separator: ", ")
        }
        return Failure(
            message: fatalMessage(
                "Wrong number of arguments to compare",
                [
                    "Type: \(name)", "Function: \(call.function)", "Specified count: \(specified.count)",
                    "Received count: \(call.arguments.count)", "Specified arguments: \(list(specified))",
                    "Actual arguments: \(list(call.arguments))",
                ])
                + "\nThe fake recorded \(call.function) with \(call.arguments.count) argument(s): make its member pass "
                + "every argument, in order, spryify(arguments: …), at \(call.location)",
            location: call.location)
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
    ///
    /// The first line is the framework's own (OCMock's `OCMockObject.m`, OCMockito's `MKT*Checker.m`,
    /// Kiwi's `KWReceiveMatcher.m`); the recorded calls and stubs follow as KataSpec's help.
    func verificationMessage(
        _ function: String, _ arguments: [Any?]?, wanted specifier: CountSpecifier, got count: Int, style: DoubleStyle
    ) -> String {
        let call = callDescription(function, (arguments ?? []).map { describeArgument($0, style) })
        let first: String
        switch (style, specifier) {
        case (.ocmock, _):
            let actual = count == 0 ? "not invoked" : count == 1 ? "invoked once" : "invoked \(count) times"
            first =
                "\(ocmockDescription): Method `\(call)` was \(actual); but was expected \(ocmockQuantifier(specifier))."
        case (.ocmockito, _):
            first = ocmockitoProblem(function, call, arguments, specifier, count)
        case (.kiwi, .exactly(0)), (.kiwi, .atMost(0)):
            first = "expected subject not to receive -\(call), but received it \(kiwiTimes(count))"
        case (.kiwi, _):
            first = "expected subject to receive -\(call) \(kiwiCount(specifier)), but received it \(kiwiTimes(count))"
        case (.spry, _):
            first = "expected \(name) to have received \(call) \(specifier), but it was received \(timesText(count))"
        }
        return first + "\n" + report
    }

    /// OCMockito's first lines: "Wanted but not invoked:", "Argument(s) are different!", or a count.
    private func ocmockitoProblem(
        _ function: String, _ call: String, _ arguments: [Any?]?, _ specifier: CountSpecifier, _ count: Int
    ) -> String {
        switch specifier {
        case .exactly(let wanted) where wanted > 0 && count == 0:
            let wantedLine = "\(name).\(call)"
            if let similar = calls.first(where: { $0.function == function }) {
                let mismatches = (arguments ?? []).enumerated().compactMap { index, expected -> String? in
                    guard similar.arguments.indices.contains(index),
                        !argument(expected, matches: similar.arguments[index])
                    else { return nil }
                    return
                        "Mismatch in \(ordinal(index)) argument. Expected \(describeArgument(expected, .ocmockito)), "
                        + "but was \(describeArgument(similar.arguments[index], .ocmockito))"
                }
                return
                    ([
                        "Argument(s) are different!", "Wanted: \(wantedLine)",
                        "Actual invocation has different arguments:",
                        "\(name).\(describeCall(similar, .ocmockito))",
                    ] + mismatches).joined(separator: "\n")
            }
            if calls.isEmpty {
                return "Wanted but not invoked:\n\(wantedLine)\nActually, there were zero interactions with this mock."
            }
            return "Wanted but not invoked:\n\(wantedLine)\nHowever, there were other interactions with this mock:\n"
                + calls.map { "\(name).\(describeCall($0, .ocmockito))" }.joined(separator: "\n")
        case .exactly(let wanted):
            return "Wanted \(kiwiTimes(wanted)) but was called \(kiwiTimes(count)).\nWanted: \(name).\(call)"
        case .atLeast(let wanted):
            return "Wanted at least \(kiwiTimes(wanted)) but was called \(kiwiTimes(count)).\nWanted: \(name).\(call)"
        case .atMost(0):
            return "Never wanted but was called \(kiwiTimes(count)).\nWanted: \(name).\(call)"
        case .atMost(let wanted):
            return "Wanted at most \(kiwiTimes(wanted)) but was called \(kiwiTimes(count)).\nWanted: \(name).\(call)"
        }
    }

    /// A call with its arguments as `style` prints them.
    private func describeCall(_ call: Invocation, _ style: DoubleStyle) -> String {
        callDescription(call.function, call.arguments.map { describeArgument($0, style) })
    }
}

/// How a mocking framework prints an argument: OCHamcrest's matcher descriptions for OCMockito
/// (`ANYTHING`, `an instance of Car`), values in quotes where strings.
func describeArgument(_ value: Any?, _ style: DoubleStyle) -> String {
    if style == .ocmockito, let constraint = value as? Argument, let hamcrest = constraint.hamcrestDescription {
        return hamcrest
    }
    return stringify(value, quotingStrings: true)
}

/// OCMock's quantifier descriptions: "exactly once", "at least 2 times", "never".
private func ocmockQuantifier(_ specifier: CountSpecifier) -> String {
    switch specifier {
    case .exactly(0), .atMost(0): "never"
    case .exactly(1): "exactly once"
    case .exactly(let n): "exactly \(n) times"
    case .atLeast(1): "at least once"
    case .atLeast(let n): "at least \(n) times"
    case .atMost(let n): "at most \(n) times"
    }
}

/// Kiwi's and OCMockito's count phrase: "1 time", "2 times".
func kiwiTimes(_ count: Int) -> String { count == 1 ? "1 time" : "\(count) times" }

/// Kiwi's expected count: "exactly 1 time", "at least 2 times".
private func kiwiCount(_ specifier: CountSpecifier) -> String {
    switch specifier {
    case .exactly(let n): "exactly \(kiwiTimes(n))"
    case .atLeast(let n): "at least \(kiwiTimes(n))"
    case .atMost(let n): "at most \(kiwiTimes(n))"
    }
}

/// "1st", "2nd", "3rd", "4th" for a zero-based index (OCMockito's `MKTOrdinal`).
private func ordinal(_ index: Int) -> String {
    let number = index + 1
    let suffix = number == 1 ? "st" : number == 2 ? "nd" : number == 3 ? "rd" : "th"
    return "\(number)\(suffix)"
}
