import Foundation
import Testing

@testable import KataSpec

/// Every KataSpec test touches the library's global state (the world, the fakes' registry),
/// so they all run one after another inside this suite.
@Suite(.serialized) struct KataSpecTests {}

/// The messages of the failures `body` records, in order (Nimble's `gatherFailingExpectations`).
func failures(_ body: () throws -> Void) rethrows -> [String] {
    DoubleRegistry.shared.resetAll()
    defer { DoubleRegistry.shared.resetAll() }
    return try World.shared.gatherFailures(body).map(\.message)
}

/// Expects `body` to record exactly one failure with exactly `message`.
func expectFailure(
    _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void
) rethrows {
    let actual = try failures(body)
    #expect(actual == [message], sourceLocation: sourceLocation)
}

/// Expects `body` to record no failure.
func expectPass(sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void) rethrows {
    let actual = try failures(body)
    #expect(actual == [], sourceLocation: sourceLocation)
}

/// A spec class whose `spec()` runs whatever the test puts in `body`, one per face.
final class InlineQuickSpec: QuickSpec {
    nonisolated(unsafe) static var body: () -> Void = {}
    override class func spec() { body() }
}

/// The Kiwi twin of `InlineQuickSpec`.
final class InlineKiwiSpec: KiwiSpec {
    nonisolated(unsafe) static var body: () -> Void = {}
    override class func spec() { body() }
}

/// The Specta twin of `InlineQuickSpec`.
final class InlineSpectaSpec: SpectaSpec {
    nonisolated(unsafe) static var body: () -> Void = {}
    override class func spec() { body() }
}

/// The `AsyncSpec` twin: its body receives the class, whose `it` and hooks may `await` (`spec.it("…") { … }`),
/// since a closure written outside the class reaches the global DSL, where an example that awaits is refused.
final class InlineAsyncSpec: AsyncSpec {
    nonisolated(unsafe) static var body: (InlineAsyncSpec.Type) -> Void = { _ in }
    override class func spec() { body(self) }
}

/// Builds and runs an `AsyncSpec` written in `body`, and returns what was reported.
@discardableResult
func runAsync(_ body: @escaping (InlineAsyncSpec.Type) -> Void) -> RecordingReporter {
    let reporter = RecordingReporter()
    InlineAsyncSpec.body = body
    SpecRunner.run([InlineAsyncSpec.self], configuration: RunConfiguration(), reporter: reporter)
    return reporter
}

/// Keeps every event of a run.
final class RecordingReporter: Reporter {
    var total = 0
    var started: [String] = []
    var results: [ExampleResult] = []
    var summary: RunSummary?

    func runStarted(total: Int, seed: UInt64) { self.total = total }
    func exampleStarted(index: Int, example: Example) { started.append(example.fullName) }
    func exampleFinished(_ result: ExampleResult) { results.append(result) }
    func runFinished(_ summary: RunSummary) { self.summary = summary }

    /// `full name → status`, in run order.
    var statuses: [String] { results.map { "\($0.example.fullName): \($0.status.rawValue)" } }
    /// Every failure message, in run order.
    var messages: [String] { results.flatMap { $0.failures.map(\.message) } }
}

/// Builds and runs a spec written in `body` as a spec class of `face`, and returns what was reported.
@discardableResult
func run(
    as face: Face = .quick, configuration: RunConfiguration = RunConfiguration(), _ body: @escaping () -> Void
) -> RecordingReporter {
    let reporter = RecordingReporter()
    let spec: Spec.Type
    switch face {
    case .quick:
        InlineQuickSpec.body = body
        spec = InlineQuickSpec.self
    case .kiwi:
        InlineKiwiSpec.body = body
        spec = InlineKiwiSpec.self
    case .specta:
        InlineSpectaSpec.body = body
        spec = InlineSpectaSpec.self
    }
    SpecRunner.run([spec], configuration: configuration, reporter: reporter)
    return reporter
}

/// Runs a spec with the human reporter and returns what it printed.
func humanOutput(_ face: Face, _ body: @escaping () -> Void) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("kataspec-\(UUID().uuidString).txt").path
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    defer { unlink(path) }
    let reporter = HumanReporter(fd: fd, colour: false)
    switch face {
    case .quick: InlineQuickSpec.body = body
    case .kiwi: InlineKiwiSpec.body = body
    case .specta: InlineSpectaSpec.body = body
    }
    let spec: Spec.Type =
        face == .kiwi ? InlineKiwiSpec.self : face == .specta ? InlineSpectaSpec.self : InlineQuickSpec.self
    SpecRunner.run([spec], configuration: RunConfiguration(), reporter: reporter)
    close(fd)
    return try String(contentsOfFile: path, encoding: .utf8)
}

/// The last path component of a location's file, for comparing printed locations.
let thisFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

/// A value that closures on other queues may change (the tests are Swift 6 code).
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
