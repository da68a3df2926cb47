// On Linux only: kata builds this harness against swift-corelibs-xctest (`XCTestCase(name:testClosure:)`, the
// observation API without XCTMain). On macOS XCTest finds tests through the Objective-C runtime and lives in the
// platform's frameworks, and kata says it does not check XCTest exercises there (docs/FORMAT.md, "Engines").
#if !canImport(Darwin)
    import Foundation
    import KataHarness
    import XCTest

    /// Runs a program's XCTest test cases with the toolchain's own XCTest, and hands kata what happens as records in
    /// Swift Testing's event-stream schema (the same decoder reads both), with the run's secret.
    ///
    /// XCTest on Linux finds no tests by itself: kata lists each test class's `test…` methods (the generated entry point
    /// passes them here through ``test(_:)-(_)``, which wraps an `async` method as `asyncTest` does). Failures, their
    /// places and their wording come from XCTest's own observation API. `KATA_SKIP_TESTS` and `KATA_ONLY_TESTS` (test
    /// IDs, `Class/testMethod`, one per line) choose which run.
    public enum XCTestHarness {
        /// One test method, where its declaration is.
        public struct Method {
            var name: String
            var body: XCTestCaseClosure
            var file: String
            var line: Int

            public init(_ name: String, _ body: @escaping XCTestCaseClosure, file: String, line: Int) {
                self.name = name
                self.body = body
                self.file = file
                self.line = line
            }
        }

        /// One test class and its methods.
        public struct Case {
            var type: XCTestCase.Type
            var methods: [Method]

            public init(_ type: XCTestCase.Type, _ methods: [Method]) {
                self.type = type
                self.methods = methods
            }
        }

        /// Runs the test cases and exits: 0 when they passed, 1 otherwise.
        public static func main(_ cases: [Case]) -> Never {
            let environment = ProcessInfo.processInfo.environment
            let channel = HarnessChannel(environment: environment)
            HarnessOutput.capture(environment: environment)
            let ids = { (name: String) in
                Set((environment[name] ?? "").split(separator: "\n").map(String.init).filter { !$0.isEmpty })
            }
            let only = ids("KATA_ONLY_TESTS")
            let skip = ids("KATA_SKIP_TESTS")
            let chosen = cases.map { testCase in
                Case(
                    testCase.type,
                    testCase.methods.filter { method in
                        let id = XCTestRecords.id(testCase.type, method.name)
                        return (only.isEmpty || only.contains(id)) && !skip.contains(id)
                    })
            }.filter { !$0.methods.isEmpty }
            let records = channel.map { XCTestRecords(channel: $0, cases: chosen) }
            records?.announce()
            if let records { XCTestObservationCenter.shared.addTestObserver(XCTestObserver(records: records)) }
            // The suites XCTMain would make, without XCTMain: it names the run after the program's bundle, which it finds
            // through /proc, and the sandbox has none.
            let root = XCTestSuite(name: "All tests")
            for testCase in chosen { root.addTest(CaseSuite(testCase)) }
            root.run()
            records?.runEnded()
            fflush(nil)
            exit(root.testRun?.totalFailureCount == 0 ? 0 : 1)
        }

        /// The suite of one test class, as XCTest makes it: the class's own `setUp()` and `tearDown()` around its tests.
        final class CaseSuite: XCTestSuite {
            let testCaseClass: XCTestCase.Type

            init(_ testCase: Case) {
                testCaseClass = testCase.type
                super.init(name: String(describing: testCase.type))
                for method in testCase.methods {
                    addTest(testCase.type.init(name: method.name, testClosure: method.body))
                }
            }

            override func setUp() {
                testCaseClass.setUp()
            }

            override func tearDown() {
                testCaseClass.tearDown()
            }
        }

        /// A synchronous test method, as XCTest runs it.
        public static func test<T: XCTestCase>(_ method: @escaping (T) -> () throws -> Void) -> XCTestCaseClosure {
            { testCase in try method(testCase as! T)() }
        }

        /// An `async` test method, run as `asyncTest` runs it. A synchronous method picks the other overload.
        public static func test<T: XCTestCase>(_ method: @escaping (T) -> () async throws -> Void) -> XCTestCaseClosure
        {
            let wrapped: (T) -> () throws -> Void = asyncTest(method)
            return { testCase in try wrapped(testCase as! T)() }
        }
    }
#endif
