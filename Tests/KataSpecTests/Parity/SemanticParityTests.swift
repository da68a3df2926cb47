import Foundation
import Testing

@testable import KataSpec

// What the faces *do*, where a chapter says they do what the real framework does. Each test names the
// framework's file (at the commit docs/CLAIMS.md lists) that shows the behaviour; the message tests of the other
// parity suites hold the wording.

extension KataSpecTests {
    /// Kiwi's asynchronous verifiers: `Classes/Verifiers/KWAsyncVerifier.m` (`verifyWithProbe:`) and
    /// `Classes/Core/KWProbePoller.m` (`check:`), Kiwi a98adcb.
    @Suite struct KiwiPollingParityTests {
        private func seconds(_ body: () -> Void) -> TimeInterval {
            let start = Date()
            body()
            return Date().timeIntervalSince(start)
        }

        /// The poller returns as soon as the positive matcher matches, and the `ShouldNot` verifier then fails.
        @Test func shouldNotEventuallyFailsAsSoonAsTheMatcherMatches() {
            let loaded = Shared(false)
            let elapsed = seconds {
                expectFailure("expected subject not to be true") {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.15) { loaded.value = true }
                    expectFutureValue(loaded.value).shouldNotEventuallyBeforeTimingOutAfter(5).beTrue()
                }
            }
            #expect(elapsed < 3, "it stops at the first sample that matches, long before the 5 s")
        }

        /// It passes only when no sample matched before the time was up.
        @Test func shouldNotEventuallyPassesWhenTheMatcherNeverMatches() {
            let loaded = Shared(false)
            expectPass { expectFutureValue(loaded.value).shouldNotEventuallyBeforeTimingOutAfter(0.3).beTrue() }
        }

        /// Kiwi's `shouldNotEventually` is Nimble's `toNever`, not `toEventuallyNot`: a value that matches and then
        /// stops matching fails it, where `toEventuallyNot` passes.
        @Test func shouldNotEventuallyIsToNeverNotToEventuallyNot() {
            let busy = Shared(true)
            expectFailure("expected subject not to be true") {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { busy.value = false }
                expectFutureValue(busy.value).shouldNotEventually.beTrue()
            }
            busy.value = true
            expectPass {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { busy.value = false }
                expect(busy.value).toEventuallyNot(beTrue())
            }
        }

        /// The probe starts unsatisfied and samples only after the run loop has turned for 0.1 s, so a value that
        /// holds during the call but not once queued work has run never satisfies `shouldEventually`.
        @Test func shouldEventuallySamplesOnlyAfterTheRunLoopTurned() {
            let ready = Shared(true)
            expectFailure("expected subject to be true") {
                DispatchQueue.main.async { ready.value = false }
                expectFutureValue(ready.value).shouldEventuallyBeforeTimingOutAfter(0.3).beTrue()
            }
        }

        /// `shouldAfterWait` samples until the time is up and judges the last sample.
        @Test func shouldAfterWaitJudgesTheLastSample() {
            let open = Shared(true)
            expectFailure("expected subject to be true") {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { open.value = false }
                expectFutureValue(open.value).shouldAfterWaitOf(0.3).beTrue()
            }
            expectPass {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { open.value = true }
                expectFutureValue(open.value).shouldAfterWaitOf(0.3).beTrue()
            }
        }
    }

    /// Quick 7's `AsyncSpec`: `Sources/Quick/Async/AsyncSpec.swift`, `Sources/Quick/DSL/AsyncDSL.swift`, the tests
    /// in `Tests/QuickTests/QuickTests/FunctionalTests/Async/` and `Documentation/en-us/AsyncAwait.md` (Quick 06be3a6).
    @Suite struct AsyncSpecParityTests {
        /// `AroundEachAsyncTests.swift`: hooks run in declaration order, each `aroundEach` awaiting the rest.
        @Test func hooksRunInDeclarationOrderAndAroundEachAwaitsTheRest() {
            let order = Shared<[String]>([])
            let reporter = runAsync { spec in
                describe("aroundEach ordering") {
                    spec.beforeEach { order.value.append("before0") }
                    spec.afterEach { order.value.append("after0") }
                    spec.aroundEach { run in
                        order.value.append("around0Prefix")
                        await run()
                        order.value.append("around0Suffix")
                    }
                    spec.beforeEach { order.value.append("before1") }
                    spec.justBeforeEach { order.value.append("justBefore") }
                    spec.it("runs the prefixes before the example") {
                        try await Task.sleep(nanoseconds: 1_000_000)
                        order.value.append("example")
                    }
                }
            }
            #expect(reporter.summary == RunSummary(passed: 1))
            #expect(
                order.value == [
                    "before0", "around0Prefix", "before1", "justBefore", "example", "around0Suffix", "after0",
                ])
        }

        /// `BeforeEachAsyncTests.swift`: a `beforeEach` that throws stops the later ones and the example, and the
        /// `afterEach` hooks of its group still run.
        @Test func aThrowingBeforeEachSkipsTheExampleButRunsTheAfterEach() {
            struct BeforeEachError: Error {}
            let order = Shared<[String]>([])
            let reporter = runAsync { spec in
                describe("throwing errors") {
                    spec.beforeEach { order.value.append("outerOne") }
                    spec.beforeEach {
                        order.value.append("outerTwo")
                        throw BeforeEachError()
                    }
                    spec.beforeEach { order.value.append("outerThree") }
                    spec.afterEach { order.value.append("afterEach") }
                    spec.it("does not run tests") { order.value.append("example") }
                }
            }
            #expect(reporter.statuses == ["throwing errors does not run tests: failed"])
            #expect(order.value == ["outerOne", "outerTwo", "afterEach"])
        }

        /// `AsyncAwait.md`: an AsyncSpec's closures are not tagged to run on the main actor; one that needs it says
        /// `@MainActor in`. Polling is awaited: `await expect(…).toEventually(…)`.
        @Test func examplesRunOffTheMainActorUnlessTheySayOtherwiseAndAwaitPolling() {
            // The main actor runs its work on the main queue; a key set on that queue tells whose work this is.
            let onMainQueue = DispatchSpecificKey<Bool>()
            DispatchQueue.main.setSpecific(key: onMainQueue, value: true)
            defer { DispatchQueue.main.setSpecific(key: onMainQueue, value: nil) }
            let threads = Shared<[String: Bool]>([:])
            let value = Shared(0)
            let reporter = runAsync { spec in
                spec.it("runs off the main actor") {
                    threads.value["plain"] = DispatchQueue.getSpecific(key: onMainQueue) ?? false
                }
                spec.it("runs on the main actor when tagged") { @MainActor in
                    threads.value["tagged"] = DispatchQueue.getSpecific(key: onMainQueue) ?? false
                }
                spec.it("awaits a value that arrives later") {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { value.value = 7 }
                    await expect(value.value).toEventually(equal(7))
                }
                spec.it("fails to see a value that never arrives") {
                    await expect(value.value).toEventually(equal(8), timeout: .milliseconds(100))
                }
            }
            #expect(threads.value == ["plain": false, "tagged": true])
            #expect(reporter.messages == ["expected to eventually equal <8>, got <7>"])
            #expect(reporter.summary == RunSummary(passed: 3, failed: 1))
        }

        /// `ItAsyncTests.swift`: hooks with metadata see the example about to run.
        @Test func hooksReceiveTheExamplesMetadata() {
            let seen = Shared<[String]>([])
            runAsync { spec in
                spec.beforeEach { metadata in seen.value.append("before \(metadata.example.name)") }
                spec.aroundEach { metadata, run in
                    seen.value.append("around \(metadata.example.description)")
                    await run()
                }
                spec.it("has a description") {}
            }
            #expect(seen.value == ["before has a description", "around has a description"])
        }
    }

    /// Which stub answers a call, in each face: the order the framework tries its stubs in.
    @Suite struct StubOrderParityTests {
        /// Kiwi `Classes/Mocking/KWMock.m`: `processReceivedInvocation:` asks the stubs in the order they were added
        /// and the first that matches answers; `stubMessagePattern:andReturn:overrideExisting:` replaces a stub of an
        /// equal pattern.
        @Test func kiwiTriesStubsInTheOrderAddedAndAnEqualPatternReplaces() {
            expectPass {
                let engine = KWMock.nullMock(for: FakeEngine())
                engine.stub(.start, andReturn: false)
                engine.stub(.start, andReturn: true, withArguments: 3)
                theValue(engine.start(speed: 3)).should.beFalse()
                engine.stub(.start, andReturn: true)
                theValue(engine.start(speed: 3)).should.beTrue()
            }
        }

        /// Kiwi `Classes/Matchers/KWReceiveMatcher.m`: `receive:` stubs with `overrideExisting:NO`, so an earlier stub
        /// of the same message keeps answering; `receive:andReturn:` replaces it.
        @Test func kiwiReceiveKeepsAnEarlierStubUnlessItReturnsAValue() {
            expectPass {
                let engine = KWMock.nullMock(for: FakeEngine())
                engine.stub(.start, andReturn: true)
                engine.should.receive(.start, withCountAtLeast: 1)
                theValue(engine.start(speed: 1)).should.beTrue()
                engine.should.receive(.start, andReturn: false, withCountAtLeast: 1)
                theValue(engine.start(speed: 1)).should.beFalse()
            }
        }

        /// OCMock `Source/OCMock/OCMockObject.m` (`stubForInvocation:`): the first stub added that matches answers,
        /// so a second stub of the same call changes nothing.
        @Test func ocmockAnswersWithTheFirstStubAdded() {
            expectPass {
                let engine = OCMClassMock(FakeEngine())
                OCMStub(engine.start(speed: 3)).andReturn(true)
                OCMStub(engine.start(speed: 3)).andReturn(false)
                expect(engine.start(speed: 3)).to(beTrue())
            }
        }

        /// OCMockito `Sources/OCMockito/Stubbing/MKTInvocationContainer.m` (`addAnswer:` inserts at index 0): the
        /// newest `given` that matches answers.
        @Test func ocmockitoAnswersWithTheNewestStub() {
            expectPass {
                let engine = mock(FakeEngine())
                given(engine.start(speed: anything())).willReturn(false)
                given(engine.start(speed: 3)).willReturn(true)
                expect(engine.start(speed: 3)).to(beTrue())
                given(engine.start(speed: anything())).willReturn(false)
                expect(engine.start(speed: 3)).to(beFalse())
            }
        }

        /// Spry `Sources/Spry/Stubbable.swift` (`internal_stubbedValue`): stubs with arguments first, newest first,
        /// then the stubs without arguments.
        @Test func spryTriesStubsWithArgumentsFirst() {
            expectPass {
                let engine = FakeEngine()
                engine.stub(.start).with(3).andReturn(true)
                engine.stub(.start).andReturn(false)
                expect(engine.start(speed: 3)).to(beTrue())
                expect(engine.start(speed: 4)).to(beFalse())
            }
        }

        /// OCMock `Source/OCMock/OCMInvocationMatcher.m`: with `ignoreNonObjectArgs`, arguments that are not objects
        /// match anything; object arguments still have to match.
        @Test func ocmockIgnoringNonObjectArgsIgnoresOnlyScalars() throws {
            let engine = OCMClassMock(FakeEngine())
            try expectPass {
                OCMStub(engine.start(speed: 1)).ignoringNonObjectArgs().andReturn(true)
                expect(engine.start(speed: 9)).to(beTrue())
                OCMStub(try engine.load("a")).ignoringNonObjectArgs().andReturn("A")
                expect(try engine.load("b")).to(equal(""))
            }
        }
    }

    /// Specta `Specta/Specta/SpectaDSL.m` (`spt_itShouldBehaveLike_`): the data block runs in a `beforeEach` of the
    /// inserted group, once per example; Quick (`Sources/Quick/DSL/DSL.swift`) calls its context at every read.
    @Suite struct SharedDataParityTests {
        @Test func spectaCallsTheDataBlockOncePerExampleAndQuickAtEveryRead() {
            for (face, expected) in [(Face.specta, [1, 1, 2, 2]), (Face.quick, [1, 2, 3, 4])] {
                let calls = Shared(0)
                let seen = Shared<[Int]>([])
                run(as: face) {
                    sharedExamples("a counted thing") { data in
                        it("reads it twice") {
                            seen.value.append(data()["n"] as? Int ?? 0)
                            seen.value.append(data()["n"] as? Int ?? 0)
                        }
                        it("reads it twice again") {
                            seen.value.append(data()["n"] as? Int ?? 0)
                            seen.value.append(data()["n"] as? Int ?? 0)
                        }
                    }
                    describe("thing") {
                        itBehavesLike("a counted thing") {
                            calls.value += 1
                            return ["n": calls.value]
                        }
                    }
                }
                #expect(seen.value == expected, "\(face)")
            }
        }
    }
}
