/// Whose wording a fake's failures use.
public enum DoubleStyle: Sendable {
    case spry, kiwi, ocmock, ocmockito
}

/// What a fake does with a call that no stub or expectation prepared it for.
public enum Strictness: Sendable {
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

    let name: String
    var strictness = Strictness.nice
    var style = DoubleStyle.spry
    var orderMatters = false
    var calls: [Invocation] = []
    var stubs: [Stub] = []
    var expectations: [ExpectedCall] = []
    var rejections: [Stub] = []

    init(name: String) {
        self.name = name
    }

    /// Forgets calls, stubs and expectations; keeps how the fake was configured.
    func reset() {
        calls = []
        stubs = []
        expectations = []
        rejections = []
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
            text += "\nExpected calls on \(name):\n"
                + expectations.map { "￫ \($0.stub)" + ($0.satisfied ? " (called)" : " (not called yet)") }.joined(separator: "\n")
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
            first = "OCMockObject(\(name)): Method \(call) was invoked \(timesText(count)); but was expected \(specifier)."
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
        return first + "\n" + report
    }
}
