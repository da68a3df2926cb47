import Foundation
import KataBasics
import KataGrading
import KataWorkbook

/// `results.json` in the Exercism test-runner interface, version 3, with kata's additions for specify
/// exercises (`mutants`, `score`) and the exercise's id, kind and file under `kata`.
package struct ExercismReport {
    let source: SourceText
    let display: (String) -> String

    package init(workspace: Workspace) {
        source = SourceText(root: workspace.workbook.root)
        display = { path in path.hasPrefix("/") ? path : workspace.display(workspace.workbook.url(path)) }
    }

    /// The JSON object for one result.
    package func object(_ result: CheckResult, exercise: Exercise, file: String) -> [String: Any] {
        var object: [String: Any] = ["version": 3]
        switch result.status {
        case .passed: object["status"] = "pass"
        case .failed: object["status"] = "fail"
        case .compileError, .error: object["status"] = "error"
        }
        if result.status == .compileError {
            object["message"] =
                result.diagnostics.isEmpty
                ? (result.compilerOutput ?? "")
                : result.diagnostics.map {
                    "\(display($0.file)):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)"
                }
                .joined(separator: "\n")
        } else if let message = result.message {
            object["message"] = message
        }
        let examples = result.run?.examples.filter { $0.status != .pending && $0.status != .skipped } ?? []
        object["tests"] = examples.map { example -> [String: Any] in
            var test: [String: Any] = [
                "name": example.name, "test_code": source.block(at: example.line, of: example.file) ?? "",
            ]
            switch example.status {
            case .passed: test["status"] = "pass"
            case .failed: test["status"] = "fail"
            case .notRun:
                test["status"] = "error"
                test["message"] = "not run: the time limit ran out before this example's turn"
            default: test["status"] = "error"
            }
            if !example.failures.isEmpty {
                test["message"] = example.failures.map { failure in
                    (failure.file.map { "\(display($0)):\(failure.line ?? example.line): " } ?? "") + failure.message
                }.joined(separator: "\n")
            }
            test["output"] =
                example.output.isEmpty ? NSNull() : Self.capped(example.output, cut: example.outputTruncated)
            return test
        }
        if exercise.kind == .specify {
            object["mutants"] = result.mutants.map { mutant -> [String: Any] in
                var entry: [String: Any] = [
                    "name": mutant.name, "note": mutant.note, "status": mutant.caught ? "caught" : "survived",
                    "caught_by": mutant.shownCaughtBy,
                ]
                // Caught only because an example ran out of time: a weak catch.
                if let limit = mutant.timedOutAfter { entry["timed_out_after"] = limit }
                return entry
            }
            object["score"] = ["caught": result.caughtCount, "total": exercise.mutants.count]
            if let shape = result.shape {
                object["shape"] = shape.requirements.map { ["asked": $0.asked, "found": $0.found, "met": $0.met] }
            }
        }
        var kata: [String: Any] = [
            "id": exercise.id, "kind": exercise.kind.rawValue, "file": file,
            "sandbox": (result.sandbox ?? .unconfined).rawValue,
            "duration": (result.duration * 1000).rounded() / 1000,
        ]
        if let stages = result.stages, !result.cached {
            kata["stages"] = [
                "build": (stages.build * 1000).rounded() / 1000, "screen": (stages.screen * 1000).rounded() / 1000,
                "run": (stages.run * 1000).rounded() / 1000,
            ]
        }
        if let run = result.run {
            // What ran and what did not: an example left out by focus, pending or not reached catches no mutant.
            kata["examples"] = [
                "ran": run.ran, "left_out_by_focus": run.leftOutByFocus, "pending": run.pending, "not_run": run.notRun,
            ]
        }
        object["kata"] = kata
        return object
    }

    /// The interface allows at most 500 characters of output per test; longer output is cut, and says so.
    static let outputLimit = 500

    static func capped(_ output: String, cut: Bool) -> String {
        let note = "\n[output cut; kata check shows more]"
        guard cut || output.count > outputLimit else { return output }
        return String(output.prefix(outputLimit - note.count)) + note
    }

    /// Pretty-printed JSON with sorted keys, ending in a newline; the controls JSON leaves as they are (C1, DEL, the
    /// direction overrides) written as JSON escapes, so that the same text reaches a reader and nothing reaches a
    /// terminal that shows the file.
    package static func text(_ value: Any) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self).jsonWithVisibleControls + "\n"
    }
}
