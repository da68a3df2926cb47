import Foundation
import KataSystem

/// Names the lines of a test program's return addresses with the toolchain's `llvm-symbolizer` (the program is
/// compiled with line tables, `-gline-tables-only`) and their functions with `swift-demangle`; both live beside
/// `swiftc`. Used once per run, when an example ran out of time (see ``ProgramRunner``).
package struct StackSymbolizer: Sendable {
    /// `llvm-symbolizer`.
    package var symbolizer: URL
    /// `swift-demangle`.
    var demangler: URL

    /// The symbolizer of the toolchain whose `swiftc` is given; nil when the toolchain has no `llvm-symbolizer`.
    package init?(swiftc: URL) {
        let folder = swiftc.resolvingSymlinksInPath().deletingLastPathComponent()
        symbolizer = folder.appendingPathComponent("llvm-symbolizer")
        demangler = folder.appendingPathComponent("swift-demangle")
        guard FileManager.default.isExecutableFile(atPath: symbolizer.path) else { return nil }
    }

    /// One frame: the function (as Swift names it, `countVowels(in:)`) and its place, when the line tables have one.
    package struct Frame: Equatable, Sendable {
        package var function: String
        package var file: String?
        package var line: Int?
    }

    /// The frames of `program` among `addresses` (the program loaded at `base`), innermost first; addresses outside
    /// the program (the standard library, KataSpec) are left out. Each is a return address, but for `interrupted`,
    /// the instruction the thread was at.
    package func frames(of program: URL, base: UInt64, interrupted: UInt64, addresses: [UInt64]) -> [Frame] {
        let size =
            ((try? FileManager.default.attributesOfItem(atPath: program.path))?[.size] as? NSNumber)?
            .uint64Value ?? 0
        // A return address is the instruction after the call: one byte back is the call's line.
        let offsets = addresses.compactMap { address -> UInt64? in
            guard address > base, address - base <= size else { return nil }
            return address == interrupted ? address - base : address - base - 1
        }
        var frames = symbolize(program, offsets)
        // Code the compiler adds (a release, a copy) has no line of its own: the line before it in the same function
        // is the last one the code reached.
        for index in frames.indices where frames[index]?.file != nil && frames[index]?.line == nil {
            guard let frame = frames[index] else { continue }
            let before = (1...Self.lookBack).compactMap { back in
                offsets[index] >= UInt64(back) ? offsets[index] - UInt64(back) : nil
            }
            let earlier = symbolize(program, before).compactMap { $0 }
                .first { $0.function == frame.function && $0.line != nil }
            frames[index]?.line = earlier?.line
        }
        let found = frames.compactMap { $0 }
        let names = demangled(found.map(\.function))
        return zip(found, names).map { frame, name in Frame(function: name, file: frame.file, line: frame.line) }
    }

    /// How many bytes before an address without a line are searched for one.
    static let lookBack = 256

    /// llvm-symbolizer's frame for each offset of `program`, in order; nil where it knows none.
    private func symbolize(_ program: URL, _ offsets: [UInt64]) -> [Frame?] {
        guard !offsets.isEmpty,
            let result = try? ExternalCommand(
                executable: symbolizer,
                arguments: ["--obj=\(program.path)", "--no-inlines", "--functions=linkage"]
                    + offsets.map { "0x" + String($0, radix: 16) }
            ).run(), result.status == 0
        else { return [] }
        let frames = Self.parse(result.output)
        return frames.count == offsets.count ? frames : []
    }

    /// llvm-symbolizer's answer: for each address, a function's line and a `file:line:column` line; nil for an
    /// address it knows nothing of.
    static func parse(_ output: String) -> [Frame?] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: true)
        var frames: [Frame?] = []
        var index = 0
        while index + 1 < lines.count {
            let function = String(lines[index])
            let place = lines[index + 1].split(separator: ":", omittingEmptySubsequences: false)
            index += 2
            guard function != "??" else {
                frames.append(nil)
                continue
            }
            let file = place.count >= 3 ? place.dropLast(2).joined(separator: ":") : nil
            let line = place.count >= 3 ? Int(place[place.count - 2]) : nil
            let known = file.flatMap { $0 == "??" || $0.hasSuffix("<compiler-generated>") ? nil : $0 }
            frames.append(Frame(function: function, file: known, line: line == 0 ? nil : line))
        }
        return frames
    }

    /// Swift's names for mangled ones (`$s8Exercise11countVowels2inSiSS_tF` is `countVowels(in:)`); others as they
    /// are.
    private func demangled(_ names: [String]) -> [String] {
        guard FileManager.default.isExecutableFile(atPath: demangler.path),
            let result = try? ExternalCommand(executable: demangler, arguments: ["--simplified", "--compact"] + names)
                .run(), result.status == 0
        else { return names }
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.count >= names.count ? Array(lines.prefix(names.count)) : names
    }
}
