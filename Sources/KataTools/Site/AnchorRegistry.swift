/// Hands out stable, unique fragment ids for one page.
///
/// A heading's id is its text in GitHub's style (lowercase, punctuation dropped, spaces as `-`),
/// so links written against the Markdown on a forge keep working; a repeat gets `-1`, `-2`, ….
/// Exercises use `exercise-<id>`, which stays the same when their heading is reworded.
struct AnchorRegistry {
    private(set) var used: Set<String> = []

    /// Reserves a fixed id, such as an exercise's.
    mutating func reserve(_ id: String) {
        used.insert(id)
    }

    /// A unique id for a heading's text.
    mutating func anchor(forHeading text: String) -> String {
        let base = Self.slug(text)
        var candidate = base
        var counter = 0
        while used.contains(candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        used.insert(candidate)
        return candidate
    }

    /// `Your first kata!` → `your-first-kata`.
    static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character == " " {
                slug.append("-")
            }
        }
        return slug.isEmpty ? "section" : slug
    }

    /// The fragment of an exercise: on its title heading (or its first block when no heading is above it).
    static func exercise(_ id: String) -> String { "exercise-\(id)" }
}
