import KataBasics

/// Swift source with its comments and the contents of its string and regex literals blanked out, so that a search
/// for code (`extension QuickSpec`, `#sourceLocation`, `@_cdecl`) cannot be fooled by text inside a literal, and
/// cannot miss code that only looks like it is inside one.
///
/// Every blanked byte becomes a space and every line break stays where it was, so a byte offset or a line number in
/// the result is the same in the original. Interpolations (`\(…)`) are code and stay, nested strings and all.
/// Handles `//` and nested `/* */` comments, `"…"`, `"""…"""`, raw strings with any number of `#`, and `#/…/#`
/// regex literals (bare `/…/` literals need Swift 6 mode; learner code compiles in Swift 5 mode).
package struct SwiftCodeText: Sendable {
    /// The code, blanked.
    package let text: String
    /// False when the source ends inside a comment or literal: the compiler will reject it anyway.
    package let isComplete: Bool

    /// Byte offsets at which lines start, for finding the line and column of an offset without counting from the
    /// start each time (a file with many findings would take time in the square of its length).
    private let lineStarts: [Int]

    /// Scans `source`.
    package init(_ source: String) {
        var scanner = Scanner(Array(source.utf8))
        scanner.scan()
        text = String(decoding: scanner.output, as: UTF8.self)
        isComplete = scanner.complete
        var starts = [0]
        for (offset, byte) in scanner.output.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The one-based line of a byte offset in the text.
    package func line(ofOffset offset: Int) -> Int {
        position(ofOffset: offset).line
    }

    /// The one-based line and column (in bytes) of a byte offset in the text.
    package func position(ofOffset offset: Int) -> (line: Int, column: Int) {
        // The last line start at or before `offset`.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The byte offset of `index` in the text.
    package func offset(of index: String.Index) -> Int {
        text.utf8.distance(from: text.utf8.startIndex, to: index)
    }

    /// Reads the source once, front to back. Nesting (a string in an interpolation in a string…) is kept on a stack
    /// of its own rather than on the call stack, so that a file nested a hundred thousand levels deep is scanned like
    /// any other instead of overflowing kata's stack.
    private struct Scanner {
        let input: [UInt8]
        var position = 0
        var output: [UInt8] = []
        var complete = true

        /// What the scanner is inside of.
        package enum Context {
            /// Code: the file's own, or an interpolation's (which ends at the `)` that closes it, after `depth`
            /// parentheses opened inside it are closed).
            case code(interpolation: Bool, depth: Int)
            /// A string literal's text, after its opening delimiter.
            case string(hashes: Int, multiline: Bool)
        }

        var stack: [Context] = [.code(interpolation: false, depth: 0)]

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

        mutating func scan() {
            while position < input.count {
                switch stack[stack.count - 1] {
                case .code(let interpolation, let depth): code(interpolation: interpolation, depth: depth)
                case .string(let hashes, let multiline): string(hashes: hashes, multiline: multiline)
                }
            }
            // Ending inside an interpolation, a string, a comment or a regex literal.
            if stack.count > 1 { complete = false }
        }

        /// One step of code: a comment, a literal's opening, a parenthesis, or one byte.
        mutating func code(interpolation: Bool, depth: Int) {
            switch input[position] {
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while peek().map({ $0 != UInt8(ascii: "\n") }) == true { blank() }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                blockComment()
            case UInt8(ascii: "\""):
                openString(hashes: 0)
            case UInt8(ascii: "#"):
                var hashes = 0
                while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                if peek(hashes) == UInt8(ascii: "\"") {
                    for _ in 0..<hashes { keep() }
                    openString(hashes: hashes)
                } else if peek(hashes) == UInt8(ascii: "/") {
                    for _ in 0..<hashes { keep() }
                    regex(hashes: hashes)
                } else {
                    keep()
                }
            case UInt8(ascii: "(") where interpolation:
                stack[stack.count - 1] = .code(interpolation: true, depth: depth + 1)
                keep()
            case UInt8(ascii: ")") where interpolation:
                keep()
                if depth == 0 {
                    stack.removeLast()
                } else {
                    stack[stack.count - 1] = .code(interpolation: true, depth: depth - 1)
                }
            default:
                keep()
            }
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
        mutating func openString(hashes: Int) {
            let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
            for _ in 0..<(multiline ? 3 : 1) { keep() }
            stack.append(.string(hashes: hashes, multiline: multiline))
        }

        /// A string literal's text, up to its end or to an interpolation.
        mutating func string(hashes: Int, multiline: Bool) {
            let quotes = multiline ? 3 : 1
            while let byte = peek() {
                if byte == UInt8(ascii: "\\") && hashesFollow(at: position + 1, count: hashes) {
                    let afterHashes = position + 1 + hashes
                    if afterHashes < input.count, input[afterHashes] == UInt8(ascii: "(") {
                        for _ in 0...(hashes + 1) { keep() }
                        stack.append(.code(interpolation: true, depth: 0))
                        return
                    }
                    for _ in 0...hashes { blank() }
                    if peek() != nil { blank() }
                } else if byte == UInt8(ascii: "\"") && closes(quotes: quotes, hashes: hashes) {
                    for _ in 0..<(quotes + hashes) { keep() }
                    stack.removeLast()
                    return
                } else if byte == UInt8(ascii: "\n") && !multiline {
                    // An unterminated single-line string: the compiler reports it; go on with code.
                    stack.removeLast()
                    return
                } else {
                    blank()
                }
            }
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
