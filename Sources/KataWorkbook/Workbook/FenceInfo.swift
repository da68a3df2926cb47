import KataBasics

/// The info string of a fenced code block, split into a language, bare words and `key=value` attributes.
///
/// `swift mutant id=sum name=off-by-one note="drops the last element"` has the language `swift`,
/// the word `mutant`, and three attributes. Values may be quoted with `"`; `\"` escapes a quote.
package struct FenceInfo: Sendable, Equatable {
    /// A bare word or attribute, with its offset (0-based, in UTF-8 bytes, as cmark counts columns) inside the info string.
    package struct Token: Sendable, Equatable {
        /// The word, or the attribute's key.
        package var text: String
        /// The attribute's value; nil for a bare word.
        package var value: String?
        /// Where the token starts in the info string.
        package var offset: Int
    }

    /// The first word (`swift`, `objc`, `hint`, …); empty when the fence has no info string.
    package var language: String
    /// Bare words after the language, such as a role.
    package var words: [Token]
    /// `key=value` attributes, in order.
    package var attributes: [Token]
    /// Set when a quoted value is not closed.
    package var unclosedQuoteOffset: Int?

    /// The value of the first attribute named `key`.
    package func value(_ key: String) -> String? {
        attributes.first { $0.text == key }?.value
    }

    /// Splits an info string.
    package init(_ info: String) {
        var tokens: [Token] = []
        var unclosed: Int?
        // UTF-8 bytes, not characters: walking grapheme clusters here cost a fifth of loading the workbook.
        // Separators are ASCII, so every token starts and ends on a character boundary.
        let bytes = Array(info.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func text(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        var index = 0
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let key = text(bytes[start..<index])
            var value: String?
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    index += 1
                    var quoted: [UInt8] = []
                    var closed = false
                    while index < bytes.count {
                        let byte = bytes[index]
                        if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                            quoted.append(bytes[index + 1])
                            index += 2
                            continue
                        }
                        index += 1
                        if byte == UInt8(ascii: "\"") {
                            closed = true
                            break
                        }
                        quoted.append(byte)
                    }
                    if !closed { unclosed = start }
                    value = text(quoted)
                } else {
                    let valueStart = index
                    while index < bytes.count, !isSpace(bytes[index]) { index += 1 }
                    value = text(bytes[valueStart..<index])
                }
            }
            tokens.append(Token(text: key, value: value, offset: start))
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
}
