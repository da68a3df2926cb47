import Foundation

/// Runs one example between the hooks of its groups and collects its failures.
///
/// Order for an example nested in groups A ⊃ B, as Specta runs them (and Quick, which has no beforeAll):
/// A.beforeAll, B.beforeAll (each once, before the group's first example that runs),
/// `let` values reset, A.beforeEach/aroundEach, B.beforeEach/aroundEach (declaration order),
/// every justBeforeEach, the example, deferred checks, B.afterEach, A.afterEach,
/// then B.afterAll, A.afterAll after the group's last example that runs.
///
/// Kiwi nests its contexts instead (`KWContextNode performExample:withBlock:` wraps the inner context's
/// block): A.beforeAll, A.beforeEach, then B.beforeAll, B.beforeEach, the example,
/// B.afterEach, B.afterAll, and only then A.afterEach and A.afterAll. A spec class of the Kiwi face runs
/// in that order.
struct ExampleRunner {
    let lastRunIndexByGroup: [ObjectIdentifier: Int]

    /// Runs `example` (which is at `index` in run order) and returns its failures.
    func run(_ example: Example, index: Int) -> [Failure] {
        let lineage = example.group.lineage
        World.shared.start(example, index: index)
        if lineage.first?.face == .kiwi {
            // `let` values are made on first use, so resetting them all first gives Kiwi's per-context order
            // without an inner context throwing away a value an outer beforeEach already set up.
            resetLets(lineage)
            runNested(lineage, depth: 0, example: example, index: index)
            DoubleRegistry.shared.resetAll()
            return World.shared.finish()?.failures ?? []
        }
        for group in lineage { startIfNeeded(group) }
        let setupFailures = lineage.flatMap(\.beforeAllFailures)
        if setupFailures.isEmpty {
            resetLets(lineage)
            if lineage.first?.specType is AsyncSpec.Type {
                // One task runs the hooks and the example, awaiting each, while this thread turns the run loop.
                try? runBlocking { await self.runEachHooksAsync(lineage, depth: 0, example: example) }
            } else {
                runEachHooks(lineage, depth: 0, example: example)
            }
        } else {
            for failure in setupFailures { World.shared.record(failure) }
        }
        DoubleRegistry.shared.resetAll()
        for group in lineage.reversed() where lastRunIndexByGroup[ObjectIdentifier(group)] == index {
            for hook in group.hooks(.afterAll) { record(attempt(hook.location, { try hook.body({}) })) }
        }
        return World.shared.finish()?.failures ?? []
    }

    /// Kiwi's order: each group runs its beforeAll (once) and beforeEach, then the inner groups and the
    /// example, then its afterEach and, after its last example, its afterAll.
    private func runNested(_ lineage: [ExampleGroup], depth: Int, example: Example, index: Int) {
        guard depth < lineage.count else {
            runExample(example, lineage: lineage)
            return
        }
        let group = lineage[depth]
        startIfNeeded(group)
        if group.beforeAllFailures.isEmpty {
            let setup = group.hooks.filter { $0.kind == .beforeEach || $0.kind == .aroundEach }
            runSetup(setup[...]) { runNested(lineage, depth: depth + 1, example: example, index: index) }
            for hook in group.hooks(.afterEach) { record(attempt(hook.location, { try hook.body({}) })) }
        } else {
            for failure in group.beforeAllFailures { World.shared.record(failure) }
        }
        if lastRunIndexByGroup[ObjectIdentifier(group)] == index {
            for hook in group.hooks(.afterAll) { record(attempt(hook.location, { try hook.body({}) })) }
        }
    }

    /// Runs `group`'s beforeAll hooks before its first example; a failure is kept for all its examples.
    private func startIfNeeded(_ group: ExampleGroup) {
        guard !group.hasStarted else { return }
        group.hasStarted = true
        for hook in group.hooks(.beforeAll) {
            if let failure = attempt(hook.location, { try hook.body({}) }) {
                group.beforeAllFailures.append(failure)
            }
        }
    }

    /// Makes every `let` value of the lineage fresh for the next example.
    private func resetLets(_ lineage: [ExampleGroup]) {
        for group in lineage {
            for value in group.lets { value.reset(for: lineage) }
        }
    }

    /// Runs the per-example hooks of `lineage[depth...]` around the example.
    private func runEachHooks(_ lineage: [ExampleGroup], depth: Int, example: Example) {
        guard depth < lineage.count else {
            runExample(example, lineage: lineage)
            return
        }
        let group = lineage[depth]
        let setup = group.hooks.filter { $0.kind == .beforeEach || $0.kind == .aroundEach }
        runSetup(setup[...]) { runEachHooks(lineage, depth: depth + 1, example: example) }
        for hook in group.hooks(.afterEach) { record(attempt(hook.location, { try hook.body({}) })) }
    }

    /// Runs `hooks` in order, each `aroundEach` wrapping the rest; stops at the first failing one.
    private func runSetup(_ hooks: ArraySlice<Hook>, then inner: () -> Void) {
        guard let hook = hooks.first else { return inner() }
        let rest = hooks.dropFirst()
        var ranInner = false
        let failure = attempt(hook.location) {
            try hook.body {
                guard !ranInner else { return }
                ranInner = true
                runSetup(rest, then: inner)
            }
        }
        record(failure)
        if failure == nil && hook.kind == .beforeEach {
            runSetup(rest, then: inner)
        } else if failure == nil && !ranInner {
            record(Failure(message: "aroundEach did not call runExample()", location: hook.location))
        }
    }

    private func runExample(_ example: Example, lineage: [ExampleGroup]) {
        for hook in lineage.flatMap({ $0.hooks(.justBeforeEach) }) {
            if let failure = attempt(hook.location, { try hook.body({}) }) {
                record(failure)
                return
            }
        }
        if let body = example.body { record(attempt(example.location, body)) }
        for check in World.shared.takeDeferredChecks() { check() }
    }

    private func record(_ failure: Failure?) {
        if let failure { World.shared.record(failure) }
    }

    // MARK: AsyncSpec

    /// `runEachHooks` for an `AsyncSpec`: every hook and the example are awaited, and `aroundEach` awaits the rest.
    private func runEachHooksAsync(_ lineage: [ExampleGroup], depth: Int, example: Example) async {
        guard depth < lineage.count else {
            await runExampleAsync(example, lineage: lineage)
            return
        }
        let group = lineage[depth]
        let setup = group.hooks.filter { $0.kind == .beforeEach || $0.kind == .aroundEach }
        await runSetupAsync(setup[...]) { await runEachHooksAsync(lineage, depth: depth + 1, example: example) }
        for hook in group.hooks(.afterEach) { record(await attemptAsync(hook.location) { try await run(hook) {} }) }
    }

    /// `runSetup` for an `AsyncSpec`.
    private func runSetupAsync(_ hooks: ArraySlice<Hook>, then inner: @escaping () async -> Void) async {
        guard let hook = hooks.first else { return await inner() }
        let rest = hooks.dropFirst()
        let ranInner = DoneFlag()
        let failure = await attemptAsync(hook.location) {
            try await run(hook) {
                guard !ranInner.isSet else { return }
                ranInner.set()
                await runSetupAsync(rest, then: inner)
            }
        }
        record(failure)
        if failure == nil && hook.kind == .beforeEach {
            await runSetupAsync(rest, then: inner)
        } else if failure == nil && !ranInner.isSet {
            record(Failure(message: "aroundEach did not call runExample()", location: hook.location))
        }
    }

    /// `runExample` for an `AsyncSpec`.
    private func runExampleAsync(_ example: Example, lineage: [ExampleGroup]) async {
        for hook in lineage.flatMap({ $0.hooks(.justBeforeEach) }) {
            if let failure = await attemptAsync(hook.location, { try await run(hook) {} }) {
                record(failure)
                return
            }
        }
        if let body = example.asyncBody {
            record(await attemptAsync(example.location, body))
        } else if let body = example.body {
            record(await attemptAsync(example.location) { try await onMainActor(body) })
        }
        for check in World.shared.takeDeferredChecks() { check() }
    }

    /// Runs a hook: an AsyncSpec's own is awaited; one written with the synchronous DSL (in a helper outside the
    /// spec class) runs on the main actor, as it would anywhere else, and an `aroundEach` of that kind waits
    /// for the rest of the example.
    private func run(_ hook: Hook, _ runExample: @escaping () async -> Void) async throws {
        if let body = hook.asyncBody { return try await body(runExample) }
        let rest = UncheckedSendable(value: runExample)
        try await onMainActor { try hook.body { try? runBlocking { await rest.value() } } }
    }
}

/// `attempt` for code that may `await`.
func attemptAsync(_ location: SourceLocation, _ body: () async throws -> Void) async -> Failure? {
    do {
        try await body()
        return nil
    } catch is any AlreadyReportedError {
        return nil
    } catch {
        return Failure(
            message: "unexpected error thrown: <\(stringify(error, quotingStrings: false))>", location: location)
    }
}

/// Runs synchronous spec code on the main actor, where KataSpec runs it everywhere else.
private func onMainActor(_ body: @escaping () throws -> Void) async throws {
    let work = UncheckedSendable(value: body)
    try await MainActor.run { try work.value() }
}

/// An error that has already been recorded as a failure where it was thrown (`require`, `unwrap`).
public protocol AlreadyReportedError: Error {}

/// Runs `body`; an error it throws becomes a failure at `location`.
func attempt(_ location: SourceLocation, _ body: () throws -> Void) -> Failure? {
    do {
        try body()
        return nil
    } catch is any AlreadyReportedError {
        return nil
    } catch {
        return Failure(
            message: "unexpected error thrown: <\(stringify(error, quotingStrings: false))>", location: location)
    }
}
