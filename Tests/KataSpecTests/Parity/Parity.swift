import Foundation
import Testing

@testable import KataSpec

/// One failure message a real framework documents, and the KataSpec code that should print it.
///
/// `source` names the framework file the message was copied from (its tests or its code), so a
/// reader can check the fact; the code is written for KataSpec and is not copied.
struct ParityCase {
    let source: String
    let expected: [String]
    let line: Int
    let body: () throws -> Void
}

/// A case: running `body` must record every message in `expected`, each exactly (Nimble's
/// `failsWithErrorMessage` rule: other failures may come along, these must be among them).
func parity(
    _ source: String, _ expected: String..., line: Int = #line, _ body: @escaping () throws -> Void
) -> ParityCase {
    ParityCase(source: source, expected: expected, line: line, body: body)
}

/// A case that only compares the first line of each message: the framework's text comes first and
/// KataSpec's extra help (recorded calls, stubs, the next step) follows on the lines below.
func parityFirstLine(
    _ source: String, _ expected: String..., line: Int = #line, _ body: @escaping () throws -> Void
) -> ParityCase {
    ParityCase(source: "first line: " + source, expected: expected, line: line, body: body)
}

/// Runs every case and reports each one that does not print its framework's text.
///
/// Returns the mismatches as readable lines, so a failing test shows them all at once.
func mismatches(_ cases: [ParityCase]) -> [String] {
    var result: [String] = []
    for item in cases {
        let actual = failures { try? item.body() }
        let firstLineOnly = item.source.hasPrefix("first line: ")
        let compared = firstLineOnly ? actual.map { String($0.prefix { $0 != "\n" }) } : actual
        for message in item.expected where !compared.contains(message) {
            result.append("\(item.source) (line \(item.line)): expected \"\(message)\", got \(actual)")
        }
    }
    return result
}

/// The share of cases that came out exactly, for the log: `94 of 94 messages exact`.
func paritySummary(_ name: String, _ cases: [ParityCase], _ misses: [String]) -> String {
    let total = cases.reduce(0) { $0 + $1.expected.count }
    return "\(name): \(total - misses.count) of \(total) messages exact"
}
