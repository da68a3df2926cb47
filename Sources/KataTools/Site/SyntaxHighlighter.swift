import KataMessages

/// Colours Swift and Objective-C at build time, so the site needs no JavaScript highlighter.
///
/// A small lexer, not a parser: comments, strings, numbers, keywords, attributes and directives,
/// type names (capitalised identifiers), declared names and called names. Each token becomes a
/// `<span class="hl-…">`; everything else is escaped text.
package struct SyntaxHighlighter: Sendable {
    /// A language the highlighter knows.
    package enum Language: String, Sendable {
        case swift
        case objc
    }

    /// What a run of source text is.
    package enum TokenKind: String, Sendable, Equatable {
        case plain, comment, string, number, keyword, attribute, type, definition, call
    }

    /// A run of source text of one kind.
    package struct Token: Sendable, Equatable {
        /// The kind.
        package var kind: TokenKind
        /// The text, unescaped.
        package var text: String
    }

    /// The language.
    package var language: Language

    /// Creates a highlighter for a language.
    package init(language: Language) {
        self.language = language
    }

    /// The highlighter for a fence language (`swift`, `objc`, `objective-c`, `objectivec`), if there is one.
    package init?(fenceLanguage: String) {
        switch fenceLanguage.lowercased() {
        case "swift": language = .swift
        case "objc", "objective-c", "objectivec", "obj-c", "m": language = .objc
        default: return nil
        }
    }

    /// The code as HTML: escaped text with `<span class="hl-kind">` around every token but plain ones.
    package func html(_ code: String) -> String {
        var html = ""
        html.reserveCapacity(code.utf8.count * 2)
        for token in tokens(code) {
            if token.kind == .plain {
                html += token.text.htmlEscaped
            } else {
                html += "<span class=\"hl-\(token.kind.rawValue)\">\(token.text.htmlEscaped)</span>"
            }
        }
        return html
    }

    /// The code split into tokens; adjacent tokens of one kind are merged.
    package func tokens(_ code: String) -> [Token] {
        var lexer = Lexer(characters: Array(code.utf8), language: language)
        return lexer.run()
    }

    static let swiftKeywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class", "continue",
        "convenience", "default", "defer", "deinit", "didSet", "do", "dynamic", "else", "enum", "extension",
        "fallthrough", "false", "fileprivate", "final", "for", "func", "get", "guard", "if", "import", "in",
        "indirect", "init", "inout", "internal", "is", "lazy", "let", "mutating", "nil", "nonisolated",
        "nonmutating", "open", "operator", "optional", "override", "precedencegroup", "private", "protocol",
        "public", "repeat", "required", "rethrows", "return", "self", "Self", "set", "some", "static", "struct",
        "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "unowned", "var", "weak",
        "where", "while", "willSet", "consuming", "borrowing", "sending",
    ]

    static let objcKeywords: Set<String> = [
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
        "float", "for", "goto", "if", "inline", "int", "long", "register", "return", "short", "signed", "sizeof",
        "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "id", "self",
        "super", "nil", "Nil", "YES", "NO", "BOOL", "SEL", "IMP", "instancetype", "nonatomic", "atomic", "strong",
        "weak", "copy", "assign", "readonly", "readwrite", "nullable", "nonnull", "__block", "__weak", "__strong",
        "NULL", "true", "false", "in",
    ]

    /// Words after which the next identifier is being declared.
    static let declarationIntroducers: Set<String> = [
        "func", "class", "struct", "enum", "protocol", "actor", "typealias", "associatedtype",
    ]
}

/// The lexer behind ``SyntaxHighlighter``: one pass over UTF-8 bytes. Every byte of a
/// multi-byte character counts as part of an identifier, so tokens never split a character.
private struct Lexer {
    let characters: [UInt8]
    let language: SyntaxHighlighter.Language
    var index = 0
    var tokens: [SyntaxHighlighter.Token] = []
    var previousWord = ""

    init(characters: [UInt8], language: SyntaxHighlighter.Language) {
        self.characters = characters
        self.language = language
    }

    mutating func run() -> [SyntaxHighlighter.Token] {
        while index < characters.count {
            let character = characters[index]
            if character == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                emit(.comment, upTo: lineEnd())
            } else if character == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                emit(.comment, upTo: blockCommentEnd())
            } else if character == UInt8(ascii: "\"")
                || (language == .swift && character == UInt8(ascii: "#") && rawStringStart() != nil)
            {
                emit(.string, upTo: stringEnd())
            } else if language == .objc, character == UInt8(ascii: "@"), peek(1) == UInt8(ascii: "\"") {
                index += 1
                tokens.append(.init(kind: .string, text: "@"))
                emit(.string, upTo: stringEnd())
            } else if language == .objc, character == UInt8(ascii: "'") {
                emit(.string, upTo: quotedEnd(UInt8(ascii: "'")))
            } else if language == .objc, character == UInt8(ascii: "#"), isLineStart() {
                emit(.attribute, upTo: lineEnd())
            } else if character == UInt8(ascii: "@") || (language == .swift && character == UInt8(ascii: "#")),
                isIdentifierStart(peek(1))
            {
                let end = identifierEnd(from: index + 1)
                emit(.attribute, upTo: end)
            } else if isDigit(character) {
                emit(.number, upTo: numberEnd())
            } else if isIdentifierStart(character) || (language == .swift && character == UInt8(ascii: "`")) {
                word()
            } else {
                emit(.plain, upTo: index + 1)
            }
        }
        return tokens
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private mutating func emit(_ kind: SyntaxHighlighter.TokenKind, upTo end: Int) {
        let end = max(min(end, characters.count), index + 1)
        let text = String(decoding: characters[index..<end], as: UTF8.self)
        index = end
        if let last = tokens.last, last.kind == kind {
            tokens[tokens.count - 1].text += text
        } else {
            tokens.append(.init(kind: kind, text: text))
        }
    }

    private mutating func word() {
        let start = index
        var end: Int
        if characters[index] == UInt8(ascii: "`") {
            end = index + 1
            while end < characters.count, characters[end] != UInt8(ascii: "`"), characters[end] != UInt8(ascii: "\n") {
                end += 1
            }
            end = min(end + 1, characters.count)
        } else {
            end = identifierEnd(from: index)
        }
        let text = String(decoding: characters[start..<end], as: UTF8.self)
        let keywords = language == .swift ? SyntaxHighlighter.swiftKeywords : SyntaxHighlighter.objcKeywords
        let next = nextNonSpace(from: end)
        let kind: SyntaxHighlighter.TokenKind
        if language == .swift, next == UInt8(ascii: ":"), isArgumentPosition(before: start) {
            kind = .plain  // an argument label that happens to be a keyword: `greeting(for: name)`
        } else if keywords.contains(text) {
            kind = .keyword
        } else if language == .swift, SyntaxHighlighter.declarationIntroducers.contains(previousWord) {
            kind = .definition
        } else if let first = text.utf8.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
            kind = .type
        } else if next == UInt8(ascii: "(")
            || (language == .objc && next == UInt8(ascii: ":") && characters[end] == UInt8(ascii: ":"))
        {
            kind = .call
        } else {
            kind = .plain
        }
        previousWord = text
        emit(kind, upTo: end)
    }

    /// Whether the last non-space byte before `position` opens or separates arguments.
    private func isArgumentPosition(before position: Int) -> Bool {
        var position = position - 1
        while position >= 0, characters[position] == UInt8(ascii: " ") || characters[position] == UInt8(ascii: "\n") {
            position -= 1
        }
        return position >= 0 && (characters[position] == UInt8(ascii: "(") || characters[position] == UInt8(ascii: ","))
    }

    private func nextNonSpace(from position: Int) -> UInt8? {
        var position = position
        while position < characters.count, characters[position] == UInt8(ascii: " ") { position += 1 }
        return position < characters.count ? characters[position] : nil
    }

    private func isIdentifierStart(_ character: UInt8?) -> Bool {
        guard let character else { return false }
        return (0x61...0x7A).contains(character) || (0x41...0x5A).contains(character) || character == 0x5F
            || character >= 0x80
    }

    private func isDigit(_ character: UInt8) -> Bool { (0x30...0x39).contains(character) }

    private func identifierEnd(from start: Int) -> Int {
        var end = start
        while end < characters.count, isIdentifierStart(characters[end]) || isDigit(characters[end]) { end += 1 }
        return end
    }

    private func isLineStart() -> Bool {
        var position = index - 1
        while position >= 0, characters[position] == UInt8(ascii: " ") || characters[position] == UInt8(ascii: "\t") {
            position -= 1
        }
        return position < 0 || characters[position] == UInt8(ascii: "\n")
    }

    private func lineEnd() -> Int {
        var end = index
        while end < characters.count, characters[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    private func blockCommentEnd() -> Int {
        var depth = 0
        var end = index
        while end < characters.count {
            if characters[end] == UInt8(ascii: "/"), end + 1 < characters.count,
                characters[end + 1] == UInt8(ascii: "*")
            {
                depth += 1
                end += 2
            } else if characters[end] == UInt8(ascii: "*"), end + 1 < characters.count,
                characters[end + 1] == UInt8(ascii: "/")
            {
                depth -= 1
                end += 2
                if depth == 0 || language == .objc { return end }
            } else {
                end += 1
            }
        }
        return end
    }

    private func numberEnd() -> Int {
        var end = index
        while end < characters.count {
            let character = characters[end]
            if isDigit(character) || isIdentifierStart(character) {
                end += 1
            } else if character == UInt8(ascii: "."), end + 1 < characters.count, isDigit(characters[end + 1]) {
                end += 1
            } else {
                break
            }
        }
        return end
    }

    /// The number of `#` before a Swift raw string's opening quote, if one starts here.
    private func rawStringStart() -> Int? {
        var hashes = 0
        while index + hashes < characters.count, characters[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
        return index + hashes < characters.count && characters[index + hashes] == UInt8(ascii: "\"") ? hashes : nil
    }

    private func quotedEnd(_ quote: UInt8) -> Int {
        var end = index + 1
        while end < characters.count, characters[end] != UInt8(ascii: "\n") {
            if characters[end] == UInt8(ascii: "\\") {
                end += 2
                continue
            }
            if characters[end] == quote { return end + 1 }
            end += 1
        }
        return end
    }

    /// The end of a string literal starting at `index` (plain, multi-line or raw); interpolations stay inside.
    private func stringEnd() -> Int {
        let hashes = language == .swift ? (rawStringStart() ?? 0) : 0
        var end = index + hashes
        let multiLine =
            language == .swift && end + 2 < characters.count && characters[end + 1] == UInt8(ascii: "\"")
            && characters[end + 2] == UInt8(ascii: "\"")
        end += multiLine ? 3 : 1
        let closingHashes = [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        while end < characters.count {
            let character = characters[end]
            if !multiLine, character == UInt8(ascii: "\n") { return end }
            if character == UInt8(ascii: "\\"), hashes == 0 {
                if end + 1 < characters.count, characters[end + 1] == UInt8(ascii: "(") {
                    end = interpolationEnd(from: end + 2)
                } else {
                    end += 2
                }
                continue
            }
            if character == UInt8(ascii: "\"") {
                let quoteCount = multiLine ? 3 : 1
                if (0..<quoteCount).allSatisfy({
                    end + $0 < characters.count && characters[end + $0] == UInt8(ascii: "\"")
                }) {
                    let after = end + quoteCount
                    let stop = min(after + hashes, characters.count)
                    if characters[after..<stop].elementsEqual(closingHashes) { return stop }
                }
            }
            end += 1
        }
        return end
    }

    private func interpolationEnd(from start: Int) -> Int {
        var depth = 1
        var end = start
        while end < characters.count, depth > 0 {
            if characters[end] == UInt8(ascii: "(") { depth += 1 }
            if characters[end] == UInt8(ascii: ")") { depth -= 1 }
            if characters[end] == UInt8(ascii: "\n") { return end }
            end += 1
        }
        return end
    }
}
