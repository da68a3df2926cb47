/// The part of a post's address made from its title: lowercase words joined by dashes.
func slug(for title: String) -> String {
    title.lowercased()
        .split { !$0.isLetter && !$0.isNumber }
        .joined(separator: "-")
}
