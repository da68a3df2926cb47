// On Linux only: kata builds this harness against swift-corelibs-xctest (`XCTestCase(name:testClosure:)`, the
// observation API without XCTMain). On macOS XCTest finds tests through the Objective-C runtime and lives in the
// platform's frameworks, and kata says it does not check XCTest exercises there (docs/FORMAT.md, "Engines").
#if !canImport(Darwin)
    import Foundation
    import KataHarness
    import XCTest

    /// XCTest's run told in Swift Testing's event-stream schema (Documentation/ABI/JSON.md, version 6.3): a `test`
    /// record for each class (a suite) and method (a function), then `runStarted`, `testStarted`, `issueRecorded`,
    /// `testEnded` and `runEnded` events, each message in XCTest's own words.
    final class XCTestRecords: Sendable {
        private let channel: HarnessChannel
        private let places: [String: (file: String, line: Int)]
        private let suites: [(id: String, name: String, file: String, line: Int)]

        init(channel: HarnessChannel, cases: [XCTestHarness.Case]) {
            self.channel = channel
            var places: [String: (file: String, line: Int)] = [:]
            var suites: [(String, String, String, Int)] = []
            for testCase in cases {
                let first = testCase.methods.first
                suites.append(
                    (Self.className(testCase.type), Self.className(testCase.type), first?.file ?? "", first?.line ?? 0))
                for method in testCase.methods {
                    places[Self.id(testCase.type, method.name)] = (method.file, method.line)
                }
            }
            self.places = places
            self.suites = suites
        }

        /// The ID of a test method: `Class/testMethod`.
        static func id(_ type: XCTestCase.Type, _ method: String) -> String {
            "\(className(type))/\(method)"
        }

        static func className(_ type: XCTestCase.Type) -> String {
            String(describing: type)
        }

        /// Every test the run will have, before it starts.
        func announce() {
            for suite in suites {
                send([
                    "kind": "test",
                    "payload": [
                        "kind": "suite", "id": suite.id, "name": suite.name,
                        "sourceLocation": location(suite.file, suite.line),
                    ],
                ])
            }
            for (id, place) in places.sorted(by: { ($0.value.file, $0.value.line) < ($1.value.file, $1.value.line) }) {
                let name = String(id.split(separator: "/").last ?? "")
                send([
                    "kind": "test",
                    "payload": [
                        "kind": "function", "id": id, "name": name, "isParameterized": false,
                        "sourceLocation": location(place.file, place.line),
                    ],
                ])
            }
            event("runStarted", messages: [("default", "Test run started.")])
        }

        func started(_ testCase: XCTestCase) {
            event(
                "testStarted", testID: id(of: testCase),
                messages: [("default", "Test Case '\(testCase.name)' started.")])
        }

        func failed(_ testCase: XCTestCase, description: String, file: String?, line: Int) {
            var issue: [String: Any] = ["isKnown": false, "isFailure": true, "severity": "error"]
            let place = places[id(of: testCase)]
            // A thrown error has no place in XCTest on Linux (`<EXPR>:0`): it is the test method's.
            if let file, line > 0, file != "<EXPR>" {
                issue["sourceLocation"] = location(file, line)
            } else if let place {
                issue["sourceLocation"] = location(place.file, place.line)
            }
            event("issueRecorded", testID: id(of: testCase), messages: [("fail", description)], issue: issue)
        }

        func finished(_ testCase: XCTestCase) {
            // `throw XCTSkip(…)`: XCTest counts the test as succeeded and skipped; Swift Testing's stream says
            // skipped.
            if testCase.testRun?.hasBeenSkipped == true {
                event(
                    "testSkipped", testID: id(of: testCase),
                    messages: [("skip", "Test Case '\(testCase.name)' skipped (XCTSkip)")])
                return
            }
            let passed = testCase.testRun?.hasSucceeded ?? false
            let seconds = String(format: "%.3f", testCase.testRun?.totalDuration ?? 0)
            event(
                "testEnded", testID: id(of: testCase),
                messages: [
                    (
                        passed ? "pass" : "fail",
                        "Test Case '\(testCase.name)' \(passed ? "passed" : "failed") (\(seconds) seconds)"
                    )
                ])
        }

        func runEnded() {
            event("runEnded", messages: [("default", "Test run ended.")])
        }

        /// `Class.testMethod` (XCTest's name on Linux) as a test ID.
        private func id(of testCase: XCTestCase) -> String {
            "\(String(describing: type(of: testCase)))/\(testCase.name.split(separator: ".").last ?? "")"
        }

        private func location(_ file: String, _ line: Int) -> [String: Any] {
            ["filePath": file, "fileID": file, "line": line]
        }

        private func event(
            _ kind: String, testID: String? = nil, messages: [(String, String)], issue: [String: Any]? = nil
        ) {
            var payload: [String: Any] = [
                "kind": kind,
                "instant": [
                    "absolute": Date().timeIntervalSinceReferenceDate, "since1970": Date().timeIntervalSince1970,
                ],
                "messages": messages.map { ["symbol": $0.0, "text": $0.1] },
            ]
            if let testID { payload["testID"] = testID }
            if let issue { payload["issue"] = issue }
            send(["kind": "event", "payload": payload])
        }

        private func send(_ record: [String: Any]) {
            var record = record
            record["version"] = "6.3.0"
            guard let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) else { return }
            channel.send(record: data)
        }
    }

    /// Passes XCTest's observations to ``XCTestRecords``.
    final class XCTestObserver: NSObject, XCTestObservation {
        let records: XCTestRecords

        init(records: XCTestRecords) {
            self.records = records
        }

        func testCaseWillStart(_ testCase: XCTestCase) {
            records.started(testCase)
        }

        func testCase(
            _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
            atLine lineNumber: Int
        ) {
            records.failed(testCase, description: description, file: filePath, line: lineNumber)
        }

        func testCaseDidFinish(_ testCase: XCTestCase) {
            records.finished(testCase)
        }
    }
#endif
