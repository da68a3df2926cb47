import Foundation
import KataApp
import KataWorkbook

/// Renders one chapter's Markdown tree (parsed by cmark-gfm with GFM) as the HTML of its page.
///
/// The tree, not cmark's own HTML writer, is rendered here because the page needs more than
/// HTML: stable heading anchors and a table of contents, exercise cards, folded hints and
/// mutants, Objective-C and Swift side by side, links to other chapters rewritten to pages,
/// and the names the search index offers. Markup of any size comes from the templates.
struct ChapterHTMLRenderer {
    /// What rendering a chapter produced.
    struct Output {
        var html: String
        var toc: [TOCEntry]
        var headings: [(title: String, anchor: String, level: Int)]
        /// The page's text by heading, for the search index.
        var sections: [Section]
        var references: [SiteLinks.Reference]
        var files: [String]
        var warnings: [Diagnostic]
    }

    /// A heading and what a reader can search for under it, up to the next heading.
    struct Section {
        var title: String
        var anchor: String
        var level: Int
        /// The exercises this heading is the title of.
        var exercises: [String]
        /// The prose, block by block.
        var text: [String] = []
        /// Names the code declares or calls (and names written as inline code), each once.
        var names: [String] = []
    }

    let chapter: Chapter
    /// The page the chapter becomes (`01-basics.html`).
    let page: String
    let templates: SiteTemplates
    let links: SiteLinks
    let exercises: [String: Exercise]
    /// Reference solutions by exercise id; nil in a learner's build, which must contain none.
    let solutions: [String: String]?
    /// Where the learner stands with each exercise, when the site shows the learner's progress.
    let marks: [String: ExerciseMark]
    /// In a translated edition, the source chapter's headings (outside hints) in order: each of this chapter's
    /// headings gets the anchor of its counterpart too, when the two chapters have the same headings by level.
    let sourceHeadings: [SiteHeading]?

    private var anchors = AnchorRegistry()
    private var output = Output(html: "", toc: [], headings: [], sections: [], references: [], files: [], warnings: [])
    private var hintNumbers: [String: Int] = [:]
    private var anchored: Set<String> = []
    /// The exercises whose title is a heading, by the heading's line: their `exercise-<id>` anchor is on it.
    private var headingExercises: [Int: [String]] = [:]
    private var lastBlockLine: [String: Int] = [:]
    private var foldDepth = 0
    private var blockDepth = 0
    private var sectionNames: Set<String> = []
    /// The source anchors given to headings so far, by heading (see ``sourceHeadings``).
    private var sourceAnchors: [(heading: Int, anchor: String)] = []

    init(
        chapter: Chapter, page: String, templates: SiteTemplates, links: SiteLinks, exercises: [String: Exercise],
        solutions: [String: String]?, marks: [String: ExerciseMark] = [:], sourceHeadings: [SiteHeading]? = nil
    ) {
        self.marks = marks
        self.sourceHeadings = sourceHeadings
        self.chapter = chapter
        self.page = page
        self.templates = templates
        self.links = links
        self.exercises = exercises
        self.solutions = solutions
        for exercise in chapter.exercises { anchors.reserve(AnchorRegistry.exercise(exercise.id)) }
        headingExercises = Self.exerciseHeadings(in: chapter.document)
        anchored = Set(headingExercises.values.joined())
        for node in Self.codeBlocks(in: chapter.document) {
            if case .codeBlock(let info, _) = node.kind, let id = FenceInfo(info).value("id") {
                lastBlockLine[id] = node.startLine
            }
        }
    }

    /// Renders the whole chapter.
    mutating func render() -> Output {
        output.html = renderBlocks(chapter.document.children)
        withdrawSourceAnchors()
        return output
    }

    /// Takes back the source anchors that cannot stand: all of them when the chapter's headings do not pair with
    /// the source's one for one, and any that is also an anchor of this page (an id is used once on a page).
    private mutating func withdrawSourceAnchors() {
        guard let sourceHeadings, !sourceAnchors.isEmpty else { return }
        let pairs = sourceHeadings.map(\.level) == output.headings.map(\.level)
        let taken = Set(output.headings.map(\.anchor) + chapter.exercises.map { AnchorRegistry.exercise($0.id) })
        for (heading, anchor) in sourceAnchors where !pairs || taken.contains(anchor) {
            let level = output.headings[heading].level
            let own = output.headings[heading].anchor
            let tag = "<h\(min(max(level, 1), 6)) id=\"\(own.htmlEscaped)\""
            let marked =
                tag + " data-source-anchor=\"\(anchor.htmlEscaped)\">"
                + "<span class=\"section-anchor\" id=\"\(anchor.htmlEscaped)\"></span>"
            output.html = output.html.replacingOccurrences(of: marked, with: tag + ">")
        }
    }

    // MARK: Blocks

    private mutating func renderBlocks(_ nodes: [MarkdownNode], tight: Bool = false) -> String {
        let searchable = blockDepth == 0 && foldDepth == 0
        blockDepth += 1
        defer { blockDepth -= 1 }
        var parts: [String] = []
        var index = 0
        while index < nodes.count {
            let node = nodes[index]
            let next = index + 1 < nodes.count ? nodes[index + 1] : nil
            if let next, let pair = pairHTML(node, next) {
                parts.append(pair)
                index += 2
                continue
            }
            if case .codeBlock(let info, _) = node.kind {
                let fence = FenceInfo(info)
                if fence.language == "swift", fence.words.first?.text == "mutant", fence.value("note") == nil,
                    let next, case .paragraph = next.kind
                {
                    let html = mutantHTML(node, fence: fence, noteHTML: "<p>\(inline(next.children))</p>")
                    parts.append(withSolution(html, after: node, fence: fence))
                    index += 2
                    continue
                }
            }
            if searchable { noteText(node) }
            if tight, case .paragraph = node.kind {
                parts.append(inline(node.children))
            } else {
                parts.append(renderBlock(node))
            }
            index += 1
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private mutating func renderBlock(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .paragraph:
            return "<p>\(inline(node.children))</p>"
        case .heading(let level):
            return headingHTML(node, level: level)
        case .blockQuote:
            return "<blockquote>\n\(renderBlocks(node.children))\n</blockquote>"
        case .list(let ordered, let start, let tight):
            let items = node.children.map { item -> String in
                var body = renderBlocks(item.children, tight: tight)
                if case .item(let checked?) = item.kind {
                    let box =
                        "<input type=\"checkbox\" disabled\(checked ? " checked" : "") aria-label=\"\(checked ? "done" : "to do")\"> "
                    body = box + body
                    return "<li class=\"task\">\(body)</li>"
                }
                return "<li>\(body)</li>"
            }.joined(separator: "\n")
            if ordered {
                return "<ol\(start != 1 ? " start=\"\(start)\"" : "")>\n\(items)\n</ol>"
            }
            return "<ul>\n\(items)\n</ul>"
        case .codeBlock(let info, _):
            return codeBlockHTML(node, info: info)
        case .htmlBlock:
            return node.literal.trimmingCharacters(in: .newlines)
        case .thematicBreak:
            return "<hr>"
        case .table(let alignments):
            return tableHTML(node, alignments: alignments)
        default:
            return inline([node])
        }
    }

    private mutating func headingHTML(_ node: MarkdownNode, level: Int) -> String {
        let title = node.plainText.trimmingCharacters(in: .whitespaces)
        let anchor = anchors.anchor(forHeading: title)
        let html = inline(node.children)
        if foldDepth == 0 {
            output.headings.append((title, anchor, level))
            output.sections.append(
                Section(title: title, anchor: anchor, level: level, exercises: headingExercises[node.startLine] ?? []))
            sectionNames = []
            if level == 2 || level == 3 {
                let exercises = headingExercises[node.startLine] ?? []
                let marks = self.marks
                output.toc.append(
                    TOCEntry(
                        html: html, anchor: anchor, level: level, exercises: exercises,
                        mark: exercises.compactMap { marks[$0] }.first))
            }
        }
        let exercises = foldDepth == 0 ? headingExercises[node.startLine] ?? [] : []
        var sourceAnchor: String?
        if foldDepth == 0, let sourceHeadings {
            let number = output.headings.count - 1
            if number < sourceHeadings.count, sourceHeadings[number].level == level,
                sourceHeadings[number].anchor != anchor
            {
                sourceAnchor = sourceHeadings[number].anchor
                sourceAnchors.append((number, sourceHeadings[number].anchor))
            }
        }
        let context = HeadingContext(
            level: min(max(level, 1), 6), anchor: anchor, sourceAnchor: sourceAnchor, html: html,
            exercises: exercises.map { HeadingExercise(anchor: AnchorRegistry.exercise($0), mark: marks[$0]) })
        return templates.fragment(context, "heading")
    }

    private mutating func tableHTML(_ node: MarkdownNode, alignments: [MarkdownNode.TableAlignment]) -> String {
        var head: [String] = []
        var body: [String] = []
        for row in node.children {
            guard case .tableRow(let isHeader) = row.kind else { continue }
            let tag = isHeader ? "th" : "td"
            let cells = row.children.enumerated().map { column, cell -> String in
                let alignment = column < alignments.count ? alignments[column] : .none
                let attribute: String
                switch alignment {
                case .none: attribute = isHeader ? " scope=\"col\"" : ""
                case .left: attribute = (isHeader ? " scope=\"col\"" : "") + " class=\"align-left\""
                case .center: attribute = (isHeader ? " scope=\"col\"" : "") + " class=\"align-center\""
                case .right: attribute = (isHeader ? " scope=\"col\"" : "") + " class=\"align-right\""
                }
                return "<\(tag)\(attribute)>\(inline(cell.children))</\(tag)>"
            }.joined()
            (isHeader ? { head.append("<tr>\(cells)</tr>") } : { body.append("<tr>\(cells)</tr>") })()
        }
        var html = "<div class=\"table-wrap\"><table>\n"
        if !head.isEmpty { html += "<thead>\n\(head.joined(separator: "\n"))\n</thead>\n" }
        if !body.isEmpty { html += "<tbody>\n\(body.joined(separator: "\n"))\n</tbody>\n" }
        return html + "</table></div>"
    }

    // MARK: Code

    private mutating func codeBlockHTML(_ node: MarkdownNode, info: String) -> String {
        let fence = FenceInfo(info)
        let html: String
        if fence.language == "hint", let id = fence.value("id") {
            html = hintHTML(node, id: id)
        } else if fence.language == "swift",
            let role = fence.words.first.flatMap({ CodeBlock.Role(rawValue: $0.text) }),
            let id = fence.value("id")
        {
            html = role == .mutant ? mutantHTML(node, fence: fence, noteHTML: nil) : cardHTML(node, role: role, id: id)
        } else {
            // Code without a language inside a hint is the exercise's language: Swift.
            let language = fence.language.isEmpty && foldDepth > 0 ? "swift" : fence.language
            html = templates.fragment(code(node.literal, language: language), "code")
        }
        return withSolution(html, after: node, fence: fence)
    }

    /// In an instructor's build, the exercise's reference solution follows its last block, whatever that block is
    /// (a mutant whose note is the paragraph after it included).
    private mutating func withSolution(_ html: String, after node: MarkdownNode, fence: FenceInfo) -> String {
        guard let id = fence.value("id"), lastBlockLine[id] == node.startLine, let solution = solutions?[id],
            let exercise = exercises[id]
        else { return html }
        let context = SolutionContext(
            ofHTML: strings.html(
                "solutionOf", ["id": "<code>\(id.htmlEscaped)</code>", "path": exercise.solutionPath.htmlEscaped]),
            code: code(solution, language: "swift"))
        return html + "\n" + templates.fragment(context, "solution")
    }

    private mutating func code(_ text: String, language: String) -> CodeContext {
        let label: String
        let codeHTML: String
        if let highlighter = SyntaxHighlighter(fenceLanguage: language) {
            let tokens = highlighter.tokens(text)
            for token in tokens where foldDepth == 0 && (token.kind == .definition || token.kind == .call) {
                noteAPIName(token.text)
            }
            codeHTML = tokens.map { token in
                token.kind == .plain
                    ? token.text.htmlEscaped
                    : "<span class=\"hl-\(token.kind.rawValue)\">\(token.text.htmlEscaped)</span>"
            }.joined()
            label = strings.text(highlighter.language == .swift ? "languageSwift" : "languageObjc")
        } else {
            codeHTML = text.htmlEscaped
            label =
                Self.languageLabels[language.lowercased()].map { strings.text($0) }
                ?? (language.isEmpty ? strings.text("languageText") : language)
        }
        let cssLanguage = AnchorRegistry.slug(language.isEmpty ? "text" : language)
        return CodeContext(language: cssLanguage, label: label, codeHTML: codeHTML)
    }

    /// The strings that name a fence's language on its code block.
    static let languageLabels = [
        "objc": "languageObjc", "objective-c": "languageObjc", "sh": "languageShell", "shell": "languageShell",
        "bash": "languageShell", "console": "languageTerminal", "text": "languageText", "json": "languageJson",
        "yaml": "languageYaml", "markdown": "languageMarkdown", "md": "languageMarkdown", "ruby": "languageRuby",
        "diff": "languageDiff", "swift": "languageSwift",
    ]

    /// A kata command to type (`check hello-kata`), as it is shown on a card: `./kata check hello-kata`.
    private func command(_ arguments: String) -> String {
        "<code class=\"command\">\("\(strings.kata) \(arguments)".htmlEscaped)</code>"
    }

    private var strings: SiteStrings { templates.strings }

    private mutating func firstAnchor(for id: String) -> String? {
        anchored.insert(id).inserted ? AnchorRegistry.exercise(id) : nil
    }

    private mutating func cardHTML(_ node: MarkdownNode, role: CodeBlock.Role, id: String) -> String {
        let exercise = exercises[id]
        let name = role.rawValue.prefix(1).uppercased() + role.rawValue.dropFirst()
        let path = exercise?.learnerPath ?? "exercises/\(chapter.slug)/\(id).swift"
        let note = strings.html("note\(name)", ["path": path.htmlEscaped])
        let check = command("check \(id)")
        let noteHTML =
            role == .starter
            ? strings.html("cardStart", ["note": note, "start": command("next \(id)"), "command": check])
            : strings.html("cardCheck", ["note": note, "command": check])
        let title = exercise?.title ?? id
        let roleLabel = strings.text("role\(name)")
        let context = ExerciseCardContext(
            anchor: firstAnchor(for: id), role: role.rawValue, roleLabel: roleLabel,
            ariaLabel: strings.text("cardLabel", ["role": roleLabel, "title": title]), title: title, id: id,
            noteHTML: noteHTML, code: code(node.literal, language: "swift"))
        return templates.fragment(context, "exercise-card")
    }

    private mutating func mutantHTML(_ node: MarkdownNode, fence: FenceInfo, noteHTML: String?) -> String {
        let id = fence.value("id") ?? ""
        let name = fence.value("name") ?? "mutant"
        let note = noteHTML ?? "<p>\((fence.value("note") ?? "").htmlEscaped)</p>"
        let context = MutantContext(
            id: id, name: name, anchor: firstAnchor(for: id),
            ofHTML: strings.html("mutantOf", ["id": "<code class=\"card-id\">\(id.htmlEscaped)</code>"]),
            noteHTML: note, runHTML: strings.html("mutantRun", ["command": command("check \(id)")]),
            code: code(node.literal, language: "swift"))
        return templates.fragment(context, "mutant")
    }

    private mutating func hintHTML(_ node: MarkdownNode, id: String) -> String {
        let number = hintNumbers[id, default: 0] + 1
        hintNumbers[id] = number
        foldDepth += 1
        let body = renderBlocks(MarkdownParser.parse(node.literal).children)
        foldDepth -= 1
        let count = max(exercises[id]?.hints.count ?? number, number)
        let context = HintContext(
            summary: strings.text("hintSummary", ["number": "\(number)", "count": "\(count)"]),
            forHTML: strings.html("hintFor", ["id": "<code>\(id.htmlEscaped)</code>"]), anchor: firstAnchor(for: id),
            bodyHTML: body)
        return templates.fragment(context, "hint")
    }

    /// Objective-C next to Swift: the two are drawn side by side.
    private mutating func pairHTML(_ first: MarkdownNode, _ second: MarkdownNode) -> String? {
        guard case .codeBlock(let firstInfo, _) = first.kind, case .codeBlock(let secondInfo, _) = second.kind else {
            return nil
        }
        let languages = [FenceInfo(firstInfo), FenceInfo(secondInfo)]
        let names = Set(languages.map { SyntaxHighlighter(fenceLanguage: $0.language)?.language })
        guard names == [.swift, .objc], !languages.contains(where: { $0.words.first?.text == "mutant" }) else {
            return nil
        }
        let left = renderBlock(first)
        let right = renderBlock(second)
        return templates.fragment(PairContext(leftHTML: left, rightHTML: right), "pair")
    }

    // MARK: Inline

    private mutating func inline(_ nodes: [MarkdownNode]) -> String {
        var html = ""
        for (index, node) in nodes.enumerated() {
            switch node.kind {
            case .text: html += node.literal.htmlEscaped
            case .softBreak:
                let joined = MarkdownNode.softBreakJoinsWithoutSpace(
                    after: index > 0 ? nodes[index - 1] : nil, before: index + 1 < nodes.count ? nodes[index + 1] : nil)
                html += joined ? "" : "\n"
            case .lineBreak: html += "<br>\n"
            case .code:
                // `kata check hello-kata` in a chapter is shown as the reader types it (`./kata check hello-kata`).
                html += "<code>\(KataCommand.written(node.literal, as: strings.kata).htmlEscaped)</code>"
                noteInlineAPI(node.literal)
            case .emphasis: html += "<em>\(inline(node.children))</em>"
            case .strong: html += "<strong>\(inline(node.children))</strong>"
            case .strikethrough: html += "<del>\(inline(node.children))</del>"
            case .inlineHTML: html += node.literal
            case .link(let url, let title):
                let target = resolve(url, node: node, isImage: false)
                let titleAttribute = title.isEmpty ? "" : " title=\"\(title.htmlEscaped)\""
                let external = target.isExternal ? " rel=\"external noopener\"" : ""
                html +=
                    "<a href=\"\(target.href.htmlEscaped)\"\(titleAttribute)\(external)>\(inline(node.children))</a>"
            case .image(let url, let title):
                let target = resolve(url, node: node, isImage: true)
                let titleAttribute = title.isEmpty ? "" : " title=\"\(title.htmlEscaped)\""
                html +=
                    "<img src=\"\(target.href.htmlEscaped)\" alt=\"\(node.plainText.htmlEscaped)\"\(titleAttribute) loading=\"lazy\">"
            default: html += inline(node.children)
            }
        }
        return html
    }

    private mutating func resolve(_ url: String, node: MarkdownNode, isImage: Bool) -> SiteLinks.Target {
        let location = SourceLocation(file: chapter.path, line: node.startLine, column: node.startColumn)
        let target = links.resolve(url, from: chapter, page: page, at: location, isImage: isImage)
        if let reference = target.reference { output.references.append(reference) }
        if let file = target.file { output.files.append(file) }
        if let warning = target.warning { output.warnings.append(warning) }
        return target
    }

    // MARK: Search

    private mutating func noteAPIName(_ name: String) {
        guard foldDepth == 0, name.count > 1, !output.sections.isEmpty, sectionNames.insert(name).inserted else {
            return
        }
        output.sections[output.sections.count - 1].names.append(name)
    }

    /// The prose of a top-level block, for the search index (code is indexed by its names only).
    private mutating func noteText(_ node: MarkdownNode) {
        switch node.kind {
        case .paragraph, .list, .blockQuote, .table:
            guard !output.sections.isEmpty else { return }
            let text = SearchIndex.text(of: node)
            if !text.isEmpty { output.sections[output.sections.count - 1].text.append(text) }
        default: return
        }
    }

    /// `expect(_:)`, `beTrue()`, `OCMStub` in prose: the name before any parenthesis.
    private mutating func noteInlineAPI(_ code: String) {
        let name = code.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty, let first = name.first, !first.isNumber else { return }
        let rest = code.dropFirst(name.count)
        guard rest.isEmpty || rest.hasPrefix("(") || rest.hasPrefix(":") else { return }
        noteAPIName(String(name))
    }

    /// The heading each exercise is titled by (the nearest top-level heading above its first block, as for
    /// ``Exercise/title``), as heading line → exercise ids. Links to an exercise land on its title and prompt.
    static func exerciseHeadings(in document: MarkdownNode) -> [Int: [String]] {
        var result: [Int: [String]] = [:]
        var heading: Int?
        var seen: Set<String> = []
        for node in document.children {
            if case .heading = node.kind { heading = node.startLine }
            for block in codeBlocks(in: node) {
                guard case .codeBlock(let info, _) = block.kind else { continue }
                let fence = FenceInfo(info)
                guard fence.language == "swift",
                    fence.words.first.flatMap({ CodeBlock.Role(rawValue: $0.text) }) != nil,
                    let id = fence.value("id"), seen.insert(id).inserted, let heading
                else { continue }
                result[heading, default: []].append(id)
            }
        }
        return result
    }

    static func codeBlocks(in node: MarkdownNode) -> [MarkdownNode] {
        if case .codeBlock = node.kind { return [node] }
        return node.children.flatMap(codeBlocks(in:))
    }
}
