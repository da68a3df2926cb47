/// The info string of a fenced code block, split into a language, bare words and `key=value` attributes.
///
/// `swift mutant id=sum name=off-by-one note="drops the last element"` has the language `swift`,
/// the word `mutant`, and three attributes. Values may be quoted with `"`; `\"` escapes a quote.
public struct FenceInfo: Sendable, Equatable {
    /// A bare word or attribute, with its offset (0-based, in Unicode scalars) inside the info string.
    public struct Token: Sendable, Equatable {
        /// The word, or the attribute's key.
        public var text: String
        /// The attribute's value; nil for a bare word.
        public var value: String?
        /// Where the token starts in the info string.
        public var offset: Int
    }

    /// The first word (`swift`, `objc`, `hint`, …); empty when the fence has no info string.
    public var language: String
    /// Bare words after the language, such as a role.
    public var words: [Token]
    /// `key=value` attributes, in order.
    public var attributes: [Token]
    /// Set when a quoted value is not closed.
    public var unclosedQuoteOffset: Int?

    /// The value of the first attribute named `key`.
    public func value(_ key: String) -> String? {
        attributes.first { $0.text == key }?.value
    }

    /// Splits an info string.
    public init(_ info: String) {
        var tokens: [Token] = []
        var unclosed: Int?
        // Unicode scalars, not characters: an info string is one short line, and walking grapheme clusters
        // cost a fifth of loading the workbook.
        let scalars = Array(info.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if Self.isSpace(scalars[index]) {
                index += 1
                continue
            }
            let start = index
            var key = String.UnicodeScalarView()
            var value: String?
            while index < scalars.count, !Self.isSpace(scalars[index]), scalars[index] != "=" {
                key.append(scalars[index])
                index += 1
            }
            if index < scalars.count, scalars[index] == "=" {
                index += 1
                var text = String.UnicodeScalarView()
                if index < scalars.count, scalars[index] == "\"" {
                    index += 1
                    var closed = false
                    while index < scalars.count {
                        let scalar = scalars[index]
                        if scalar == "\\", index + 1 < scalars.count {
                            text.append(scalars[index + 1])
                            index += 2
                            continue
                        }
                        index += 1
                        if scalar == "\"" {
                            closed = true
                            break
                        }
                        text.append(scalar)
                    }
                    if !closed { unclosed = start }
                } else {
                    while index < scalars.count, !Self.isSpace(scalars[index]) {
                        text.append(scalars[index])
                        index += 1
                    }
                }
                value = String(text)
            }
            tokens.append(Token(text: String(key), value: value, offset: start))
        }
        if let first = tokens.first, first.value == nil {
            language = first.text
            tokens.removeFirst()
        } else {
            language = ""
        }
        words = tokens.filter { $0.value == nil }
        attributes = tokens.filter { $0.value != nil }
        unclosedQuoteOffset = unclosed
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || (!scalar.isASCII && scalar.properties.isWhitespace)
    }
}
