import KataBasics

/// The hashes a translation records of the source it follows. Every translation hash goes through here, so
/// that the SHA-256 implementation behind it can be swapped in one place.
package enum SourceHash {
    /// The hex SHA-256 of a whole source chapter, as `source-sha256:` records it.
    package static func full(_ text: String) -> String {
        SHA256.hex(text)
    }

    /// A short hash of one section (8 hex digits): enough to notice a change, short enough to read.
    package static func section(_ text: String) -> String {
        String(full(text).prefix(8))
    }
}
