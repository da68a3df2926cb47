/// Where the compiler was when kata stopped it, read from the stack dump it prints on SIGQUIT.
///
/// The dump lists what the compiler was doing, outermost first (`3.  While type-checking statement at
/// [learner.swift:12:5 - line:12:40]`, `5.  With parser at source location: main.swift:41:1`). The file is the one
/// kata wrote; the line is the one its `#sourceLocation` gives, so the line of the learner's file or the chapter.
enum StackDumpPlace {
    /// How much of one entry is read: a place comes early in it, and an entry can be megabytes long (the mangled name
    /// of a function whose type nests tuples 16,000 deep).
    static let entryPrefix = 2_000

    /// The innermost place in `output`'s stack dump: the file's name as the compiler printed it (its last path
    /// component) and the line; nil when the dump names none (the compiler was past the source, generating code).
    static func find(in output: String) -> (file: String, line: Int)? {
        guard let dump = output.range(of: "Stack dump:\n") else { return nil }
        var found: (file: String, line: Int)?
        for entry in output[dump.upperBound...].split(separator: "\n") {
            // The entries are numbered ("12.\t"); the backtrace after them starts with spaces or "#".
            guard let dot = entry.prefix(8).firstIndex(of: "."), !entry[..<dot].isEmpty,
                entry[..<dot].allSatisfy(\.isNumber)
            else { continue }
            if let place = lastPlace(in: Array(entry.utf8.prefix(entryPrefix))) { found = place }
        }
        return found
    }

    /// The last `name.swift:line:column` in `bytes`, read in one pass.
    private static func lastPlace(in bytes: [UInt8]) -> (file: String, line: Int)? {
        let suffix = Array(".swift:".utf8)
        let stops = Set(" \t[(\":@/'=".utf8)
        var found: (file: String, line: Int)?
        var index = 0
        while index + suffix.count <= bytes.count {
            guard bytes[index..<(index + suffix.count)].elementsEqual(suffix) else {
                index += 1
                continue
            }
            var start = index
            while start > 0 && !stops.contains(bytes[start - 1]) { start -= 1 }
            var end = index + suffix.count
            var line = 0
            while end < bytes.count, let digit = digit(bytes[end]), line < 10_000_000 {
                line = line * 10 + digit
                end += 1
            }
            if start < index, end > index + suffix.count, end < bytes.count, bytes[end] == UInt8(ascii: ":") {
                found = (String(decoding: bytes[start..<(index + suffix.count - 1)], as: UTF8.self), line)
            }
            index = end
        }
        return found
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
