import Foundation
import KataBasics
import KataGrading

/// `kata verify --timings`: how long each check took and where the time went, so that an author sees which
/// exercise is slow and whether building or running it is.
package struct TimingTable {
    package let timings: [Verifier.Timing]

    package init(_ timings: [Verifier.Timing]) {
        self.timings = timings
    }

    package var text: String {
        var lines = [
            "Time per check, in seconds (a check's stages: build, screen, run; \"cached\": answered without building):",
            row("exercise", "check", "total", "build", "screen", "run"),
        ]
        var totals = CheckResult.Stages()
        for timing in timings where timing.exercise != nil {
            let stages = timing.stages ?? CheckResult.Stages()
            totals.build += stages.build
            totals.screen += stages.screen
            totals.run += stages.run
            lines.append(
                row(
                    timing.exercise ?? "", timing.what, seconds(timing.seconds),
                    timing.cached ? "cached" : seconds(stages.build), timing.cached ? "" : seconds(stages.screen),
                    timing.cached ? "" : seconds(stages.run)))
        }
        let examples = timings.filter { $0.exercise == nil }
        let exampleSeconds = examples.map(\.seconds).reduce(0, +)
        if !examples.isEmpty {
            lines.append(row("example blocks (\(examples.count))", "compile", seconds(exampleSeconds), "", "", ""))
        }
        let all = timings.map(\.seconds).reduce(0, +)
        lines.append(
            "In all: \(seconds(all)) s of checks (build \(seconds(totals.build)), screen \(seconds(totals.screen)), "
                + "run \(seconds(totals.run)), example blocks \(seconds(exampleSeconds))), several at once on "
                + "\(ProcessInfo.processInfo.activeProcessorCount) cores")
        return lines.joined(separator: "\n") + "\n"
    }

    private func row(_ exercise: String, _ check: String, _ columns: String...) -> String {
        let name = exercise.padding(toLength: max(30, exercise.count), withPad: " ", startingAt: 0)
        let kind = check.padding(toLength: 9, withPad: " ", startingAt: 0)
        return "  \(name) \(kind)" + columns.map { String(repeating: " ", count: max(0, 8 - $0.count)) + $0 }.joined()
    }

    private func seconds(_ value: Double) -> String { String(format: "%.2f", value) }
}
