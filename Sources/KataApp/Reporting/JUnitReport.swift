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

    private func suite(_ result: CheckResult, exercise: Exercise) -> (
        xml: String, tests: Int, failures: Int, errors: Int
    ) {
        var cases: [String] = []
        var failures = 0
        var errors = 0
        var skipped = 0
        switch result.status {
        case .compileError:
            errors += 1
            let text =
                result.diagnostics.isEmpty
                ? (result.compilerOutput ?? "")
                : result.diagnostics.map {
                    "\(display($0.file)):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)"
                }.joined(separator: "\n")
            cases.append(
                testCase(
                    exercise.id, "compiles", time: 0,
                    body: "<error message=\"does not compile\">\(escape(text))</error>"))
        case .error where result.run == nil:
            errors += 1
            cases.append(
                testCase(
                    exercise.id, "runs", time: 0, body: "<error message=\"\(escape(result.message ?? "error"))\"/>"))
        default:
            break
        }
        for example in result.run?.examples ?? [] {
            let classname = ([exercise.id] + example.path.dropLast()).joined(separator: ".")
            var body = ""
            let message = example.failures.map { failure in
                (failure.file.map { "\(display($0)):\(failure.line ?? example.line): " } ?? "") + failure.message
            }.joined(separator: "\n")
            switch example.status {
            case .passed: break
            case .failed:
                failures += 1
                body =
                    "<failure message=\"\(escape(example.failures.first?.message ?? "failed"))\">\(escape(message))</failure>"
            case .crashed, .timedOut:
                errors += 1
                body =
                    "<error message=\"\(escape(example.failures.first?.message ?? example.status.rawValue))\">\(escape(message))</error>"
            case .pending:
                skipped += 1
                body = "<skipped message=\"pending (pending, xit, xdescribe, xcontext)\"/>"
            case .skipped:
                skipped += 1
                body = "<skipped message=\"left out by focus (fit, fdescribe, fcontext)\"/>"
            case .notRun:
                skipped += 1
                body = "<skipped message=\"not run: the time limit ran out before this example's turn\"/>"
            }
            if !example.output.isEmpty { body += "<system-out>\(escape(example.output))</system-out>" }
            cases.append(testCase(classname, example.path.last ?? example.name, time: example.duration, body: body))
        }
        for mutant in result.mutants {
            var body = ""
            if !mutant.caught {
                failures += 1
                body = "<failure message=\"mutant survived\">\(escape(mutant.note))</failure>"
            } else if let limit = mutant.timedOutAfter {
                body = "<system-out>\(escape(HumanCheckReport.timeoutCatch(mutant, limit: limit)))</system-out>"
            }
            cases.append(testCase("\(exercise.id).mutants", "catches \(mutant.name)", time: 0, body: body))
        }
        for requirement in result.shape?.requirements ?? [] {
            var body = ""
            if !requirement.met {
                failures += 1
                body = "<failure message=\"shape\">\(escape(requirement.found))</failure>"
            }
            cases.append(testCase("\(exercise.id).shape", "has \(requirement.asked)", time: 0, body: body))
        }
        let tests = cases.count
        var xml =
            "  <testsuite name=\"\(escape(exercise.id))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(seconds(result.duration))\">\n"
        xml += cases.joined()
        xml += "  </testsuite>\n"
        return (xml, tests, failures, errors)
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
