import Foundation

/// One record of a real test framework's run, as kata's harness passes it on: Swift Testing's event-stream schema
/// (swift-testing's Documentation/ABI/JSON.md, version 6.3, with the fields it writes when
/// `SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED` is set), which the XCTest harness writes too. Accepted only when the
/// line carries the run's secret.
enum FrameworkRecord: Equatable {
    /// A test function (suites are left out: a test's suites are in its ID).
    struct Test: Equatable {
        var id: String
        var name: String
        var file: String
        var line: Int
        var isParameterized: Bool
    }

    /// A problem a test recorded.
    struct Issue: Equatable {
        /// The framework's own words: the message, then its details and comments, one per line.
        var text: String
        var file: String?
        var line: Int?
        var column: Int?
        /// A failure: not a known issue (`withKnownIssue`), not a warning.
        var isFailure: Bool
        /// Inside `withKnownIssue`: expected, so it fails nothing.
        var isKnown: Bool
    }

    case test(Test)
    case suite(id: String, name: String)
    case runStarted
    case testStarted(id: String)
    /// A case of a parameterized test: its ID and its arguments as the framework shows them (`a → 2, b → 2`).
    case caseStarted(testID: String, caseID: String, arguments: String)
    case caseEnded(testID: String, caseID: String)
    /// An issue; `caseID` names the parameterized test's case it happened in.
    case issue(testID: String?, caseID: String?, Issue)
    case testEnded(id: String)
    /// A test that did not run (`.disabled`, `.enabled(if:)` false), and why, in the framework's words.
    case testSkipped(id: String, reason: String)
    case runEnded

    private struct Line: Decodable {
        var secret: String
        var record: Record
    }

    private struct Record: Decodable {
        var kind: String
        var payload: Payload
    }

    private struct Location: Decodable {
        var filePath: String?
        var line: Int?
        var column: Int?
    }

    private struct Message: Decodable {
        var symbol: String
        var text: String
    }

    private struct TestCase: Decodable {
        var id: String
        var displayName: String?
    }

    private struct EncodedIssue: Decodable {
        var isKnown: Bool?
        var isFailure: Bool?
        var severity: String?
        var sourceLocation: Location?
    }

    private struct Payload: Decodable {
        var kind: String
        var id: String?
        var name: String?
        var displayName: String?
        var sourceLocation: Location?
        var isParameterized: Bool?
        var testID: String?
        var messages: [Message]?
        var issue: EncodedIssue?
        var _testCase: TestCase?
        var _comments: [String]?
    }

    /// Parses a line; nil for anything malformed, without the secret, or of a kind kata does not use.
    init?(line: Substring, secret: String) {
        guard let decoded = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)), decoded.secret == secret
        else { return nil }
        let payload = decoded.record.payload
        switch (decoded.record.kind, payload.kind) {
        case ("test", "function"):
            guard let id = payload.id else { return nil }
            self = .test(
                Test(
                    id: id, name: payload.displayName ?? payload.name ?? id,
                    file: payload.sourceLocation?.filePath ?? "", line: payload.sourceLocation?.line ?? 0,
                    isParameterized: payload.isParameterized ?? false))
        case ("test", "suite"):
            guard let id = payload.id else { return nil }
            self = .suite(id: id, name: payload.displayName ?? payload.name ?? id)
        case ("event", "runStarted"):
            self = .runStarted
        case ("event", "testStarted"):
            guard let id = payload.testID else { return nil }
            self = .testStarted(id: id)
        case ("event", "testCaseStarted"):
            guard let id = payload.testID, let testCase = payload._testCase else { return nil }
            self = .caseStarted(
                testID: id, caseID: testCase.id,
                arguments: Self.arguments(in: payload.messages?.first?.text) ?? testCase.displayName ?? "")
        case ("event", "testCaseEnded"):
            guard let id = payload.testID, let testCase = payload._testCase else { return nil }
            self = .caseEnded(testID: id, caseID: testCase.id)
        case ("event", "issueRecorded"):
            let issue = payload.issue
            let messages = (payload.messages ?? []).filter { $0.symbol != "default" }.map(\.text)
            let isKnown = issue?.isKnown ?? false
            self = .issue(
                testID: payload.testID, caseID: payload._testCase?.id,
                Issue(
                    text: messages.joined(separator: "\n"), file: issue?.sourceLocation?.filePath,
                    line: issue?.sourceLocation?.line, column: issue?.sourceLocation?.column,
                    isFailure: issue?.isFailure ?? (!isKnown && issue?.severity != "warning"), isKnown: isKnown))
        case ("event", "testEnded"):
            guard let id = payload.testID else { return nil }
            self = .testEnded(id: id)
        case ("event", "testSkipped"):
            guard let id = payload.testID else { return nil }
            self = .testSkipped(id: id, reason: payload.messages?.first?.text ?? "")
        case ("event", "runEnded"):
            self = .runEnded
        default:
            return nil
        }
    }

    /// `a → 2, b → 2` from "Test case passing 2 arguments a → 2, b → 2 to pairs(a:b:) started.": the arguments as
    /// Swift Testing's console shows them, with their parameters' names. The test's name ends the text, a function's
    /// name or a display name in quotes, and either may hold " to " ("adds to the total", an argument "go to bed"): the
    /// arguments end at the first " to " that only the test's name follows.
    static func arguments(in message: String?) -> String? {
        guard let message, let start = message.range(of: " argument") else { return nil }
        let suffix = " started."
        let end =
            message.hasSuffix(suffix) ? message.index(message.endIndex, offsetBy: -suffix.count) : message.endIndex
        guard start.upperBound <= end else { return nil }
        let body = message[start.upperBound..<end]
        var from = body.startIndex
        while let to = body.range(of: " to ", range: from..<body.endIndex) {
            if isTestName(body[to.upperBound...]) {
                var text = body[..<to.lowerBound]
                if text.hasPrefix("s") { text = text.dropFirst() }
                return text.trimmingCharacters(in: .whitespaces)
            }
            from = body.index(after: to.lowerBound)
        }
        return nil
    }

    /// A test's name as Swift Testing's messages write it: `"a display name"`, or `pairs(a:b:)`.
    private static func isTestName(_ text: Substring) -> Bool {
        if text.count >= 2, text.first == "\"", text.last == "\"" { return true }
        return !text.isEmpty && !text.contains(" ") && !text.contains("\"")
    }

    /// The record with the places it names in generated files moved to where their lines come from.
    func placed(by origins: [String: (path: String, offset: Int)]) -> FrameworkRecord {
        func move(_ file: String?, _ line: Int?) -> (String?, Int?) {
            guard let file, let line, let origin = origins[(file as NSString).lastPathComponent] else {
                return (file, line)
            }
            return (origin.path, line + origin.offset)
        }
        switch self {
        case .test(var test):
            let (file, line) = move(test.file, test.line)
            test.file = file ?? test.file
            test.line = line ?? test.line
            return .test(test)
        case .issue(let testID, let caseID, var issue):
            (issue.file, issue.line) = move(issue.file, issue.line)
            return .issue(testID: testID, caseID: caseID, issue)
        default:
            return self
        }
    }
}
