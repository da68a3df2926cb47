import Foundation

/// The first failure or compile error of a check on one line, with the learner's paths, positions and
/// spacing taken out, so that the room can count how many learners hit the same one.
public enum FailureLine {
    /// Longest line kept.
    public static let limit = 200

    /// The line for `result`, or nil when it passed.
    public static func first(in result: CheckResult) -> String? {
        switch result.status {
        case .passed:
            return nil
        case .compileError:
            if let error = result.diagnostics.first(where: { $0.severity == .error }) ?? result.diagnostics.first {
                return normalize("compile error: " + error.message)
            }
            let line = result.compilerOutput?.split(separator: "\n").first { $0.contains("error:") }
            return normalize("compile error: " + (line.map { String($0) } ?? "the compiler failed"))
        case .failed:
            if let run = result.run, let example = run.examples.first(where: { $0.status.isFailure }) {
                switch example.status {
                case .crashed:
                    return normalize("\(example.name): crashed: \(example.failures.first?.message ?? "")")
                case .timedOut:
                    return normalize("\(example.name): did not finish in time")
                default:
                    return normalize("\(example.name): \(example.failures.first?.message ?? "failed")")
                }
            }
            if let survivor = result.mutants.first(where: { !$0.caught }) {
                return normalize("mutant '\(survivor.name)' survived: \(survivor.note)")
            }
            if result.run?.timedOutAfter != nil { return "did not finish in time" }
            return result.message.map(normalize) ?? "failed"
        case .error:
            return normalize(result.message ?? result.run?.problem ?? "could not be judged")
        }
    }

    /// One line: no `file:line:column:` prefixes, single spaces, at most ``limit`` characters.
    public static func normalize(_ text: String) -> String {
        var line = text.replacing(/[^\s:]+\.(swift|md):\d+(:\d+)?:?\s*/, with: "")
        line = line.replacing(/\s+/, with: " ").trimmingCharacters(in: .whitespaces)
        if line.count > limit { line = String(line.prefix(limit - 1)) + "…" }
        return line
    }
}
