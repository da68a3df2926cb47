import Foundation

/// The library's global state: the group stack while building, the running example while running.
///
/// Learner code may call into the library from any thread, so every access goes through one lock.
final class World: @unchecked Sendable {
    /// The phase decides what the DSL functions are allowed to do.
    enum Phase {
        case idle, building, running
    }

    static let shared = World()

    private let lock = NSRecursiveLock()
    private var phase = Phase.idle
    private var groupStack: [ExampleGroup] = []
    private var current: ExampleContext?

    /// Runs `body` with the lock held.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Building

    /// Builds the tree of one spec class by running its `spec()`.
    func build(_ spec: Spec.Type) -> ExampleGroup {
        let root = ExampleGroup(
            description: nil, location: SourceLocation(file: "\(spec)", line: 0), face: spec.face)
        root.specType = spec
        locked {
            phase = .building
            groupStack = [root]
        }
        // The runner is synchronous and, in a spec program, on the main thread: call the main-actor
        // method directly. (The library's own tests build trees off the main thread.)
        let declare: @MainActor () -> Void = spec.spec
        unsafeBitCast(declare, to: (() -> Void).self)()
        locked {
            phase = .idle
            groupStack = []
        }
        return root
    }

    /// The group that DSL calls add to, or `nil` outside the build phase.
    var currentGroup: ExampleGroup? { locked { phase == .building ? groupStack.last : nil } }

    var currentPhase: Phase { locked { phase } }

    /// Runs `body` with `group` on top of the stack.
    func within(_ group: ExampleGroup, _ body: () -> Void) {
        locked { groupStack.append(group) }
        body()
        locked { _ = groupStack.popLast() }
    }

    // MARK: Running

    /// Marks the start of an example; failures and deferred checks collect here until `finish`.
    func start(_ example: Example, index: Int) {
        locked {
            phase = .running
            current = ExampleContext(example: example, index: index)
        }
    }

    /// Ends the running example and returns what it collected.
    func finish() -> ExampleContext? {
        locked {
            defer { current = nil }
            return current
        }
    }

    /// The running example, if any.
    var currentExample: Example? { locked { current?.example } }

    /// The running example's index in the run.
    var currentIndex: Int { locked { current?.index ?? 0 } }

    /// An instance of the running example's spec class, made once per example (`QuickSpec.current`).
    var currentSpec: Spec? {
        locked {
            if current?.spec == nil, let type = current?.example?.group.lineage.first?.specType {
                current?.spec = type.init()
            }
            return current?.spec
        }
    }

    /// Records a failure for the running example (or, while building, as a failing example; outside both, hands it
    /// to `NimbleAssertionHandler`).
    func record(_ failure: Failure) {
        let handled: Bool = locked {
            if current != nil {
                current?.failures.append(failure)
                if current?.isGathering == true {
                    current?.assertions.append(
                        AssertionRecord(
                            success: false, message: FailureMessage(stringValue: failure.message),
                            location: failure.location))
                }
                return true
            }
            if phase == .building, let group = groupStack.last {
                group.add(.example(Example.buildFailure(failure, in: group)))
                return true
            }
            return false
        }
        if !handled {
            NimbleAssertionHandler.assert(
                false, message: FailureMessage(stringValue: failure.message), location: failure.location)
        }
    }

    /// Notes an expectation that passed, for `gatherExpectations` (or `NimbleAssertionHandler` outside a run).
    func recordPass(at location: SourceLocation) {
        let handled: Bool = locked {
            guard current != nil else { return phase == .building }
            // Kept only while gathering: an example that checks in a loop would otherwise keep every pass.
            if current?.isGathering == true {
                current?.assertions.append(
                    AssertionRecord(success: true, message: FailureMessage(stringValue: ""), location: location))
            }
            return true
        }
        if !handled {
            NimbleAssertionHandler.assert(true, message: FailureMessage(stringValue: ""), location: location)
        }
    }

    /// Records a gathered outcome again, where it would have gone had it not been gathered.
    func report(_ record: AssertionRecord) {
        if record.success {
            recordPass(at: record.location)
        } else {
            self.record(Failure(message: record.message.stringValue, location: record.location))
        }
    }

    /// Records `failure` unless the running example already has the same one (a fake member called in a loop).
    func recordOnce(_ failure: Failure) {
        let seen = locked { current?.failures.contains(failure) ?? false }
        if !seen { record(failure) }
    }

    /// Adds a check that runs when the example's body has finished (Kiwi's `receive:`).
    func deferCheck(_ check: @escaping () -> Void) {
        locked { current?.deferredChecks.append(check) }
    }

    /// Takes the deferred checks so they run outside the lock.
    func takeDeferredChecks() -> [() -> Void] {
        locked {
            defer { current?.deferredChecks = [] }
            return current?.deferredChecks ?? []
        }
    }

    /// Sets `waitUntil`'s default timeout: for the group being built and its subgroups, or, inside an
    /// example or hook, until the example ends. Returns `false` when neither is happening.
    func setAsyncSpecTimeout(_ seconds: TimeInterval) -> Bool {
        locked {
            if phase == .building, let group = groupStack.last {
                group.asyncSpecTimeout = seconds
                return true
            }
            guard current != nil else { return false }
            current?.asyncSpecTimeout = seconds
            return true
        }
    }

    /// `waitUntil`'s default timeout for the running example, if `setAsyncSpecTimeout` changed it.
    var asyncSpecTimeout: TimeInterval? {
        locked {
            current?.asyncSpecTimeout
                ?? current?.example?.group.lineage.reversed().lazy.compactMap(\.asyncSpecTimeout).first
        }
    }

    /// Failures recorded so far in the running example.
    var currentFailures: [Failure] { locked { current?.failures ?? [] } }

    /// Runs `body` and returns the failures it recorded instead of recording them.
    ///
    /// This is how the library tests itself (Nimble's `gatherFailingExpectations`).
    func gatherFailures(_ body: () throws -> Void) rethrows -> [Failure] {
        let saved: ExampleContext? = locked {
            let saved = current
            current = ExampleContext(example: saved?.example, index: saved?.index ?? 0)
            return saved
        }
        defer { locked { current = saved } }
        try body()
        return locked { current?.failures ?? [] }
    }

    /// Runs `body` and returns the outcome of every expectation it made (Nimble's `gatherExpectations`).
    func gatherAssertions(_ body: () -> Void) -> [AssertionRecord] {
        let saved = beginGathering()
        body()
        return endGathering(restoring: saved)
    }

    /// `gatherAssertions` for a body that awaits.
    func gatherAssertions(
        isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void
    ) async -> [AssertionRecord] {
        let saved = beginGathering()
        await body()
        return endGathering(restoring: saved)
    }

    private func beginGathering() -> ExampleContext? {
        locked {
            let saved = current
            current = ExampleContext(example: saved?.example, index: saved?.index ?? 0, isGathering: true)
            return saved
        }
    }

    private func endGathering(restoring saved: ExampleContext?) -> [AssertionRecord] {
        locked {
            defer { current = saved }
            return current?.assertions ?? []
        }
    }
}

/// What one running example collects.
struct ExampleContext {
    let example: Example?
    let index: Int
    /// Whether `gatherExpectations` made this context, and so wants every outcome kept in `assertions`.
    var isGathering = false
    var failures: [Failure] = []
    /// Every expectation's outcome, passed or failed, while gathering.
    var assertions: [AssertionRecord] = []
    var deferredChecks: [() -> Void] = []
    /// Set by `setAsyncSpecTimeout` inside the example or its hooks.
    var asyncSpecTimeout: TimeInterval?
    /// The spec instance `QuickSpec.current` returns during this example.
    var spec: Spec?
}

extension Example {
    /// An example that reports a mistake made while building the tree (Specta does the same).
    static func buildFailure(_ failure: Failure, in group: ExampleGroup) -> Example {
        Example(
            description: "is declared correctly", location: failure.location,
            body: { World.shared.record(failure) }, isFocused: false, isExcluded: false, isBuildFailure: true,
            group: group)
    }
}
