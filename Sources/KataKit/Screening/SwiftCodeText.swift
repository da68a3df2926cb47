/// Swift source with its comments and the contents of its string and regex literals blanked out, so that a search
/// for code (`extension QuickSpec`, `#sourceLocation`, `@_cdecl`) cannot be fooled by text inside a literal, and
/// cannot miss code that only looks like it is inside one.
///
/// Every blanked byte becomes a space and every line break stays where it was, so a byte offset or a line number in
/// the result is the same in the original. Interpolations (`\(…)`) are code and stay, nested strings and all.
/// Handles `//` and nested `/* */` comments, `"…"`, `"""…"""`, raw strings with any number of `#`, and `#/…/#`
/// regex literals (bare `/…/` literals need Swift 6 mode; learner code compiles in Swift 5 mode).
public struct SwiftCodeText: Sendable {
    /// The code, blanked.
    public let text: String
    /// False when the source ends inside a comment or literal: the compiler will reject it anyway.
    public let isComplete: Bool

    /// Scans `source`.
    public init(_ source: String) {
        var scanner = Scanner(Array(source.utf8))
        scanner.code(untilCloseParen: false)
        text = String(decoding: scanner.output, as: UTF8.self)
        isComplete = scanner.complete
    }

    /// The one-based line of a byte offset in the text.
    public func line(ofOffset offset: Int) -> Int {
        1 + text.utf8.prefix(offset).count { $0 == UInt8(ascii: "\n") }
    }

    private struct Scanner {
        let input: [UInt8]
        var position = 0
        var output: [UInt8] = []
        var complete = true

        init(_ input: [UInt8]) {
            self.input = input
            output.reserveCapacity(input.count)
        }

        func peek(_ offset: Int = 0) -> UInt8? {
            position + offset < input.count ? input[position + offset] : nil
        }

        mutating func keep() {
            output.append(input[position])
            position += 1
        }

        mutating func blank() {
            output.append(input[position] == UInt8(ascii: "\n") ? UInt8(ascii: "\n") : UInt8(ascii: " "))
            position += 1
        }

        /// Code, up to the end (or, inside an interpolation, up to its closing parenthesis, which is kept).
        mutating func code(untilCloseParen: Bool) {
            var depth = 0
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                    while peek().map({ $0 != UInt8(ascii: "\n") }) == true { blank() }
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                    blockComment()
                case UInt8(ascii: "\""):
                    string(hashes: 0)
                case UInt8(ascii: "#"):
                    var hashes = 0
                    while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                    if peek(hashes) == UInt8(ascii: "\"") {
                        for _ in 0..<hashes { keep() }
                        string(hashes: hashes)
                    } else if peek(hashes) == UInt8(ascii: "/") {
                        for _ in 0..<hashes { keep() }
                        regex(hashes: hashes)
                    } else {
                        keep()
                    }
                case UInt8(ascii: "(") where untilCloseParen:
                    depth += 1
                    keep()
                case UInt8(ascii: ")") where untilCloseParen:
                    if depth == 0 {
                        keep()
                        return
                    }
                    depth -= 1
                    keep()
                default:
                    keep()
                }
            }
            if untilCloseParen { complete = false }
        }

        mutating func blockComment() {
            var depth = 0
            while let byte = peek() {
                if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                    depth += 1
                    blank()
                    blank()
                } else if byte == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                    depth -= 1
                    blank()
                    blank()
                    if depth == 0 { return }
                } else {
                    blank()
                }
            }
            complete = false
        }

        /// A string literal whose opening quote is at `position`, after `hashes` `#`s (already kept).
        mutating func string(hashes: Int) {
            let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
            let quotes = multiline ? 3 : 1
            for _ in 0..<quotes { keep() }
            while let byte = peek() {
                if byte == UInt8(ascii: "\\") && hashesFollow(at: position + 1, count: hashes) {
                    let afterHashes = position + 1 + hashes
                    if afterHashes < input.count, input[afterHashes] == UInt8(ascii: "(") {
                        for _ in 0...(hashes + 1) { keep() }
                        code(untilCloseParen: true)
                    } else {
                        for _ in 0...hashes { blank() }
                        if peek() != nil { blank() }
                    }
                } else if byte == UInt8(ascii: "\"") && closes(quotes: quotes, hashes: hashes) {
                    for _ in 0..<(quotes + hashes) { keep() }
                    return
                } else if byte == UInt8(ascii: "\n") && !multiline {
                    return  // An unterminated single-line string: the compiler reports it; go on with code.
                } else {
                    blank()
                }
            }
            complete = false
        }

        /// A `#/…/#` regex literal whose opening slash is at `position`.
        mutating func regex(hashes: Int) {
            keep()
            while let byte = peek() {
                if byte == UInt8(ascii: "\\") {
                    blank()
                    if peek() != nil { blank() }
                } else if byte == UInt8(ascii: "/") && hashesFollow(at: position + 1, count: hashes) {
                    for _ in 0...hashes { keep() }
                    return
                } else {
                    blank()
                }
            }
            complete = false
        }

        func hashesFollow(at start: Int, count: Int) -> Bool {
            guard start + count <= input.count else { return false }
            return input[start..<start + count].allSatisfy { $0 == UInt8(ascii: "#") }
        }

        func closes(quotes: Int, hashes: Int) -> Bool {
            guard position + quotes + hashes <= input.count else { return false }
            return input[position..<position + quotes].allSatisfy { $0 == UInt8(ascii: "\"") }
                && hashesFollow(at: position + quotes, count: hashes)
        }
    }
}
