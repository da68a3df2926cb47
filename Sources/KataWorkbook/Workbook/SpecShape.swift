import KataBasics

/// The structure a specify exercise asks the learner's spec to have, stated on its starter block:
/// ```swift starter id=tdd-atm-story contexts=3 examples-per-context=2
///
/// Mutants judge what a spec checks; a shape judges how it is organised, when the prompt asks for one
/// ("one `context` per When, one `it` per Then"). Each requirement is a minimum.
package struct SpecShape: Sendable, Equatable {
    /// At least this many examples that run (`examples=`).
    package var examples: Int?
    /// At least this many contexts: groups inside another group, holding examples (`contexts=`).
    package var contexts: Int?
    /// Every context that holds examples directly holds at least this many (`examples-per-context=`).
    package var examplesPerContext: Int?
    /// The shared example group of this name is included in at least two groups (`shared=`).
    package var shared: String?
    /// At least this many tests that run, a parameterized test's cases each counting (`tests=`; Swift Testing and
    /// XCTest).
    package var tests: Int?
    /// At least one parameterized test with this many cases (`arguments=`; Swift Testing).
    package var arguments: Int?

    /// The attribute keys, as an author writes them.
    package static let keys = ["examples", "contexts", "examples-per-context", "shared", "tests", "arguments"]

    /// The keys that take a positive whole number.
    static let countKeys: Set<String> = ["examples", "contexts", "examples-per-context", "tests", "arguments"]

    /// The keys each engine's tests can be held to: a spec tree's groups for KataSpec, tests and their cases for the
    /// real frameworks (XCTest has no parameterized tests).
    static func keys(for engine: TestEngine) -> [String] {
        switch engine {
        case .kataSpec: ["examples", "contexts", "examples-per-context", "shared"]
        case .swiftTesting: ["tests", "arguments"]
        case .xcTest: ["tests"]
        }
    }

    /// What each requirement asks, as a learner reads it (in `kata next` and in a check's report).
    package var examplesAsked: String? { examples.map { "at least \(plural($0, "example")) (`it`)" } }
    package var contextsAsked: String? {
        contexts.map { "at least \(plural($0, "context")) (groups inside your `describe`)" }
    }
    package var examplesPerContextAsked: String? {
        examplesPerContext.map { "at least \(plural($0, "example")) in each context" }
    }
    package var sharedAsked: String? {
        shared.map { "the shared examples \"\($0)\" in at least two groups (`itBehavesLike(\"\($0)\")`)" }
    }
    package var testsAsked: String? {
        tests.map {
            "at least \(plural($0, "test")) that \($0 == 1 ? "runs" : "run") (each argument of a parameterized test counts)"
        }
    }
    package var argumentsAsked: String? {
        arguments.map { "a parameterized test with at least \(plural($0, "argument"))" }
    }

    /// Every requirement, in the order a report lists them.
    package var asked: [String] {
        [examplesAsked, contextsAsked, examplesPerContextAsked, sharedAsked, testsAsked, argumentsAsked].compactMap {
            $0
        }
    }

    /// Reads the shape from a block's attributes; nil when it states none. Values are validated by the scanner.
    init?(_ info: FenceInfo) {
        func count(_ key: String) -> Int? { info.value(key).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } }
        examples = count("examples")
        contexts = count("contexts")
        examplesPerContext = count("examples-per-context")
        shared = info.value("shared").flatMap { $0.isEmpty ? nil : $0 }
        tests = count("tests")
        arguments = count("arguments")
        if examples == nil, contexts == nil, examplesPerContext == nil, shared == nil, tests == nil, arguments == nil {
            return nil
        }
    }
}
