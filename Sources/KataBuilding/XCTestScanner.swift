/// Finds XCTest's test methods in Swift source, as XCTest on macOS finds them at run time: every method whose name
/// starts with `test`, takes no argument and is not private, in a class that inherits from `XCTestCase` (or in an
/// extension of one). On Linux XCTest finds none by itself, so kata lists them in the program's entry point.
///
/// Read from the source's ``SwiftCodeText``, so that nothing inside a comment or a literal counts.
enum XCTestScanner {
    /// A piece of source: its code, the file it comes from and the line its code starts at there.
    package struct Source: Sendable {
        package var code: String
        package var path: String
        package var firstLine: Int

        package init(code: String, path: String, firstLine: Int) {
            self.code = code
            self.path = path
            self.firstLine = firstLine
        }
    }

    /// One test method and where it is declared.
    package struct Method: Sendable, Equatable {
        package var name: String
        package var path: String
        package var line: Int
    }

    /// One test class and its test methods.
    package struct TestCase: Sendable, Equatable {
        package var className: String
        package var methods: [Method]
    }

    /// The test classes of `sources`, in order, their methods from every source (a class's extensions may be in
    /// another block).
    static func testCases(in sources: [Source]) -> [TestCase] {
        var classes: [String] = []
        var methods: [String: [Method]] = [:]
        let texts = sources.map { SwiftCodeText($0.code) }
        for text in texts {
            for match in text.text.matches(
                of: /\bclass\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(?:XCTest\s*\.\s*)?XCTestCase\b/)
            {
                let name = String(match.output.1)
                if !classes.contains(name) { classes.append(name) }
            }
        }
        for (source, text) in zip(sources, texts) {
            for body in bodies(in: text, of: Set(classes)) {
                methods[body.name, default: []] += testMethods(in: text, body: body.range).map {
                    Method(name: $0.name, path: source.path, line: source.firstLine + $0.line - 1)
                }
            }
        }
        return classes.compactMap { name in
            methods[name].flatMap { $0.isEmpty ? nil : TestCase(className: name, methods: $0) }
        }
    }

    /// The bodies (between their braces) of the classes `names` and of their extensions.
    private static func bodies(in text: SwiftCodeText, of names: Set<String>) -> [(name: String, range: Range<Int>)] {
        let bytes = Array(text.text.utf8)
        var found: [(String, Range<Int>)] = []
        let heads = text.text.matches(of: /\b(?:class|extension)\s+([A-Za-z_][A-Za-z0-9_]*)\b[^{;]*\{/)
        for head in heads where names.contains(String(head.output.1)) {
            let open = text.text.utf8.distance(from: text.text.utf8.startIndex, to: head.range.upperBound)
            var depth = 1
            var index = open
            while index < bytes.count, depth > 0 {
                if bytes[index] == UInt8(ascii: "{") { depth += 1 }
                if bytes[index] == UInt8(ascii: "}") { depth -= 1 }
                index += 1
            }
            found.append((String(head.output.1), open..<max(open, index - 1)))
        }
        return found
    }

    /// The test methods declared directly in a body (not in a nested type or closure).
    private static func testMethods(in text: SwiftCodeText, body: Range<Int>) -> [(name: String, line: Int)] {
        let bytes = Array(text.text.utf8)
        var methods: [(String, Int)] = []
        var depth = 0
        var index = body.lowerBound
        var lineStart = index
        while index < body.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") { depth += 1 }
            if byte == UInt8(ascii: "}") { depth -= 1 }
            if byte == UInt8(ascii: "\n") { lineStart = index + 1 }
            if depth == 0, byte == UInt8(ascii: "f"), index == lineStart || !isIdentifier(bytes[index - 1]) {
                let rest = String(decoding: bytes[index..<min(body.upperBound, index + 200)], as: UTF8.self)
                if let match = rest.prefixMatch(of: /func\s+(test[A-Za-z0-9_]*)\s*\(\s*\)/) {
                    let before = String(decoding: bytes[lineStart..<index], as: UTF8.self)
                    // Private methods and type methods are not tests, as XCTest on macOS sees them.
                    if !before.contains("private"), !before.contains("static"), !before.contains("class ") {
                        methods.append((String(match.output.1), text.line(ofOffset: index)))
                    }
                }
            }
            index += 1
        }
        return methods
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 122)
    }
}
