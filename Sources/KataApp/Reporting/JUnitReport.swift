import Foundation
import KataBasics
import KataGrading
import KataWorkbook

/// JUnit XML: one `<testsuite>` per exercise, one `<testcase>` per example (and per mutant).
package struct JUnitReport {
    let display: (String) -> String

    package init(workspace: Workspace) {
        display = { path in path.hasPrefix("/") ? path : workspace.display(workspace.workbook.url(path)) }
    }

    package func document(_ results: [(CheckResult, Exercise)]) -> String {
        let suites = results.map { suite($0.0, exercise: $0.1) }
        let tests = suites.map(\.tests).reduce(0, +)
        let failures = suites.map(\.failures).reduce(0, +)
        let errors = suites.map(\.errors).reduce(0, +)
        let time = results.map(\.0.duration).reduce(0, +)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"kata\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(time))\">\n"
        xml += suites.map(\.xml).joined()
        xml += "</testsuites>\n"
        return xml
    }

    /// One exercise's `<testsuite>`: a case for a compile or run error, then one per example, per mutant and per
    /// requirement of the spec's shape.
    private func suite(_ result: CheckResult, exercise: Exercise) -> (
        xml: String, tests: Int, failures: Int, errors: Int
    ) {
        var cases = Cases()
        if let problem = problemCase(result, exercise: exercise) { cases.add(problem) }
        for example in result.run?.examples ?? [] { cases.add(exampleCase(example, exercise: exercise)) }
        for mutant in result.mutants { cases.add(mutantCase(mutant, exercise: exercise)) }
        for requirement in result.shape?.requirements ?? [] {
            cases.add(requirementCase(requirement, exercise: exercise))
        }
        let tests = cases.xml.count
        var xml =
            "  <testsuite name=\"\(escape(exercise.id))\" tests=\"\(tests)\" failures=\"\(cases.failures)\" errors=\"\(cases.errors)\" skipped=\"\(cases.skipped)\" time=\"\(seconds(result.duration))\">\n"
        xml += cases.xml.joined()
        xml += "  </testsuite>\n"
        return (xml, tests, cases.failures, cases.errors)
    }

    /// How a test case ended, as the suite counts it.
    private enum Outcome {
        case passed, failed, error, skipped
    }

    /// A suite's test cases, and how many of them failed, erred or were skipped.
    private struct Cases {
        var xml: [String] = []
        var failures = 0
        var errors = 0
        var skipped = 0

        mutating func add(_ testCase: (xml: String, outcome: Outcome)) {
            xml.append(testCase.xml)
            switch testCase.outcome {
            case .passed: break
            case .failed: failures += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            }
        }
    }

    /// The case for a file that did not compile, or a run that went wrong before any example; nil otherwise.
    private func problemCase(_ result: CheckResult, exercise: Exercise) -> (xml: String, outcome: Outcome)? {
        switch result.status {
        case .compileError:
            let text =
                result.diagnostics.isEmpty
                ? (result.compilerOutput ?? "")
                : result.diagnostics.map {
                    "\(display($0.file)):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)"
                }.joined(separator: "\n")
            return (
                testCase(
                    exercise.id, "compiles", time: 0,
                    body: "<error message=\"does not compile\">\(escape(text))</error>"), .error
            )
        case .error where result.run == nil:
            return (
                testCase(
                    exercise.id, "runs", time: 0, body: "<error message=\"\(escape(result.message ?? "error"))\"/>"),
                .error
            )
        default:
            return nil
        }
    }

    /// The case for one example: its failures, or why it was skipped, and what it printed.
    private func exampleCase(_ example: ExampleOutcome, exercise: Exercise) -> (xml: String, outcome: Outcome) {
        let classname = ([exercise.id] + example.path.dropLast()).joined(separator: ".")
        var body = ""
        var outcome = Outcome.passed
        let message = example.failures.map { failure in
            (failure.file.map { "\(display($0)):\(failure.line ?? example.line): " } ?? "") + failure.message
        }.joined(separator: "\n")
        switch example.status {
        case .passed: break
        case .failed:
            outcome = .failed
            body =
                "<failure message=\"\(escape(example.failures.first?.message ?? "failed"))\">\(escape(message))</failure>"
        case .crashed, .timedOut:
            outcome = .error
            body =
                "<error message=\"\(escape(example.failures.first?.message ?? example.status.rawValue))\">\(escape(message))</error>"
        case .pending:
            outcome = .skipped
            body = "<skipped message=\"pending (pending, xit, xdescribe, xcontext)\"/>"
        case .skipped:
            outcome = .skipped
            body = "<skipped message=\"left out by focus (fit, fdescribe, fcontext)\"/>"
        case .notRun:
            outcome = .skipped
            body = "<skipped message=\"not run: the time limit ran out before this example's turn\"/>"
        }
        if !example.output.isEmpty { body += "<system-out>\(escape(example.output))</system-out>" }
        return (testCase(classname, example.path.last ?? example.name, time: example.duration, body: body), outcome)
    }

    /// The case for one mutant: a failure when it survived.
    private func mutantCase(_ mutant: CheckResult.MutantResult, exercise: Exercise) -> (xml: String, outcome: Outcome) {
        var body = ""
        if !mutant.caught {
            body = "<failure message=\"mutant survived\">\(escape(mutant.note))</failure>"
        } else if let limit = mutant.timedOutAfter {
            body = "<system-out>\(escape(HumanCheckReport.timeoutCatch(mutant, limit: limit)))</system-out>"
        }
        return (
            testCase("\(exercise.id).mutants", "catches \(mutant.name)", time: 0, body: body),
            mutant.caught ? .passed : .failed
        )
    }

    /// The case for one requirement of the spec's shape: a failure when it is not met.
    private func requirementCase(_ requirement: ShapeCheck.Requirement, exercise: Exercise) -> (
        xml: String, outcome: Outcome
    ) {
        let body = requirement.met ? "" : "<failure message=\"shape\">\(escape(requirement.found))</failure>"
        return (
            testCase("\(exercise.id).shape", "has \(requirement.asked)", time: 0, body: body),
            requirement.met ? .passed : .failed
        )
    }

    private func testCase(_ classname: String, _ name: String, time: Double, body: String) -> String {
        let open = "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(name))\" time=\"\(seconds(time))\""
        return body.isEmpty ? open + "/>\n" : open + ">" + body + "</testcase>\n"
    }

    private func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// XML-escapes text and drops characters XML 1.0 cannot hold.
    func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                // What XML forbids, and what a terminal would obey (C1 controls, DEL, direction overrides), shown as
                // a Swift escape (`\u{1B}`), as everywhere else kata prints a learner's text.
                if (0xFFFE...0xFFFF).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result += String(scalar).withVisibleControls
                }
            }
        }
        return result
    }
}
