import Foundation
import KataBasics
import KataMessages
import KataWorkbook

/// Draws Markdown for a terminal: headings, emphasis, inline code, code blocks, lists and quotes.
package struct TerminalRenderer {
    /// Colour and width.
    package var style: TerminalStyle
    /// Turns a link's target into what the learner should see (a chapter's relative link into a path from
    /// where the learner works).
    var resolveLink: (String) -> String
    /// Writes inline code as the learner should read it: a chapter's `kata check hello-kata` as the command that
    /// works where the learner stands (see ``KataCommand/written(_:as:)``).
    var writeCode: (String) -> String = { $0 }

    /// Creates a renderer.
    package init(style: TerminalStyle, resolveLink: @escaping (String) -> String = { $0 }) {
        self.style = style
        self.resolveLink = resolveLink
    }

    /// A renderer for Markdown from `document` (a chapter's prompt or hint), whose relative links are shown as
    /// `display` shows a file (a path from where the learner works), and whose `kata` commands as the learner types
    /// kata (`kataCommand`).
    package init(
        style: TerminalStyle, linksRelativeTo document: URL, display: @escaping (URL) -> String, kataCommand: String
    ) {
        self.init(style: style) { target in
            guard !target.isEmpty, !target.contains(":"), !target.hasPrefix("/"), !target.hasPrefix("#") else {
                return target
            }
            let (path, anchor) =
                target.firstIndex(of: "#").map { (String(target[..<$0]), String(target[$0...])) } ?? (target, "")
            let file = document.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
            return display(file) + anchor
        }
        writeCode = { KataCommand.written($0, as: kataCommand) }
    }

    /// Renders block nodes, separated by blank lines.
    package func render(_ blocks: [MarkdownNode]) -> String {
        blocks.map { renderBlock($0, width: style.width) }.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// Renders Markdown source.
    package func render(markdown: String) -> String {
        render(MarkdownParser.parse(markdown).children)
    }

    private func renderBlock(_ node: MarkdownNode, width: Int) -> String {
        switch node.kind {
        case .heading(let level):
            let text = inline(node.children)
            if style.color {
                return level <= 2 ? style.paint(text, .bold, .underline) : style.paint(text, .bold)
            }
            let underline = level == 1 ? "=" : level == 2 ? "-" : ""
            return underline.isEmpty
                ? text : text + "\n" + String(repeating: underline, count: TerminalStyle.visibleWidth(text))
        case .paragraph:
            return wrap(inline(node.children), width: width)
        case .codeBlock:
            let lines = node.literal.hasSuffix("\n") ? String(node.literal.dropLast()) : node.literal
            return lines.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in
                    let line = String(line).withVisibleControls
                    return style.color ? style.paint("│ ", .dim) + style.paint(line, .cyan) : "    " + line
                }
                .joined(separator: "\n")
        case .blockQuote:
            return prefixLines(render(node.children, width: width - 2), first: "│ ", rest: "│ ")
        case .list(let ordered, let start, let tight):
            let items = node.children.enumerated().map { offset, item in
                var marker = ordered ? "\(start + offset). " : "• "
                if case .item(let checked?) = item.kind { marker += checked ? "[x] " : "[ ] " }
                let body = render(item.children, width: width - marker.count, separator: tight ? "\n" : "\n\n")
                return prefixLines(body, first: marker, rest: String(repeating: " ", count: marker.count))
            }
            return items.joined(separator: tight ? "\n" : "\n\n")
        case .thematicBreak:
            return String(repeating: "─", count: min(width, 40))
        case .table:
            return node.children.map { row in
                "| " + row.children.map { inline($0.children) }.joined(separator: " | ") + " |"
            }.joined(separator: "\n")
        case .htmlBlock:
            return ""
        default:
            return wrap(inline(node.children.isEmpty ? [node] : node.children), width: width)
        }
    }

    private func render(_ blocks: [MarkdownNode], width: Int, separator: String = "\n\n") -> String {
        blocks.map { renderBlock($0, width: width) }.filter { !$0.isEmpty }.joined(separator: separator)
    }

    /// Inline nodes as text; a soft line break becomes a space, or nothing between two Chinese characters.
    private func inline(_ nodes: [MarkdownNode]) -> String {
        let parts = inlineParts(nodes).split(separator: Self.softBreak, omittingEmptySubsequences: false)
        return parts.dropFirst().reduce(String(parts.first ?? "")) { text, part in
            text + LineBreaking.joinSoftBreak(before: text, after: String(part)) + part
        }
    }

    /// Stands for a soft line break until the text on both sides of it is known.
    private static let softBreak: Character = "\u{E000}"

    /// Text from the document shows its control characters escaped: a chapter cannot drive the terminal.
    private func inlineParts(_ nodes: [MarkdownNode]) -> String {
        nodes.map { node in
            switch node.kind {
            case .text: return node.literal.withVisibleControls
            case .softBreak: return String(Self.softBreak)
            case .lineBreak: return "\n"
            case .code:
                let code = writeCode(node.literal).withVisibleControls
                return style.color ? style.paint(code, .cyan) : "`\(code)`"
            case .emphasis: return style.paint(inlineParts(node.children), .italic)
            case .strong: return style.paint(inlineParts(node.children), .bold)
            case .strikethrough:
                return style.color
                    ? "\u{1B}[9m\(inlineParts(node.children))\u{1B}[0m" : "~\(inlineParts(node.children))~"
            case .link(let target, _):
                let text = inlineParts(node.children)
                let url = resolveLink(target).withVisibleControls
                // `[docs/KataSpec.md](../docs/KataSpec.md)` names its own target: print the path once.
                return node.plainText == target || node.plainText == url
                    ? style.paint(url, .underline) : "\(text) (\(style.paint(url, .underline)))"
            case .image(let url, _):
                return "[image: \((node.plainText.isEmpty ? url : node.plainText).withVisibleControls)]"
            case .inlineHTML: return ""
            default: return inlineParts(node.children)
            }
        }.joined()
    }

    private func wrap(_ text: String, width: Int) -> String {
        LineBreaking.wrap(text, width: width)
    }

    private func prefixLines(_ text: String, first: String, rest: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            (index == 0 ? first : (line.isEmpty ? "" : rest)) + line
        }.joined(separator: "\n")
    }
}
