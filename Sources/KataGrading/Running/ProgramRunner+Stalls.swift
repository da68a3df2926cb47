import Foundation

extension ProgramRunner {
    /// How long before the deadline the program says where its running example is (KataSpec's `StallReporter`):
    /// long enough for the line to arrive, short enough that a slow example has had nearly all its time.
    static func stallNotice(timeout: Double) -> Double { min(0.5, timeout / 5) }

    /// The innermost line of the learner's file or the chapter that the stalled example was running, and its
    /// function; nil when no frame is in them (a wait inside the standard library or KataSpec, say).
    func stallPlace(_ binary: URL, base: UInt64, pc: UInt64, frames: [UInt64]) -> (
        place: SourcePlace, function: String
    )? {
        guard let symbolizer = launch.symbolizer else { return nil }
        for frame in symbolizer.frames(of: binary, base: base, interrupted: pc, addresses: frames) {
            guard let file = frame.file, let line = frame.line,
                let path = sourcePaths.first(where: { file == $0 || file.hasSuffix("/" + $0) })
            else { continue }
            return (SourcePlace(file: path, line: line), Self.functionName(frame.function))
        }
        return nil
    }

    /// The function a learner knows, of the name Swift gives a frame: `closure #1 in closure #2 in static
    /// LoopsSpec.spec()` was running in `LoopsSpec.spec()`.
    static func functionName(_ name: String) -> String {
        var name = name
        if let last = name.ranges(of: " in ").last { name = String(name[last.upperBound...]) }
        if name.hasPrefix("static ") { name = String(name.dropFirst("static ".count)) }
        return name
    }
}
