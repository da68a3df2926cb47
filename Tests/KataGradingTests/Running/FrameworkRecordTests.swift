import Foundation
import Testing

@testable import KataGrading

/// Records as Swift Testing 6.3 writes them (`--event-stream-version 6.3`, with
/// `SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED`), backtraces and instants left out, passed on by kata's harness.
@Suite("A real framework's records")
struct FrameworkRecordTests {
    static let secret = "5f0c1e"
    static let testID = #"t.PairTests\/pairs(a:b:)\/t.swift:6:6"#
    static let caseID =
        "Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [49])], discriminator: 0, isStable: true"

    /// The line kata's harness writes for `record`.
    static func line(_ record: String, secret: String = secret) -> Substring {
        Substring(#"{"secret":"\#(secret)","record":\#(record)}"#)
    }

    static func record(_ record: String, secret: String = secret) -> FrameworkRecord? {
        FrameworkRecord(line: line(record, secret: secret), secret: Self.secret)
    }

    @Test("a test function, parameterized, with its display name and where it is declared")
    func test() {
        let record = Self.record(
            #"""
            {"kind":"test","payload":{"displayName":"sums","id":"\#(Self.testID)","isParameterized":true,"kind":"function","name":"pairs(a:b:)","sourceLocation":{"_filePath":"t.swift","column":6,"fileID":"t\/t.swift","filePath":"t.swift","line":6}},"version":"6.3.0"}
            """#)
        #expect(
            record
                == .test(
                    .init(
                        id: "t.PairTests/pairs(a:b:)/t.swift:6:6", name: "sums", file: "t.swift", line: 6,
                        isParameterized: true)))
        let plain = Self.record(
            #"{"kind":"test","payload":{"id":"t.known()","kind":"function","name":"known()"},"version":"6.3.0"}"#)
        #expect(
            plain == .test(.init(id: "t.known()", name: "known()", file: "", line: 0, isParameterized: false)),
            "without a display name the function's name is shown")
        let suite = Self.record(
            #"{"kind":"test","payload":{"displayName":"Pairs","id":"t.PairTests","kind":"suite","name":"PairTests"}}"#)
        #expect(suite == .suite(id: "t.PairTests", name: "Pairs"))
    }

    @Test("an issue: Swift Testing's message, then its comments, at the expectation's place, in its case")
    func issue() {
        let record = Self.record(
            #"""
            {"kind":"event","payload":{"_comments":["a comment"],"_testCase":{"displayName":"1, 2","id":"\#(Self.caseID)"},"issue":{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":{"_filePath":"t.swift","column":9,"fileID":"t\/t.swift","filePath":"t.swift","line":8}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (a + b → 3) == 4"},{"symbol":"details","text":"a comment"}],"testID":"\#(Self.testID)"},"version":"6.3.0"}
            """#)
        #expect(
            record
                == .issue(
                    testID: "t.PairTests/pairs(a:b:)/t.swift:6:6", caseID: Self.caseID,
                    .init(
                        text: "Expectation failed: (a + b → 3) == 4\na comment", file: "t.swift", line: 8, column: 9,
                        isFailure: true, isKnown: false)))
    }

    @Test("an issue inside withKnownIssue fails nothing; a warning neither; an issue of an older stream is a failure")
    func knownIssue() {
        let known = Self.record(
            #"""
            {"kind":"event","payload":{"issue":{"isFailure":false,"isKnown":true,"severity":"error"},"kind":"issueRecorded","messages":[{"symbol":"passWithKnownIssue","text":"Expectation failed: 1 == 2"}],"testID":"t.known()"}}
            """#)
        #expect(
            known
                == .issue(
                    testID: "t.known()", caseID: nil,
                    .init(
                        text: "Expectation failed: 1 == 2", file: nil, line: nil, column: nil, isFailure: false,
                        isKnown: true)))
        // Without `isFailure`, as before 6.3: whether it fails comes from `isKnown` and `severity`.
        let warning = Self.record(
            #"{"kind":"event","payload":{"issue":{"isKnown":false,"severity":"warning"},"kind":"issueRecorded","messages":[]}}"#
        )
        #expect(
            warning
                == .issue(
                    testID: nil, caseID: nil,
                    .init(text: "", file: nil, line: nil, column: nil, isFailure: false, isKnown: false)))
        let bare = Self.record(
            #"{"kind":"event","payload":{"issue":{},"kind":"issueRecorded","messages":[{"symbol":"default","text":"Issue recorded"},{"symbol":"fail","text":"boom"}]}}"#
        )
        #expect(
            bare
                == .issue(
                    testID: nil, caseID: nil,
                    .init(text: "boom", file: nil, line: nil, column: nil, isFailure: true, isKnown: false)),
            "the default message (`Issue recorded`) says nothing the others do not")
    }

    @Test("a parameterized test's case is named by its arguments, with their parameters' names")
    func caseStarted() {
        func started(_ message: String?) -> FrameworkRecord? {
            let messages = message.map { #","messages":[{"symbol":"default","text":"\#($0)"}]"# } ?? ""
            return Self.record(
                #"{"kind":"event","payload":{"_testCase":{"displayName":"1, 2","id":"c1"},"kind":"testCaseStarted"\#(messages),"testID":"t.pairs"}}"#
            )
        }
        #expect(
            started(#"Test case passing 2 arguments a → 1, b → 2 to \"sums\" started."#)
                == .caseStarted(testID: "t.pairs", caseID: "c1", arguments: "a → 1, b → 2"))
        #expect(
            started("Test case passing 1 argument age → 18 to adults(age:) started.")
                == .caseStarted(testID: "t.pairs", caseID: "c1", arguments: "age → 18"))
        // " to " inside the test's display name, or inside an argument, is not where the arguments end.
        #expect(
            started(#"Test case passing 1 argument n → 3 to \"adds to the total\" started."#)
                == .caseStarted(testID: "t.pairs", caseID: "c1", arguments: "n → 3"))
        #expect(
            started(#"Test case passing 1 argument task → \"go to bed\" to \"tasks\" started."#)
                == .caseStarted(testID: "t.pairs", caseID: "c1", arguments: #"task → "go to bed""#))
        // Text kata cannot read, or none: the case's display name (its arguments without their names).
        #expect(started("Case started.") == .caseStarted(testID: "t.pairs", caseID: "c1", arguments: "1, 2"))
        #expect(started(nil) == .caseStarted(testID: "t.pairs", caseID: "c1", arguments: "1, 2"))
        #expect(
            Self.record(
                #"{"kind":"event","payload":{"_testCase":{"id":"c1"},"kind":"testCaseEnded","testID":"t.pairs"}}"#)
                == .caseEnded(testID: "t.pairs", caseID: "c1"))
        #expect(
            Self.record(#"{"kind":"event","payload":{"kind":"testCaseStarted","testID":"t.pairs"}}"#) == nil,
            "a case without its case is no case")
    }

    @Test("a skipped test, with the framework's reason; the run's and each test's start and end")
    func skippedAndLifecycle() {
        let skipped = Self.record(
            #"""
            {"kind":"event","payload":{"_comments":["not yet"],"kind":"testSkipped","messages":[{"symbol":"skip","text":"Test \"later\" skipped: \"not yet\""}],"testID":"t.later()"},"version":"6.3.0"}
            """#)
        #expect(skipped == .testSkipped(id: "t.later()", reason: #"Test "later" skipped: "not yet""#))
        #expect(Self.record(#"{"kind":"event","payload":{"kind":"runStarted","messages":[]}}"#) == .runStarted)
        #expect(Self.record(#"{"kind":"event","payload":{"kind":"runEnded","messages":[]}}"#) == .runEnded)
        #expect(
            Self.record(#"{"kind":"event","payload":{"kind":"testStarted","testID":"t.later()"}}"#)
                == .testStarted(id: "t.later()"))
        #expect(
            Self.record(#"{"kind":"event","payload":{"kind":"testEnded","testID":"t.later()"}}"#)
                == .testEnded(id: "t.later()"))
        #expect(
            Self.record(#"{"kind":"event","payload":{"kind":"valueAttached","testID":"t.later()"}}"#) == nil,
            "kinds kata does not use are left out")
    }

    @Test("a line without the run's secret, or with another, or malformed, counts for nothing")
    func secret() {
        let passed = #"{"kind":"event","payload":{"kind":"runEnded","messages":[]}}"#
        #expect(Self.record(passed, secret: "") == nil)
        #expect(Self.record(passed, secret: "5f0c1f") == nil)
        #expect(FrameworkRecord(line: Substring(#"{"record":\#(passed)}"#), secret: Self.secret) == nil)
        #expect(FrameworkRecord(line: Self.line(passed).dropLast(), secret: Self.secret) == nil)
        #expect(Self.record(passed) == .runEnded)
    }

    @Test("places in kata's generated files move to the chapter's or the learner's lines they came from")
    func placed() {
        let origins = ["spec-1.swift": (path: "chapters/01-x.md", offset: 40)]
        let issue = FrameworkRecord.issue(
            testID: "t", caseID: nil,
            .init(text: "x", file: "/build/specs/spec-1.swift", line: 3, column: 1, isFailure: true, isKnown: false))
        guard case .issue(_, _, let moved) = issue.placed(by: origins) else {
            Issue.record("not an issue")
            return
        }
        #expect(moved.file == "chapters/01-x.md")
        #expect(moved.line == 43)
        let elsewhere = FrameworkRecord.test(
            .init(id: "t", name: "t", file: "exercises/x/y.swift", line: 7, isParameterized: false))
        #expect(elsewhere.placed(by: origins) == elsewhere, "the learner's file is already its own place")
    }
}
