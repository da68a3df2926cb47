import Foundation

/// One chapter file: `chapters/NN-slug.md`.
package struct Chapter: Sendable {
    /// `NN` from the file name.
    package var number: Int
    /// `slug` from the file name; the chapter's id.
    package var slug: String
    /// The first `# ` heading.
    package var title: String
    /// The file, as shown to the user.
    package var path: String
    /// The file on disk.
    package var url: URL
    /// The chapter's Markdown source.
    package var source: String
    /// The parsed document.
    package var document: MarkdownNode
    /// Exercises, in document order.
    package var exercises: [Exercise]
    /// `swift` blocks with no role, which `kata verify` compiles.
    package var examples: [CodeBlock]

    /// A chapter made of its parts (the site builder makes its index and documents pages this way).
    package init(
        number: Int, slug: String, title: String, path: String, url: URL, source: String, document: MarkdownNode,
        exercises: [Exercise], examples: [CodeBlock]
    ) {
        self.number = number
        self.slug = slug
        self.title = title
        self.path = path
        self.url = url
        self.source = source
        self.document = document
        self.exercises = exercises
        self.examples = examples
    }
}
