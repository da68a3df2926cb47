/// An upper bound on the bytes cmark-gfm 0.29 copies for links that use a link reference definition: it copies the
/// definition's destination and title into every link (`[label]`, `[text][label]`, `[label][]`, `![label]`), and
/// kata copies them again, so a long definition used thousands of times asks for gigabytes.
///
/// Every label a link may look up is a pair of brackets with no other bracket between them, so each such pair in the
/// text counts as a use (in code and anywhere else), of the definitions whose label has its key (see ``LinkLabel``);
/// a pair without a key, and a definition without one, may match any.
package struct LinkReferences {
    /// The uses of each key, and of labels without one.
    private var uses: [UInt64: Int] = [:]
    private var usesOfAny = 0

    /// What the definitions of a text (see ``ReferenceDefinitions``) may copy.
    package struct Copies {
        /// The bytes copied in all, at most.
        var total = 0
        /// The definition that copies most, and how many links may use it.
        var worst: (definition: ReferenceDefinitions.Definition, uses: Int)?
    }

    /// The problem, if the text's definitions copy more than `limits` lets them.
    static func problem(
        _ bytes: UnsafeBufferPointer<UInt8>, _ lines: [Range<Int>], _ limits: MarkdownLimits
    ) -> MarkdownLimits.Problem? {
        let copies = copies(bytes, lines)
        guard copies.total > limits.referenceCopies, let (worst, uses) = copies.worst else { return nil }
        return MarkdownLimits.Problem(
            line: worst.line,
            message: "this link reference definition is \(worst.bytes) bytes long (its destination and title), and "
                + "the file has \(uses) bracketed labels that may refer to it ('[label]', '[text][label]', "
                + "'[label][]' or '![label]', in any case); cmark-gfm copies a definition into each link that uses "
                + "it, \(copies.total) bytes in this file, and kata reads files whose links copy up to "
                + "\(limits.referenceCopies). Shorten the destination and title, or write those links with their "
                + "destination: '[text](destination)'")
    }

    /// What the definitions of a text may copy into the links that use them.
    static func copies(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: [Range<Int>]) -> Copies {
        let definitions = ReferenceDefinitions.find(bytes, lines)
        guard !definitions.isEmpty else { return Copies() }
        var references = LinkReferences()
        references.count(bytes, lines)
        var longest: [UInt64: Int] = [:]
        var longestOfAny = 0
        for definition in definitions {
            if let key = definition.key {
                longest[key] = max(longest[key] ?? 0, definition.bytes)
            } else {
                longestOfAny = max(longestOfAny, definition.bytes)
            }
        }
        let longestOfAll = max(longestOfAny, longest.values.max() ?? 0)
        var copies = Copies(total: references.usesOfAny * longestOfAll)
        for (key, count) in references.uses {
            copies.total += count * max(longest[key] ?? 0, longestOfAny)
        }
        let allUses = references.uses.values.reduce(references.usesOfAny, +)
        for definition in definitions {
            let uses = definition.key.map { (references.uses[$0] ?? 0) + references.usesOfAny } ?? allUses
            if let worst = copies.worst, worst.definition.bytes * worst.uses >= definition.bytes * uses { continue }
            copies.worst = (definition, uses)
        }
        return copies
    }

    /// Counts the bracket pairs of a text, by key.
    private mutating func count(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: [Range<Int>]) {
        var label: LinkLabel?
        for line in lines {
            if InlineCost.isBlank(bytes, line) {
                label = nil
                continue
            }
            var index = line.lowerBound
            if label != nil {
                label?.addLineBreak()
                // What a container's prefix holds is not part of the label: leaving out too much only shortens it.
                index = ReferenceDefinitions.contentStart(bytes, line)
            }
            let end = line.upperBound
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), index + 1 < end, BlockStarts.isPunctuation(bytes[index + 1]) {
                    label?.addEscaped(bytes[index + 1])
                    index += 2
                } else {
                    if byte == UInt8(ascii: "[") {
                        label = LinkLabel()
                    } else if byte == UInt8(ascii: "]") {
                        if let used = label, used.hasText { add(used.key) }
                        label = nil
                    } else {
                        label?.add(byte)
                    }
                    index += 1
                }
                if label?.isTooLong == true { label = nil }
            }
        }
    }

    private mutating func add(_ key: LinkLabel.Key) {
        if let key {
            uses[key, default: 0] += 1
        } else {
            usesOfAny += 1
        }
    }
}
