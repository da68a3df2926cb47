import KataBasics

/// One node of a parsed Markdown document, with its place in the source.
package struct MarkdownNode: Sendable, Equatable {
    /// What a node is, in cmark-gfm's vocabulary.
    package enum Kind: Sendable, Equatable {
        case document
        case blockQuote
        case list(ordered: Bool, start: Int, tight: Bool)
        case item(taskChecked: Bool?)
        case codeBlock(info: String, fenced: Bool)
        case htmlBlock
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case table(alignments: [TableAlignment])
        case tableRow(isHeader: Bool)
        case tableCell
        case text
        case softBreak
        case lineBreak
        case code
        case inlineHTML
        case emphasis
        case strong
        case strikethrough
        case link(url: String, title: String)
        case image(url: String, title: String)
        /// A node type this model does not name (footnotes and the like), kept by its type string.
        case other(String)
    }

    /// Column alignment of a GFM table.
    package enum TableAlignment: Sendable, Equatable {
        case none, left, center, right
    }

    /// The node's kind.
    package var kind: Kind
    /// Text for leaf nodes (text, code, code blocks, HTML); empty otherwise.
    package var literal: String
    /// The children, in document order.
    package var children: [MarkdownNode]
    /// First line of the node (1-based). For a fenced code block, the opening fence.
    package var startLine: Int
    /// First column of the node (1-based).
    package var startColumn: Int
    /// Last line of the node. For a fenced code block, the closing fence when there is one.
    package var endLine: Int
    /// Last column of the node.
    var endColumn: Int

    /// Creates a node.
    package init(
        kind: Kind, literal: String = "", children: [MarkdownNode] = [],
        startLine: Int = 0, startColumn: Int = 0, endLine: Int = 0, endColumn: Int = 0
    ) {
        self.kind = kind
        self.literal = literal
        self.children = children
        self.startLine = startLine
        self.startColumn = startColumn
        self.endLine = endLine
        self.endColumn = endColumn
    }

    /// The text of this node and all its descendants, without markup.
    package var plainText: String {
        switch kind {
        case .text, .code: return literal
        case .softBreak, .lineBreak: return " "
        default: return children.map(\.plainText).joined()
        }
    }
}
