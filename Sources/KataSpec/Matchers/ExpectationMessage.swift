/// The face whose wording a failure message uses.
public enum MessageStyle: Sendable {
    /// `expected to equal <2>, got <1>`
    case nimble
    /// `expected: 2, got: 1`
    case expecta
    /// `expected subject to equal 2, got 1`
    case kiwi
}

/// How an expectation was applied: plain or negated, at once or by polling.
public enum ExpectationVerb: Sendable {
    case to, toNot, toEventually, toEventuallyNot, toNever, toAlways

    /// Whether the matcher must *not* match.
    var isNegated: Bool { self == .toNot || self == .toEventuallyNot || self == .toNever }

    /// Nimble's words for the verb: "to", "to not", "to eventually", …
    var nimblePhrase: String {
        switch self {
        case .to: "to"
        case .toNot: "to not"
        case .toEventually: "to eventually"
        case .toEventuallyNot: "to eventually not"
        case .toNever: "to never"
        case .toAlways: "to always"
        }
    }
}

/// A matcher's failure message, kept in parts so each face can word it its own way.
public struct ExpectationMessage {
    /// A value shown in a message: a value goes through `stringify`, a text is printed as is.
    public enum Shown {
        case value(Any?)
        case text(String)
    }

    /// What the matcher checks, as a verb phrase: "equal", "be nil", "contain".
    public var verb: String
    /// The expected value, printed after the verb.
    public var expected: Shown?
    /// The actual value, printed after "got"; `nil` leaves it out.
    public var actual: Shown?
    /// Text after the expected value, such as " (within 0.0001)".
    public var qualifier = ""
    /// Text appended to the first line in Nimble's wording, such as " (use beNil() to match nils)".
    public var appendix = ""
    /// Extra lines below the first one.
    public var details: String?
    /// A message that reads the same whatever the face and direction.
    var plainText: String?

    /// Creates a message "expected to <verb> <expected>, got <actual>".
    public init(_ verb: String, expected: Shown? = nil, actual: Shown? = nil, details: String? = nil) {
        self.verb = verb
        self.expected = expected
        self.actual = actual
        self.details = details
    }

    /// A message printed as it is, in every face and direction.
    public static func plain(_ text: String) -> ExpectationMessage {
        var message = ExpectationMessage("")
        message.plainText = text
        return message
    }

    /// This message with the actual value set (used by matchers built with `define`).
    public func with(actual: Shown?) -> ExpectationMessage {
        var copy = self
        copy.actual = actual
        return copy
    }

    /// The message in `style`'s wording.
    public func rendered(_ style: MessageStyle, _ verbUsed: ExpectationVerb) -> String {
        if let plainText { return plainText + (details.map { "\n" + $0 } ?? "") }
        let expectedText = (expected.map { " " + show($0, style) } ?? "") + qualifier
        var line: String
        switch style {
        case .nimble:
            line = "expected \(verbUsed.nimblePhrase) \(verb)\(expectedText)"
            if let actual { line += ", got " + show(actual, style) }
        case .kiwi:
            line = "expected subject \(verbUsed.isNegated ? "not to" : "to") \(verb)\(expectedText)"
            if let actual, !verbUsed.isNegated { line += ", got " + show(actual, style) }
        case .expecta:
            // Expecta leaves out the verb for equality: "expected: 2, got: 1".
            let phrase = verb == "equal" ? String(expectedText.dropFirst()) : verb + expectedText
            line = "expected: " + (verbUsed.isNegated ? "not " : "") + phrase
            if let actual { line += ", got: " + show(actual, style) }
        }
        // The beNil hint is Nimble's; Kiwi and Expecta print the bare values.
        if style == .nimble { line += appendix }
        if let details { line += "\n" + details }
        return line
    }

    private func show(_ shown: Shown, _ style: MessageStyle) -> String {
        switch (shown, style) {
        case (.text(let text), _): text
        case (.value(let value), .nimble): "<\(stringify(value))>"
        case (.value(let value), .kiwi): stringify(value, quotingStrings: true)
        case (.value(let value), .expecta): stringify(value)
        }
    }
}
