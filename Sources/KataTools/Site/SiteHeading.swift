/// A heading of a page of the site and its anchor: what pairs a translated chapter's headings with the
/// source's, so that the language switch opens the other edition where the reader is.
package struct SiteHeading: Sendable, Equatable {
    /// The heading's anchor on its page (`given-when-then`).
    package var anchor: String
    /// Its level, 1 to 6.
    package var level: Int

    /// Creates a heading.
    package init(anchor: String, level: Int) {
        self.anchor = anchor
        self.level = level
    }
}
