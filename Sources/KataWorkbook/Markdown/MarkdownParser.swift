internal import CCmarkGFM
import Foundation
import KataBasics
import KataMarkdownLimits

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses Markdown with cmark-gfm and its GFM extensions into ``MarkdownNode`` values.
///
/// This is the only file that touches the C API. Nodes are told apart by their type
/// string, because Debian's cmark-gfm packages ship no `table.h`.
package enum MarkdownParser {
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]
    private static let registerExtensions: Void = cmark_gfm_core_extensions_ensure_registered()

    /// Parses a whole document, keeping source positions. For text that kata itself checked (see
    /// ``parse(_:limits:)``) or wrote.
    package static func parse(_ markdown: String) -> MarkdownNode {
        withDocument(markdown) { document, _ in convert(document) }
    }

    /// Parses a document from outside kata (a chapter, a page), refusing what would take cmark-gfm or kata too long.
    package static func parse(
        _ markdown: String, limits: MarkdownLimits
    ) throws(MarkdownLimits.Problem) -> MarkdownNode {
        if let problem = limits.problem(in: markdown) { throw problem }
        let result: Result<MarkdownNode, MarkdownLimits.Problem> = withDocument(markdown) { document, _ in
            if let line = nodeLimitLine(document, limit: limits.nodes) {
                return .failure(limits.tooManyNodes(at: line))
            }
            return .success(convert(document))
        }
        return try result.get()
    }

    /// The line of the element past `limit`, when the document has more than `limit` elements.
    private static func nodeLimitLine(_ root: OpaquePointer, limit: Int) -> Int? {
        guard let iterator = cmark_iter_new(root) else { preconditionFailure("cmark_iter_new failed") }
        defer { cmark_iter_free(iterator) }
        var count = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { return nil }
            guard event == CMARK_EVENT_ENTER else { continue }
            count += 1
            if count > limit, let node = cmark_iter_get_node(iterator) {
                return max(1, Int(cmark_node_get_start_line(node)))
            }
        }
    }

    /// Renders Markdown to HTML with the GFM extensions (raw HTML is kept).
    static func renderHTML(_ markdown: String) -> String {
        withDocument(markdown) { document, parser in
            let options = CMARK_OPT_UNSAFE | CMARK_OPT_GITHUB_PRE_LANG
            guard let html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
                return ""
            }
            defer { free(html) }
            return String(cString: html)
        }
    }

    private static func withDocument<T>(
        _ markdown: String, _ body: (OpaquePointer, OpaquePointer) -> T
    ) -> T {
        _ = registerExtensions
        guard let parser = cmark_parser_new(CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE) else {
            preconditionFailure("cmark_parser_new failed: out of memory")
        }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        // The whole text, NUL bytes included (cmark reads them as U+FFFD), so cmark reads what the limits checked.
        var markdown = markdown
        markdown.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let document = cmark_parser_finish(parser) else {
            preconditionFailure("cmark_parser_finish returned no document")
        }
        defer { cmark_node_free(document) }
        return body(document, parser)
    }

    /// Converts the cmark tree in one pass of `cmark_iter_next`, building nodes on a stack.
    private static func convert(_ root: OpaquePointer) -> MarkdownNode {
        guard let iterator = cmark_iter_new(root) else { preconditionFailure("cmark_iter_new failed") }
        defer { cmark_iter_free(iterator) }
        var stack: [MarkdownNode] = []
        var finished = MarkdownNode(kind: .document)
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let pointer = cmark_iter_get_node(iterator) else { continue }
            let isLeaf = !isContainer(pointer)
            if event == CMARK_EVENT_ENTER {
                let node = makeNode(pointer)
                if isLeaf {
                    stack[stack.count - 1].children.append(node)
                } else {
                    stack.append(node)
                }
            } else if event == CMARK_EVENT_EXIT {
                let node = stack.removeLast()
                if stack.isEmpty {
                    finished = node
                } else {
                    stack[stack.count - 1].children.append(node)
                }
            }
        }
        return finished
    }

    /// Containers get an exit event, even when empty; leaves (as cmark's iterator defines them) do not.
    private static func isContainer(_ node: OpaquePointer) -> Bool {
        switch nodeType(node) {
        case .text, .softBreak, .lineBreak, .code, .inlineHTML, .codeBlock, .htmlBlock, .thematicBreak:
            return false
        default:
            return true
        }
    }

    /// The node types kata tells apart, by cmark's type name.
    private enum NodeType {
        case document, blockQuote, list, item, tasklist, codeBlock, htmlBlock, paragraph, heading, thematicBreak
        case table, tableHeader, tableRow, tableCell, text, softBreak, lineBreak, code, inlineHTML, emphasis
        case strong, strikethrough, link, image
        case other(String)

        init(name: String) {
            let names: [String: NodeType] = [
                "document": .document, "block_quote": .blockQuote, "list": .list, "item": .item,
                "tasklist": .tasklist, "code_block": .codeBlock, "html_block": .htmlBlock, "paragraph": .paragraph,
                "heading": .heading, "thematic_break": .thematicBreak, "table": .table, "table_header": .tableHeader,
                "table_row": .tableRow, "table_cell": .tableCell, "text": .text, "softbreak": .softBreak,
                "linebreak": .lineBreak, "code": .code, "html_inline": .inlineHTML, "emph": .emphasis,
                "strong": .strong, "strikethrough": .strikethrough, "link": .link, "image": .image,
            ]
            self = names[name] ?? .other(name)
        }
    }

    /// cmark names each node type with one static string, so the address of the name identifies the type: a name is
    /// read once per type, not once per node.
    private static func nodeType(_ node: OpaquePointer) -> NodeType {
        let name = cmark_node_get_type_string(node)
        let key = UInt(bitPattern: name)
        typeLock.lock()
        defer { typeLock.unlock() }
        if let known = knownTypes[key] { return known }
        let type = NodeType(name: name.map { String(cString: $0) } ?? "")
        knownTypes[key] = type
        return type
    }

    private static let typeLock = NSLock()
    nonisolated(unsafe) private static var knownTypes: [UInt: NodeType] = [:]

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func makeNode(_ node: OpaquePointer) -> MarkdownNode {
        MarkdownNode(
            kind: kind(of: node),
            literal: string(cmark_node_get_literal(node)),
            startLine: Int(cmark_node_get_start_line(node)),
            startColumn: Int(cmark_node_get_start_column(node)),
            endLine: Int(cmark_node_get_end_line(node)),
            endColumn: Int(cmark_node_get_end_column(node))
        )
    }

    private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        switch nodeType(node) {
        case .document: return .document
        case .blockQuote: return .blockQuote
        case .list:
            return .list(
                ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)),
                tight: cmark_node_get_list_tight(node) != 0)
        case .item: return .item(taskChecked: nil)
        case .tasklist: return .item(taskChecked: cmark_gfm_extensions_get_tasklist_item_checked(node))
        case .codeBlock:
            var length: Int32 = 0
            var offset: Int32 = 0
            var character: CChar = 0
            let fenced = cmark_node_get_fenced(node, &length, &offset, &character) != 0
            return .codeBlock(info: string(cmark_node_get_fence_info(node)), fenced: fenced)
        case .htmlBlock: return .htmlBlock
        case .paragraph: return .paragraph
        case .heading: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case .thematicBreak: return .thematicBreak
        case .table: return .table(alignments: tableAlignments(node))
        case .tableHeader: return .tableRow(isHeader: true)
        case .tableRow: return .tableRow(isHeader: false)
        case .tableCell: return .tableCell
        case .text: return .text
        case .softBreak: return .softBreak
        case .lineBreak: return .lineBreak
        case .code: return .code
        case .inlineHTML: return .inlineHTML
        case .emphasis: return .emphasis
        case .strong: return .strong
        case .strikethrough: return .strikethrough
        case .link: return .link(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case .image: return .image(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case .other(let name): return .other(name)
        }
    }

    private static func tableAlignments(_ node: OpaquePointer) -> [MarkdownNode.TableAlignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        guard count > 0, let alignments = cmark_gfm_extensions_get_table_alignments(node) else { return [] }
        return (0..<count).map { index in
            switch alignments[index] {
            case 0x6C: return .left
            case 0x63: return .center
            case 0x72: return .right
            default: return .none
            }
        }
    }
}
