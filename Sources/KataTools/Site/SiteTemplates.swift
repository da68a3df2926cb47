import Foundation
import Mustache

/// The Mustache templates of the site, loaded once per build.
struct SiteTemplates {
    /// Every template the builder renders by name; each must be present.
    static let required = [
        "page", "index", "chapter", "sidebar", "sidebar-toc", "toc", "pager", "code", "exercise-card", "mutant", "hint",
        "solution",
        "pair", "heading", "book", "not-found",
    ]

    private let library: MustacheLibrary
    /// The interface's words, which every template reads as `{{t.key}}`.
    let strings: SiteStrings

    /// Loads every `*.mustache` file in the folder.
    init(folder: URL, strings: SiteStrings) throws(SiteError) {
        self.strings = strings
        var library = MustacheLibrary()
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .io(path: folder.path, reason: error.localizedDescription)
        }
        for name in names.sorted() where name.hasSuffix(".mustache") {
            let url = folder.appendingPathComponent(name)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw .io(path: url.path, reason: "not readable as UTF-8")
            }
            do {
                try library.register(text, named: String(name.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                throw .badTemplate(
                    file: url.path, line: error.context.lineNumber, column: error.context.columnNumber,
                    reason: "\(error.error)")
            } catch {
                throw .badTemplate(file: url.path, line: 1, column: 1, reason: "\(error)")
            }
        }
        for name in Self.required where library.getTemplate(named: name) == nil {
            throw .missingTemplate(name: name, folder: folder.path)
        }
        self.library = library
    }

    /// Renders a context with a template that ``init(folder:)`` checked is there.
    func render(_ context: Any, _ template: String) -> String {
        guard let html = library.render(Root(strings: strings, context: context), withTemplate: template) else {
            preconditionFailure("template \(template) was checked at load time")
        }
        return html
    }

    /// Renders a piece of a page, without the template's final line break, to be joined with others.
    func fragment(_ context: Any, _ template: String) -> String {
        var html = render(context, template)
        while html.hasSuffix("\n") { html.removeLast() }
        return html
    }

    /// The bottom of every template's context stack: `t` is the strings, anything else the context's own.
    private struct Root: MustacheParent {
        let strings: SiteStrings
        /// The context, cast once: a cast at every lookup costs more than the rest of the lookup.
        let context: (any MustacheParent)?

        init(strings: SiteStrings, context: Any) {
            self.strings = strings
            self.context = context as? any MustacheParent
        }

        func child(named key: String) -> Any? {
            key == "t" ? strings : context?.child(named: key)
        }
    }
}
