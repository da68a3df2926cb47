#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reporter for people: nested documentation format, marks, failures with locations, counts.
final class HumanReporter: Reporter {
    private let output: FileDescriptorOutput
    private let colour: Bool
    private var printedPath: [String] = []
    private var failed: [ExampleResult] = []

    /// Writes to `fd`, in colour only on a terminal and never with `NO_COLOR`.
    init(fd: Int32, colour: Bool? = nil) {
        output = FileDescriptorOutput(fd: fd)
        self.colour = colour ?? (isatty(fd) == 1 && getenv("NO_COLOR") == nil)
    }

    func runStarted(total: Int, seed: UInt64) {
        if seed != 0 { output.send("Randomized with seed \(seed)\n\n") }
    }

    func exampleStarted(index: Int, example: Example) {}

    func exampleFinished(_ result: ExampleResult) {
        guard result.status != .skipped else { return }
        fflush(nil)  // what the example printed comes before its mark
        let groups = Array(result.example.path.dropLast())
        let shared = zip(groups, printedPath).prefix { $0 == $1 }.count
        for depth in shared..<groups.count {
            output.send(String(repeating: "  ", count: depth) + groups[depth] + "\n")
        }
        printedPath = groups
        let indent = String(repeating: "  ", count: groups.count)
        let kiwi = result.example.group.face == .kiwi
        let line: String
        switch result.status {
        case .passed: line = paint("✓", 32) + " " + result.example.description + (kiwi ? " [PASSED]" : "")
        case .failed: line = paint("✗", 31) + " " + result.example.description + (kiwi ? " [FAILED]" : "")
        case .pending: line = paint("○", 33) + " " + result.example.description + (kiwi ? " [PENDING]" : " (pending)")
        case .skipped: return
        }
        output.send(indent + line + "\n")
        for failure in result.failures {
            output.send(indented("\(failure)", by: indent + "  ") + "\n")
        }
        if result.status == .failed { failed.append(result) }
    }

    func runFinished(_ summary: RunSummary) {
        if !failed.isEmpty {
            output.send("\nFailures:\n")
            for (number, result) in failed.enumerated() {
                output.send("\n  \(number + 1)) \(result.example.fullName)\n")
                for failure in result.failures {
                    output.send(indented("\(failure)", by: "     ") + "\n")
                }
            }
        }
        output.send("\n\(summary.closingLine)\n")
    }

    private func paint(_ text: String, _ code: Int) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func indented(_ text: String, by indent: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n")
    }
}
