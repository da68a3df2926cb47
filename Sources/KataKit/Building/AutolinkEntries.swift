import Foundation

/// The libraries a Swift object file asks to be linked with (`-lswiftCore`, `-lFoundation`…), read from its
/// `.swift1_autolink_entries` section: what `swift-autolink-extract` prints, without starting it (it loads the
/// compiler's libraries, about 15 ms a link).
enum AutolinkEntries {
    static let sectionName = ".swift1_autolink_entries"

    /// The entries of `objects`, each once, in order; nil when one is not a 64-bit little-endian ELF file with the
    /// section (then `swift-autolink-extract` reads them).
    static func read(_ objects: [URL]) -> [String]? {
        var entries: [String] = []
        var seen: Set<String> = []
        for object in objects {
            guard let data = try? Data(contentsOf: object), let own = Self.entries(inELF: [UInt8](data)) else {
                return nil
            }
            for entry in own where seen.insert(entry).inserted { entries.append(entry) }
        }
        return entries
    }

    /// The section's NUL-separated strings.
    static func entries(inELF bytes: [UInt8]) -> [String]? {
        // ELF magic, 64-bit, little-endian.
        guard bytes.count > 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2, bytes[5] == 1 else {
            return nil
        }
        func integer(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset + size <= bytes.count else { return nil }
            var value = 0
            for index in (0..<size).reversed() { value = value << 8 | Int(bytes[offset + index]) }
            return value
        }
        guard let headers = integer(0x28, 8), let headerSize = integer(0x3A, 2), let count = integer(0x3C, 2),
            let namesIndex = integer(0x3E, 2), headerSize >= 40, namesIndex < count,
            let namesOffset = integer(headers + namesIndex * headerSize + 24, 8)
        else { return nil }
        let wanted = Array(sectionName.utf8)
        for index in 0..<count {
            let header = headers + index * headerSize
            guard let name = integer(header, 4), let offset = integer(header + 24, 8),
                let size = integer(header + 32, 8)
            else { return nil }
            let start = namesOffset + name
            guard start >= 0, start + wanted.count < bytes.count,
                Array(bytes[start..<start + wanted.count]) == wanted, bytes[start + wanted.count] == 0
            else { continue }
            guard offset >= 0, size >= 0, offset + size <= bytes.count else { return nil }
            return bytes[offset..<offset + size].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        }
        return nil
    }
}
