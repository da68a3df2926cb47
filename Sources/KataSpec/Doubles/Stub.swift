import Foundation

/// What a fake does when a call matches: `fake.stub(.start).with(3).andReturn(true)`.
///
/// A stub without `with(…)` matches any arguments. Answers given one after another are used
/// in turn, and the last one keeps answering (Kiwi's `times:afterThatReturn:`, Mockito's chains).
public final class Stub: CustomStringConvertible, @unchecked Sendable {
    /// One way of answering a call.
    enum Answer {
        case value(Any?)
        case compute(([Any?]) throws -> Any?)
        case error(any Error)
        case forwardToReal
        case defaultValue
    }

    /// The `#function` name it answers.
    public let function: String
    /// The argument constraints, or `nil` for any arguments.
    private(set) var arguments: [Any?]?
    private var answers: [Answer] = []
    private(set) var sideEffects: [([Any?]) -> Void] = []
    private var answered = 0
    /// Where the stub was written.
    let location: SourceLocation
    /// Set by Spry's `stub` (not `stubAgain`): a second equal stub is a mistake.
    weak var duplicateCheck: DoubleState?
    /// OCMock's `ignoringNonObjectArgs()`: a number or a Boolean in the call matches whatever the stub says.
    var ignoresScalarArguments = false

    init(function: String, location: SourceLocation) {
        self.function = function
        self.location = location
    }

    /// Only calls whose arguments match these (values, `Argument`s or captors).
    @discardableResult
    public func with(_ arguments: Any?...) -> Stub { matching(arguments) }

    /// Only calls whose arguments match these; `nil` for any arguments.
    @discardableResult
    func matching(_ arguments: [Any?]?) -> Stub {
        DoubleRegistry.shared.locked { self.arguments = arguments }
        return self
    }

    /// Returns `value` (Spry's default is `Void()`, for functions that return nothing).
    @discardableResult
    public func andReturn(_ value: Any? = ()) -> Stub { adding(.value(value)) }

    /// Returns each value in turn; the last one keeps being returned.
    @discardableResult
    public func andReturnValues(_ values: [Any?]) -> Stub {
        for value in values { adding(.value(value)) }
        return self
    }

    /// Kiwi's `andReturn:times:afterThatReturn:`.
    @discardableResult
    public func andReturn(_ value: Any?, times: Int, afterThatReturn later: Any?) -> Stub {
        for _ in 0..<times { adding(.value(value)) }
        return adding(.value(later))
    }

    /// Runs `closure` with the call's arguments; what it returns is the call's result.
    @discardableResult
    public func andDo(_ closure: @escaping (_ arguments: [Any?]) throws -> Any?) -> Stub { adding(.compute(closure)) }

    /// Throws `error` (only from fake functions that can throw: `spryifyThrows`).
    @discardableResult
    public func andThrow(_ error: any Error) -> Stub { adding(.error(error)) }

    /// Calls the fake's real implementation (a partial fake that passed `real:`).
    @discardableResult
    public func andForwardToReal() -> Stub { adding(.forwardToReal) }

    /// Answers with the return type's default value (what Kiwi's `receive:` does).
    @discardableResult
    func andReturnDefault() -> Stub { adding(.defaultValue) }

    /// Posts `notification` when called, then answers as the other actions say (OCMock's `andPost`).
    @discardableResult
    public func andPost(_ notification: Notification) -> Stub {
        DoubleRegistry.shared.locked { sideEffects.append { _ in NotificationCenter.default.post(notification) } }
        return self
    }

    @discardableResult
    private func adding(_ answer: Answer) -> Stub {
        let duplicate = DoubleRegistry.shared.locked { () -> Stub? in
            defer { answers.append(answer) }
            guard answers.isEmpty, let state = duplicateCheck else { return nil }
            return state.stubs.first { $0 !== self && $0.function == function && $0.argumentsText == argumentsText }
        }
        if let duplicate {
            World.shared.record(
                Failure(
                    message: fatalMessage(
                        "Stubbing the same function with the same arguments",
                        [
                            "Existing stub: \(duplicate)",
                            "Possible fix: use stubAgain(.\(function.prefix { $0 != "(" })) to replace it on purpose",
                        ]),
                    location: location))
        }
        return self
    }

    var argumentsText: String { arguments.map { stringify($0, quotingStrings: false) } ?? "any" }

    /// Whether the stub says how to answer (Spry's "Incomplete Stub" when not).
    var isComplete: Bool { !answers.isEmpty || !sideEffects.isEmpty }

    /// Whether a call with `actual` arguments matches.
    func matches(_ actual: [Any?]) -> Bool {
        guard let arguments else { return true }
        guard arguments.count == actual.count else { return false }
        return zip(arguments, actual).allSatisfy { expected, value in
            (ignoresScalarArguments && isScalar(value)) || argument(expected, matches: value)
        }
    }

    /// Whether this stub and `other` answer the same calls (Kiwi's `KWMessagePattern isEqualToMessagePattern:`).
    func hasSamePattern(as other: Stub) -> Bool {
        function == other.function && argumentsText == other.argumentsText
    }

    /// The next answer: each in turn, then the last one again.
    func nextAnswer() -> Answer? {
        guard !answers.isEmpty else { return nil }
        defer { answered += 1 }
        return answers[min(answered, answers.count - 1)]
    }

    /// `start(speed: 3)`, or `start(speed:) (any arguments)`.
    var callText: String {
        arguments.map { callDescription(function, $0.map { stringify($0, quotingStrings: true) }) }
            ?? "\(function) (any arguments)"
    }

    /// `start(speed: 3) → true`, as listed in failure messages.
    public var description: String {
        if answers.isEmpty && sideEffects.isEmpty { return callText }
        let answerText = answers.map { answer -> String in
            switch answer {
            case .value(let value): stringify(value, quotingStrings: true)
            case .compute: "a closure"
            case .error(let error): "throws \(stringify(error, quotingStrings: false))"
            case .forwardToReal: "the real implementation"
            case .defaultValue: "the default value"
            }
        }
        return callText + " → " + (answerText.isEmpty ? "(side effects only)" : answerText.joined(separator: ", then "))
    }
}

/// A value Objective-C passes as a scalar, not an object: a number or a Boolean.
private func isScalar(_ value: Any?) -> Bool {
    switch flattenOptional(value) {
    case is any BinaryInteger, is any BinaryFloatingPoint, is Bool: true
    default: false
    }
}
