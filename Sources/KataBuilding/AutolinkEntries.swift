import Foundation
import KataBasics

/// The libraries a Swift object file asks to be linked with (`-lswiftCore`, `-lFoundation`…), read from its
/// `.swift1_autolink_entries` section: what `swift-autolink-extract` prints, without starting it (it loads the
/// compiler's libraries, about 15 ms a link).
package enum AutolinkEntries {
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

    /// Reads the entries of `objects` (``read(_:)``) and writes them to `file`, one a line, as `swift-autolink-extract`
    /// would: the entries, or nil when they could not be read or written (then the tool writes the file).
    static func write(_ objects: [URL], to file: URL) -> [String]? {
        guard let entries = read(objects),
            (try? Data(entries.map { $0 + "\n" }.joined().utf8).write(to: file)) != nil
        else { return nil }
        return entries
    }

    /// The section's NUL-separated strings.
    static func entries(inELF bytes: [UInt8]) -> [String]? {
        guard let section = ObjectFile(elf: bytes, symbols: nil, keeping: [sectionName])?.sections[sectionName] else {
            return nil
        }
        return section.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
