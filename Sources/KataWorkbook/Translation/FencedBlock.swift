import KataBasics

/// A fenced code block of a chapter or of its translation, with the lines it spans.
package struct FencedBlock: Sendable {
    /// The parsed info string.
    package var info: FenceInfo
    /// The code between the fences.
    package var code: String
    /// The opening fence's line and column.
    package var line: Int
    package var column: Int
    /// The closing fence's line (the last line of the file when the block is never closed).
    package var endLine: Int
    /// The top-level node that holds the block.
    package var topLevelIndex: Int

    /// Whether a translation must copy the block byte for byte: every `swift` block (exercise blocks, examples,
    /// `swift ignore`) and every `objc` block. Hints and other languages (`text`, `sh`) are translated freely.
    package var isCopied: Bool { info.language == "swift" || info.language == "objc" }

    /// Whether the block is a hint.
    package var isHint: Bool { info.language == "hint" }

    /// The exercise the block belongs to.
    package var id: String? { info.value("id") }

    /// The info string without `note=`, which a translation translates: what a block and its copy share.
    package var key: String {
        ([info.language] + info.words.map(\.text)
            + info.attributes.filter { $0.text != "note" }.map { "\($0.text)=\($0.value ?? "")" })
            .joined(separator: " ")
    }

    /// The role word after the language (`starter`, `mutant`, `ignore`), if any.
    package var role: String? { info.words.first?.text }

    /// Whether `self`, found where the source has `other`, is most likely `other` with a mistyped info string:
    /// the same language, and the same role or the same exercise.
    func looksLikeCopy(of other: FencedBlock) -> Bool {
        info.language == other.info.language && (role == other.role || (id != nil && id == other.id))
    }

    /// Every fenced block of a document, in order, inside lists and quotes too.
    package static func all(in document: MarkdownNode) -> [FencedBlock] {
        var blocks: [FencedBlock] = []
        func visit(_ node: MarkdownNode, topLevelIndex: Int) {
            switch node.kind {
            case .codeBlock(let info, let fenced):
                if fenced {
                    blocks.append(
                        FencedBlock(
                            info: FenceInfo(info), code: node.literal, line: node.startLine, column: node.startColumn,
                            endLine: node.endLine, topLevelIndex: topLevelIndex))
                }
            case .document, .blockQuote, .list, .item, .other:
                for child in node.children { visit(child, topLevelIndex: topLevelIndex) }
            default:
                break
            }
        }
        for (index, node) in document.children.enumerated() { visit(node, topLevelIndex: index) }
        return blocks
    }
}
