import Foundation
import KataBasics
import KataMarkdownLimits
import KataMessages

/// Reads one chapter's Markdown: its title, and every fenced block that the exercise format gives meaning to.
///
/// The scanner checks each block on its own (roles, attributes, ids, fences); the
/// ``WorkbookLoader`` then checks exercises across blocks and chapters.
struct ChapterScanner {
    /// A `swift <role>`, `hint`, or plain `swift` block, as found in the document.
    package struct Block {
        enum Purpose: Equatable {
            case exercise(CodeBlock.Role)
            case hint
            case example
            case ignoredExample
        }

        var purpose: Purpose
        var id: String?
        var block: CodeBlock
        /// Index of the top-level node that holds the block.
        var topLevelIndex: Int
        /// The nearest heading above the block, with its top-level index.
        var heading: (title: String, index: Int)?
        /// The paragraph right after the block, when there is one (a mutant's note).
        var followingParagraph: (text: String, index: Int)?
    }

    static let attributeKeys = ["id", "name", "note", "timeout", "kind", "engine", "language-mode"] + SpecShape.keys
    static let roleWords = CodeBlock.Role.allCases.map(\.rawValue) + ["ignore"]

    let path: String
    let source: String
    let document: MarkdownNode
    /// The UTF-8 range of each line.
    private let lineRanges: [Range<Int>]
    /// What kata reads as Markdown.
    let limits = MarkdownLimits()
    /// Most diagnostics for one info string.
    static let diagnosticsPerLine = 5

    private(set) var title: String?
    private(set) var blocks: [Block] = []
    private(set) var diagnostics: [Diagnostic] = []

    init(path: String, source: String) {
        self.path = path
        self.source = source
        self.lineRanges = Self.lineRanges(of: source)
        do {
            self.document = try MarkdownParser.parse(source, limits: limits)
        } catch {
            self.document = MarkdownNode(kind: .document)
            diagnostics.append(Diagnostic(at: SourceLocation(file: path, line: error.line), error.message))
            return
        }
        scan()
    }

    private mutating func scan() {
        var heading: (title: String, index: Int)?
        for (index, node) in document.children.enumerated() {
            if case .heading(let level) = node.kind {
                // Titles are printed by every command: a terminal control in one is shown, not obeyed.
                let text = node.plainText.trimmingCharacters(in: .whitespaces).withVisibleControls
                if level == 1, title == nil { title = text }
                heading = (text, index)
            }
            for codeNode in codeBlocks(in: node) {
                var following: (String, Int)?
                if index + 1 < document.children.count, codeNode == node,
                    case .paragraph = document.children[index + 1].kind
                {
                    following = (document.children[index + 1].plainText, index + 1)
                }
                inspect(codeNode, topLevelIndex: index, heading: heading, following: following)
            }
        }
        if title == nil {
            diagnostics.append(
                Diagnostic(
                    at: SourceLocation(file: path, line: 1),
                    "chapter has no title; start it with a '# Title' line"))
        }
    }

    private func codeBlocks(in node: MarkdownNode) -> [MarkdownNode] {
        switch node.kind {
        case .codeBlock: return [node]
        // Only container blocks can hold a code block; paragraphs, headings and tables hold inlines.
        case .document, .blockQuote, .list, .item, .other: return node.children.flatMap(codeBlocks(in:))
        default: return []
        }
    }

    /// Reads one code block: a `swift` or `hint` block the exercise format gives meaning to becomes a ``Block``; what
    /// is wrong with its fence or info string becomes diagnostics.
    private mutating func inspect(
        _ node: MarkdownNode, topLevelIndex: Int, heading: (title: String, index: Int)?,
        following: (text: String, index: Int)?
    ) {
        guard case .codeBlock(let rawInfo, let fenced) = node.kind, fenced else { return }
        let fence = SourceLocation(file: path, line: node.startLine, column: node.startColumn)
        guard let info = readInfo(rawInfo, of: node, at: fence), info.language == "swift" || info.language == "hint"
        else { return }
        // One line of the chapter gets a few diagnostics at most, however many words its info string has.
        let firstDiagnostic = diagnostics.count
        defer { limitDiagnostics(from: firstDiagnostic, at: fence) }
        let infoStart = infoColumn(of: node)
        if let offset = info.unclosedQuoteOffset {
            diagnostics.append(
                Diagnostic(at: column(offset, infoStart), "attribute value has no closing quote; add a '\"'"))
        }
        guard let purpose = purpose(of: info, infoStart: infoStart) else { return }
        var block = CodeBlock(role: nil, code: node.literal, location: fence, info: info)
        if case .exercise(let role) = purpose { block.role = role }
        checkAttributes(info, purpose: purpose, node: node, infoStart: infoStart)
        let id = info.value("id")
        guard checkID(id, of: block, purpose: purpose, info: info, infoStart: infoStart) else { return }
        blocks.append(
            Block(
                purpose: purpose, id: id, block: block, topLevelIndex: topLevelIndex,
                heading: heading, followingParagraph: following))
    }

    /// The info string of the block `node` opened at `fence`, after saying when the block is never closed; nil when
    /// the info string is longer than kata reads (and that is said).
    private mutating func readInfo(_ rawInfo: String, of node: MarkdownNode, at fence: SourceLocation) -> FenceInfo? {
        if !isClosed(node) {
            diagnostics.append(
                Diagnostic(
                    at: fence,
                    "code block is never closed; add a closing fence (```) after its last line"))
        }
        guard rawInfo.utf8.count <= limits.infoString else {
            diagnostics.append(
                Diagnostic(
                    at: fence,
                    "this code block's info string is \(rawInfo.utf8.count) bytes; kata reads info strings of up to "
                        + "\(limits.infoString). Shorten it: a mutant's note can be the paragraph after the block"))
            return nil
        }
        return FenceInfo(rawInfo)
    }

    /// What the block is for, from its info string's first word (a role, `ignore`, or none); says what is wrong with
    /// each word after it that is not an attribute. Nil when the first word is no role kata knows.
    private mutating func purpose(of info: FenceInfo, infoStart: SourceLocation) -> Block.Purpose? {
        var purpose: Block.Purpose = info.language == "hint" ? .hint : .example
        for (position, word) in info.words.enumerated() {
            if info.language == "swift", position == 0, let role = CodeBlock.Role(rawValue: word.text) {
                purpose = .exercise(role)
            } else if info.language == "swift", position == 0, word.text == "ignore" {
                purpose = .ignoredExample
            } else if info.language == "swift", position == 0 {
                diagnostics.append(
                    Diagnostic(
                        at: column(word.offset, infoStart),
                        "unknown role '\(word.text)'\(Suggestion.didYouMean(word.text, in: Self.roleWords)); "
                            + "roles are \(Self.roleWords.joined(separator: ", "))"))
                return nil
            } else {
                let known = Self.attributeKeys.contains(word.text)
                diagnostics.append(
                    Diagnostic(
                        at: column(word.offset, infoStart),
                        known
                            ? "attribute '\(word.text)' needs a value: \(word.text)=…"
                            : "unexpected word '\(word.text)' in the info string\(Suggestion.didYouMean(word.text, in: Self.roleWords + Self.attributeKeys))"
                    ))
            }
        }
        return purpose
    }

    /// Whether the block's `id` is as its purpose asks: well formed, present on an exercise's block or a hint, absent
    /// on an example. Says what is wrong when it is not.
    private mutating func checkID(
        _ id: String?, of block: CodeBlock, purpose: Block.Purpose, info: FenceInfo, infoStart: SourceLocation
    ) -> Bool {
        if let id, !Self.isValidID(id), let token = info.attributes.first(where: { $0.text == "id" }) {
            diagnostics.append(
                Diagnostic(
                    at: column(token.offset, infoStart),
                    "malformed id '\(id)': use lowercase letters, digits and '-' only (for example id=\(Self.suggestedID(id)))"
                ))
            return false
        }
        switch purpose {
        case .exercise, .hint:
            if id == nil {
                let what = purpose == .hint ? "a hint" : "a '\(block.role?.rawValue ?? "")' block"
                diagnostics.append(
                    Diagnostic(
                        at: block.location, "\(what) needs an exercise id: add id=<exercise-id> to the info string"))
                return false
            }
        case .example, .ignoredExample:
            if id != nil {
                diagnostics.append(
                    Diagnostic(
                        at: block.location,
                        "block has an id but no role; add one of \(CodeBlock.Role.allCases.map(\.rawValue).joined(separator: ", ")) after 'swift'"
                    ))
                return false
            }
        }
        return true
    }

    /// Keeps the first `diagnosticsPerLine` diagnostics from `first` on, and says how many more there were.
    private mutating func limitDiagnostics(from first: Int, at fence: SourceLocation) {
        let count = diagnostics.count - first
        guard count > Self.diagnosticsPerLine else { return }
        diagnostics.removeSubrange((first + Self.diagnosticsPerLine)...)
        let last = diagnostics.last?.location ?? fence
        diagnostics.append(
            .note(at: last, "\(count - Self.diagnosticsPerLine) more problems in this info string were left out"))
    }

    private mutating func checkAttributes(
        _ info: FenceInfo, purpose: Block.Purpose, node: MarkdownNode, infoStart: SourceLocation
    ) {
        let allowed: [String]
        switch purpose {
        case .hint: allowed = ["id"]
        case .example: allowed = ["engine", "language-mode"]
        case .ignoredExample: allowed = []
        case .exercise(.mutant): allowed = ["id", "name", "note", "timeout", "kind"]
        case .exercise(.starter): allowed = ["id", "timeout", "kind", "engine", "language-mode"] + SpecShape.keys
        case .exercise: allowed = ["id", "timeout", "kind"]
        }
        var seen: Set<String> = []
        for attribute in info.attributes {
            let at = column(attribute.offset, infoStart)
            if !Self.attributeKeys.contains(attribute.text) {
                diagnostics.append(
                    Diagnostic(
                        at: at,
                        "unknown attribute '\(attribute.text)'\(Suggestion.didYouMean(attribute.text, in: Self.attributeKeys)); "
                            + "attributes are \(Self.attributeKeys.joined(separator: ", "))"))
            } else if !allowed.contains(attribute.text) {
                diagnostics.append(
                    Diagnostic(at: at, "attribute '\(attribute.text)' does not apply to \(Self.describe(purpose))"))
            } else if !seen.insert(attribute.text).inserted {
                diagnostics.append(Diagnostic(at: at, "attribute '\(attribute.text)' is given twice; keep one"))
            }
            let value = attribute.value ?? ""
            if attribute.text == "timeout", Double(value).map({ $0 > 0 && $0.isFinite }) != true {
                diagnostics.append(
                    Diagnostic(at: at, "timeout must be a positive number of seconds, like timeout=5; got '\(value)'"))
            }
            if SpecShape.countKeys.contains(attribute.text), Int(value).map({ $0 > 0 }) != true {
                diagnostics.append(
                    Diagnostic(
                        at: at,
                        "\(attribute.text) must be a positive whole number, like \(attribute.text)=3; got '\(value)'"))
            }
            if attribute.text == "shared", value.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        at: at,
                        "shared needs the name of a shared example group, like shared=\"a stack\""))
            }
            if attribute.text == "engine", TestEngine(rawValue: value) == nil {
                diagnostics.append(
                    Diagnostic(
                        at: at,
                        "unknown engine '\(value)'\(Suggestion.didYouMean(value, in: TestEngine.values)); "
                            + "use engine=swift-testing, engine=xctest or engine=kataspec (the default)"))
            }
            if attribute.text == "language-mode", LanguageMode(rawValue: value) == nil {
                diagnostics.append(
                    Diagnostic(
                        at: at, "unknown language mode '\(value)'; use language-mode=6 or language-mode=5 (the default)"
                    ))
            }
            if attribute.text == "kind", Exercise.Kind(rawValue: value) == nil {
                diagnostics.append(
                    Diagnostic(
                        at: at,
                        "unknown kind '\(value)'\(Suggestion.didYouMean(value, in: ["implement", "specify"])); use kind=implement or kind=specify"
                    ))
            }
            if attribute.text == "name", purpose == .exercise(.mutant), !Self.isValidID(value) {
                diagnostics.append(
                    Diagnostic(
                        at: at,
                        "malformed mutant name '\(value)': use lowercase letters, digits and '-' only"))
            }
        }
        if purpose == .exercise(.mutant), info.value("name") == nil {
            diagnostics.append(
                Diagnostic(
                    at: SourceLocation(file: path, line: node.startLine, column: node.startColumn),
                    "mutant has no name; add name=<what-it-breaks>, for example name=off-by-one"))
        }
    }

    private static func describe(_ purpose: Block.Purpose) -> String {
        switch purpose {
        case .hint: "hint blocks"
        case .example, .ignoredExample: "example blocks"
        case .exercise(let role): "\(role.rawValue) blocks"
        }
    }

    /// Where the lines of a source start and end, cut as cmark cuts them ("\n", "\r\n" or a lone "\r"), found on its
    /// UTF-8 bytes (splitting by `Character` walks graphemes, which cost more than parsing the Markdown).
    private static func lineRanges(of source: String) -> [Range<Int>] {
        var source = source
        return source.withUTF8 { MarkdownLines.ranges($0) }
    }

    /// Line `number` (1-based) without its line break, or nil past the end.
    private func sourceLine(_ number: Int) -> Substring? {
        guard number >= 1, number <= lineRanges.count else { return nil }
        let utf8 = source.utf8
        let range = lineRanges[number - 1]
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return source[start..<end]
    }

    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    static func suggestedID(_ id: String) -> String {
        let lowered = id.lowercased().map { character -> Character in
            ("a"..."z").contains(character) || ("0"..."9").contains(character) ? character : "-"
        }
        let text = String(lowered).split(separator: "-").joined(separator: "-")
        return text.isEmpty ? "my-exercise" : text
    }

    /// Where the info string of a fenced block starts: after the fence and the spaces that follow it. Found once per
    /// block, so that a token's place costs nothing however many tokens there are.
    private func infoColumn(of node: MarkdownNode) -> SourceLocation {
        let line = sourceLine(node.startLine).map { Array($0.utf8) } ?? []
        var index = max(node.startColumn - 1, 0)
        guard index < line.count else {
            return SourceLocation(file: path, line: node.startLine, column: node.startColumn)
        }
        let fenceCharacter = line[index]
        while index < line.count, line[index] == fenceCharacter { index += 1 }
        while index < line.count, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") { index += 1 }
        return SourceLocation(file: path, line: node.startLine, column: index + 1)
    }

    /// The location of a token of the info string, `offset` bytes into it.
    private func column(_ offset: Int, _ infoStart: SourceLocation) -> SourceLocation {
        SourceLocation(file: path, line: infoStart.line, column: infoStart.column + offset)
    }

    /// Whether a fenced block ends with a closing fence (cmark runs an open fence to the end of its container): its
    /// last line is the fence's character repeated at least as often as in the opening fence, and spaces.
    private func isClosed(_ node: MarkdownNode) -> Bool {
        guard node.endLine > node.startLine, let openingLine = sourceLine(node.startLine).map({ Array($0.utf8) }),
            let closingLine = sourceLine(node.endLine)
        else { return false }
        let opening = openingLine.dropFirst(max(node.startColumn - 1, 0))
        guard let fenceCharacter = opening.first else { return false }
        let fenceLength = opening.prefix { $0 == fenceCharacter }.count
        let blank: Set<UInt8> = [0x20, 0x09]
        let closing = closingLine.utf8.drop { blank.contains($0) || $0 == UInt8(ascii: ">") }.reversed().drop {
            blank.contains($0)
        }
        return closing.count >= fenceLength && closing.allSatisfy { $0 == fenceCharacter }
    }
}
