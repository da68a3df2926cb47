import Foundation

/// The face whose wording a failure message uses.
public enum MessageStyle: Sendable, Hashable {
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
///
/// Nimble's spellings build one: `.expectedActualValueTo("be even")` ("expected to be even, got <3>"),
/// `.expectedCustomValueTo("be even", actual: "3")`, `.expectedTo("be even")` (no actual value) and
/// `.fail("free text")`, then `appended(message:)`, `appended(details:)` and `appendedBeNilHint()`.
public struct ExpectationMessage {
    /// A value shown in a message: a value goes through the face's `stringify`, a text is printed as is.
    public enum Shown {
        case value(Any?)
        case text(String)
    }

    /// A face's own sentence for the two directions, when its framework words a matcher its own way.
    struct FaceText {
        let positive: String
        let negative: String
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
    /// A message that reads the same whatever the face and direction (Nimble's `.fail`).
    var plainText: String?
    /// Nimble's `.expectedActualValueTo`: the expectation prints the subject as the actual value.
    var showsSubject = false
    /// Sentences a face's own matchers word their way (Kiwi's, Expecta's).
    var faceTexts: [MessageStyle: FaceText] = [:]

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

    // MARK: Nimble's spellings

    /// "expected to <message>, got <actual>", the actual value being the subject (Nimble).
    public static func expectedActualValueTo(_ message: String) -> ExpectationMessage {
        var result = ExpectationMessage(message)
        result.showsSubject = true
        return result
    }

    /// "expected to <message>, got <actual>" with the actual value written by the matcher (Nimble).
    public static func expectedCustomValueTo(_ message: String, actual: String) -> ExpectationMessage {
        ExpectationMessage(message, actual: .text(actual))
    }

    /// "expected to <message>", without an actual value (Nimble).
    public static func expectedTo(_ message: String) -> ExpectationMessage {
        ExpectationMessage(message)
    }

    /// Free text, printed as it is whatever the direction (Nimble).
    public static func fail(_ message: String) -> ExpectationMessage {
        .plain(message)
    }

    /// This message with `message` added at the end of its first line (Nimble).
    public func appended(message: String) -> ExpectationMessage {
        var copy = self
        if copy.plainText != nil { copy.plainText! += message } else { copy.appendix += message }
        return copy
    }

    /// This message with Nimble's " (use beNil() to match nils)".
    public func appendedBeNilHint() -> ExpectationMessage {
        appended(message: " (use beNil() to match nils)")
    }

    /// This message with `details` on the lines below (Nimble).
    public func appended(details: String) -> ExpectationMessage {
        var copy = self
        copy.details = copy.details.map { $0 + "\n" + details } ?? details
        return copy
    }

    /// The part after "expected to", without the actual value: "equal <2>" (Nimble's `expectedMessage`).
    public var expectedMessage: String {
        if let plainText { return plainText }
        return verb + (expected.map { " " + show($0, .nimble) } ?? "") + qualifier + appendix
    }

    /// This message with the actual value set (used by matchers that word their message up front).
    public func with(actual: Shown?) -> ExpectationMessage {
        var copy = self
        copy.actual = actual
        copy.showsSubject = false
        return copy
    }

    /// This message with a face's own sentences for `to` and `toNot`.
    func worded(_ style: MessageStyle, positive: String, negative: String) -> ExpectationMessage {
        var copy = self
        copy.faceTexts[style] = FaceText(positive: positive, negative: negative)
        return copy
    }

    /// The message as Nimble's `toString` builds it: `actual` stands for the subject where the message shows it
    /// (`expected to be even, got <3>`), and details follow after a blank line.
    public func toString(actual: String, expected: String = "expected", to: String = "to") -> String {
        var line: String
        if let plainText {
            line = plainText
        } else {
            line = "\(expected) \(to) \(verb)" + (self.expected.map { " " + show($0, .nimble) } ?? "") + qualifier
            // A value shown as the actual one is the subject (Nimble's `.expectedActualValueTo`), which the caller
            // prints its own way; a text was written by the matcher (`.expectedCustomValueTo`) and stays.
            switch self.actual {
            case .text(let text): line += ", got " + text
            case .value: line += ", got " + actual
            case nil: if showsSubject { line += ", got " + actual }
            }
            line += appendix
        }
        return line + (details.map { "\n\n" + $0 } ?? "")
    }

    // MARK: Rendering

    /// The message in `style`'s wording.
    public func rendered(_ style: MessageStyle, _ verbUsed: ExpectationVerb) -> String {
        if let text = faceTexts[style] {
            return (verbUsed.isNegated ? text.negative : text.positive) + (details.map { "\n" + $0 } ?? "")
        }
        if let plainText { return plainText + (details.map { "\n" + $0 } ?? "") }
        let expectedText = (expected.map { " " + show($0, style) } ?? "") + qualifier
        var line: String
        switch style {
        case .nimble:
            line = "expected \(verbUsed.nimblePhrase) \(verb)\(expectedText)"
            if let actual { line += ", got " + show(actual, style) }
            line += appendix
            // Nimble keeps this line on one line (`FailureMessage.stripNewlines`): an NSDictionary reads `{1 = 1;}`.
            line = line.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined()
        case .kiwi:
            line = "expected subject \(verbUsed.isNegated ? "not to" : "to") \(verb)\(expectedText)"
            if let actual, !verbUsed.isNegated { line += ", got " + show(actual, style) }
        case .expecta:
            // Expecta leaves out the verb for equality: "expected: 2, got: 1".
            let phrase = verb == "equal" ? String(expectedText.dropFirst()) : verb + expectedText
            line = "expected: " + (verbUsed.isNegated ? "not " : "") + phrase
            if let actual { line += ", got: " + show(actual, style) }
        }
        if let details { line += "\n" + details }
        return line
    }

    private func show(_ shown: Shown, _ style: MessageStyle) -> String {
        switch (shown, style) {
        case (.text(let text), _): text
        case (.value(let value), .nimble): "<\(nimbleDescription(value))>"
        case (.value(let value), .kiwi): kiwiDescription(value)
        case (.value(let value), .expecta): expectaDescription(value)
        }
    }
}
