/// The label of a link or of a link reference definition (`[Label]`), read byte by byte into the key cmark-gfm 0.29
/// compares labels by: case folded, spaces trimmed and each run of them made one.
///
/// Two labels cmark takes for the same always get the same key; two it tells apart may share one (a key is a hash,
/// and `\|` counts as `|`, since the table extension unescapes it in cells). A label with a byte outside ASCII, or
/// over more than one line, gets no key: Unicode case folding can match it to a label of other bytes (`ẞ` to `ss`),
/// and a line break may fall inside a block quote's or a list item's prefix, which cmark leaves out.
struct LinkLabel {
    /// What a label matches: labels of the same key, or (`nil`) possibly any label.
    package typealias Key = UInt64?

    /// cmark-gfm's longest label, in bytes.
    static let maximumLength = 1_000

    private var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    private var pendingSpace = false
    private(set) var isExact = true
    /// Whether the label holds anything but spaces (a blank label matches nothing).
    private(set) var hasText = false
    /// The label's bytes so far.
    private(set) var length = 0

    /// The key, once the label is read.
    var key: Key { isExact ? hash : nil }

    /// Whether the label is too long for cmark to look up.
    var isTooLong: Bool { length > Self.maximumLength }

    /// Adds one byte of the label.
    mutating func add(_ byte: UInt8) {
        length += 1
        if Self.isSpace(byte) {
            pendingSpace = hasText
            return
        }
        if byte == 0 || byte >= 0x80 { isExact = false }
        if pendingSpace {
            mix(0x20)
            pendingSpace = false
        }
        hasText = true
        mix(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
    }

    /// Adds a backslash and the punctuation it escapes, which cmark keeps in the label as they are.
    mutating func addEscaped(_ byte: UInt8) {
        if byte != UInt8(ascii: "|") { add(UInt8(ascii: "\\")) } else { length += 1 }
        add(byte)
    }

    /// Adds a line break: the label goes on on the next line, after whatever prefix that line has.
    mutating func addLineBreak() {
        isExact = false
        add(0x0A)
    }

    private mutating func mix(_ byte: UInt8) {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }

    /// A space as cmark's label normalisation sees one (vertical tab and form feed too, which only merges more).
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
