import Foundation
import KataSystem

/// What the linker reads in a compiled object or shared library: its sections, and the symbols it defines.
///
/// Read directly from 64-bit little-endian ELF files (Linux); other formats (Mach-O on macOS) go through the
/// toolchain's `nm` (see ``ObjectFile/read(_:symbols:toolchain:)``).
package struct ObjectFile: Sendable {
    /// A symbol the file defines for other files to use.
    package struct Symbol: Sendable, Equatable {
        package var name: String
        /// A weak definition, which any other definition of the name replaces (linkonce code the compiler emits
        /// into every module that uses it).
        package var isWeak: Bool
        /// Visible outside the linked program, so that a shared library's references to the name can reach it.
        package var isExported: Bool
    }

    /// Every section's name, in order.
    package var sectionNames: [String]
    /// The symbols defined here (global and weak; local ones are the file's own).
    package var definedSymbols: [Symbol]
    /// The contents of each section, by name, for the sections asked for.
    var sections: [String: [UInt8]] = [:]

    /// Which symbols to read.
    package enum SymbolTable: Sendable {
        /// An object's: every symbol it defines.
        case object
        /// A shared library's: the symbols it exports.
        case dynamic
    }

    /// Reads `bytes`, an ELF file: the symbols of `symbols`'s table (none when nil) and the contents of
    /// `keeping`'s sections. Nil when it is not 64-bit little-endian ELF or is damaged.
    init?(elf bytes: [UInt8], symbols: SymbolTable? = .object, keeping: Set<String> = []) {
        guard bytes.count > 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2, bytes[5] == 1 else {
            return nil
        }
        let reader = Reader(bytes: bytes)
        guard let headers = reader.integer(0x28, 8), let headerSize = reader.integer(0x3A, 2), headerSize >= 64,
            var count = reader.integer(0x3C, 2), var namesIndex = reader.integer(0x3E, 2)
        else { return nil }
        // Extended numbering: past 0xFF00 sections the count and the names' index are in section 0's header.
        if count == 0 { count = reader.integer(headers + 32, 8) ?? 0 }
        if namesIndex == 0xFFFF { namesIndex = reader.integer(headers + 40, 4) ?? 0 }
        guard count > 0, namesIndex < count, headers >= 0, headers <= bytes.count,
            count <= (bytes.count - headers) / headerSize
        else { return nil }
        struct Section {
            var name: Int
            var type: Int
            var offset: Int
            var size: Int
            var link: Int
        }
        var sections: [Section] = []
        sections.reserveCapacity(count)
        for index in 0..<count {
            let header = headers + index * headerSize
            guard let name = reader.integer(header, 4), let type = reader.integer(header + 4, 4),
                let offset = reader.integer(header + 24, 8), let size = reader.integer(header + 32, 8),
                let link = reader.integer(header + 40, 4)
            else { return nil }
            sections.append(Section(name: name, type: type, offset: offset, size: size, link: link))
        }
        /// Whether a section's contents lie inside the file (a `.bss` section's need not: it has none).
        func inFile(_ section: Section) -> Bool {
            section.offset >= 0 && section.size >= 0 && section.offset <= bytes.count
                && section.size <= bytes.count - section.offset
        }
        let names = sections[namesIndex]
        guard inFile(names) else { return nil }
        sectionNames = sections.map { reader.string(at: names.offset + $0.name, limit: names.offset + names.size) }
        for (index, section) in sections.enumerated() where keeping.contains(sectionNames[index]) {
            guard let contents = reader.bytes(section.offset, section.size) else { return nil }
            self.sections[sectionNames[index]] = contents
        }
        // SHT_SYMTAB is 2, SHT_DYNSYM 11; entries are Elf64_Sym, 24 bytes.
        let wanted = symbols.map { $0 == .dynamic ? 11 : 2 }
        definedSymbols = []
        for table in sections where table.type == wanted {
            guard table.link < sections.count, inFile(table), inFile(sections[table.link]) else { return nil }
            let strings = sections[table.link]
            var entry = table.offset
            while entry + 24 <= table.offset + table.size {
                defer { entry += 24 }
                guard let name = reader.integer(entry, 4), let info = reader.integer(entry + 4, 1),
                    let other = reader.integer(entry + 5, 1), let sectionIndex = reader.integer(entry + 6, 2)
                else { return nil }
                // STB_GLOBAL 1, STB_WEAK 2, STB_GNU_UNIQUE 10; section 0 is an undefined symbol.
                let binding = info >> 4
                guard binding == 1 || binding == 2 || binding == 10, sectionIndex != 0 else { continue }
                // Visibility STV_DEFAULT 0 and STV_PROTECTED 3 are seen from outside the linked file.
                let visibility = other & 3
                definedSymbols.append(
                    Symbol(
                        name: reader.string(at: strings.offset + name, limit: strings.offset + strings.size),
                        isWeak: binding == 2, isExported: visibility == 0 || visibility == 3))
            }
        }
    }

    init(sectionNames: [String], definedSymbols: [Symbol]) {
        self.sectionNames = sectionNames
        self.definedSymbols = definedSymbols
    }

    /// The file at `url`, read directly when it is ELF, otherwise through `nm` from `toolchain`'s folder or the
    /// `PATH` (which tells no section names, and no visibility: every symbol counts as exported). Nil when it
    /// cannot be read.
    package static func read(_ url: URL, symbols: SymbolTable = .object, toolchain: Toolchain? = nil) -> ObjectFile? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        if let file = ObjectFile(elf: [UInt8](data), symbols: symbols) { return file }
        return listedByNM(url, toolchain: toolchain)
    }

    /// `nm -g --defined-only`: on Mach-O a Swift name carries one more leading underscore, taken off here.
    private static func listedByNM(_ url: URL, toolchain: Toolchain?) -> ObjectFile? {
        let beside = toolchain?.swiftc.resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates =
            [beside?.appendingPathComponent("llvm-nm"), beside?.appendingPathComponent("nm")]
            .compactMap { $0 } + [URL(fileURLWithPath: "/usr/bin/nm")]
        guard let nm = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }),
            let result = try? ExternalCommand(executable: nm, arguments: ["-g", "--defined-only", url.path]).run(),
            result.status == 0
        else { return nil }
        var symbols: [Symbol] = []
        for line in result.output.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count == 3, let kind = fields[1].first else { continue }
            var name = String(fields[2])
            #if canImport(Darwin)
                if name.hasPrefix("_") { name.removeFirst() }
            #endif
            symbols.append(Symbol(name: name, isWeak: kind == "W" || kind == "V", isExported: true))
        }
        return ObjectFile(sectionNames: [], definedSymbols: symbols)
    }

    /// Bounds-checked reads of little-endian integers and NUL-terminated strings.
    private struct Reader {
        let bytes: [UInt8]

        func integer(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, size <= 8, offset <= bytes.count - size else { return nil }
            var value = 0
            for index in (0..<size).reversed() { value = value << 8 | Int(bytes[offset + index]) }
            return value
        }

        func bytes(_ offset: Int, _ size: Int) -> [UInt8]? {
            guard offset >= 0, size >= 0, offset <= bytes.count - size else { return nil }
            return Array(bytes[offset..<offset + size])
        }

        func string(at start: Int, limit: Int) -> String {
            let end = min(limit, bytes.count)
            guard start >= 0, start < end else { return "" }
            var stop = start
            while stop < end, bytes[stop] != 0 { stop += 1 }
            return String(decoding: bytes[start..<stop], as: UTF8.self)
        }
    }
}
