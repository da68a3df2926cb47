#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lines of a Markdown text, cut where cmark-gfm cuts them: at "\n", at "\r\n" and at a lone "\r", so that a
/// line number here is the line number cmark gives its nodes.
package enum MarkdownLines {
    /// The byte range of each line, line breaks left out. A text that ends with a line break has no empty last line.
    package static func ranges(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [0..<0] }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(bytes.count / 32)
        // Most texts have no carriage return: then `memchr` finds each line break, many bytes at a time.
        if memchr(base, Int32(carriageReturn), bytes.count) == nil {
            var start = 0
            while start < bytes.count, let found = memchr(base + start, Int32(newline), bytes.count - start) {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                ranges.append(start..<end)
                start = end + 1
            }
            if start < bytes.count { ranges.append(start..<bytes.count) }
            return ranges
        }
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == newline || byte == carriageReturn {
                ranges.append(start..<index)
                index += byte == carriageReturn && index + 1 < bytes.count && bytes[index + 1] == newline ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
}
