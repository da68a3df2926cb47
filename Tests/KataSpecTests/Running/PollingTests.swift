import Foundation
import Testing

@testable import KataSpec

extension KataSpecTests {
    /// Polling expectations and `waitUntil` turn the run loop and stay within their time bounds.
    @Suite struct PollingTests {
        /// Runs `body` and returns how long it took, in seconds.
        private func seconds(_ body: () -> Void) -> TimeInterval {
            let start = Date()
            body()
            return Date().timeIntervalSince(start)
        }

        @Test func toEventuallyPassesWhenMainQueueWorkChangesTheValue() {
            let speed = Shared(0)
            let elapsed = seconds {
                expectPass {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { speed.value = 5 }
                    expect(speed.value).toEventually(equal(5))
                }
            }
            #expect(elapsed < 1.5)
        }

        @Test func toEventuallyFailsAfterItsTimeout() {
            let elapsed = seconds {
                expectFailure("expected to eventually equal <1>, got <0>") {
                    expect(0).toEventually(equal(1), timeout: .milliseconds(200))
                }
            }
            #expect(elapsed >= 0.2 && elapsed < 2.5)
        }

        @Test func timersFireWhilePolling() {
            let fired = Shared(false)
            expectPass {
                _ = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: false) { _ in fired.value = true }
                expect(fired.value).toEventually(beTrue())
            }
        }

        @Test func toNeverAndToAlwaysWatchTheWholeDuration() {
            let value = Shared(0)
            expectPass { expect(value.value).toNever(equal(1), until: .milliseconds(100)) }
            expectFailure("expected to never equal <1>, got <1>") {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { value.value = 1 }
                expect(value.value).toNever(equal(1), until: .milliseconds(300))
            }
            expectFailure("expected to always equal <1>, got <2>") {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { value.value = 2 }
                expect(value.value).toAlways(equal(1), until: .milliseconds(300))
            }
        }

        @Test func kiwiAndExpectaPollToo() {
            let count = Shared(0)
            expectPass {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { count.value = 3 }
                theValue(count.value).shouldEventually.equal(3)
            }
            expectFailure("expected subject to equal (Int) 4, got (Int) 3") {
                theValue(count.value).shouldEventuallyBeforeTimingOutAfter(0.2).equal(4)
            }
            let message = Shared<String?>(nil)
            expectPass {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { message.value = "loaded" }
                expectFutureValue(message.value).shouldEventually.equal("loaded")
            }
            message.value = nil
            expectFailure("expected subject to equal (String) \"loaded\", got (null)") {
                expectFutureValue(message.value).shouldEventuallyBeforeTimingOutAfter(0.2).equal("loaded")
            }
            expectPass {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { count.value = 5 }
                expect(count.value).will.equal(5)
            }
            expectFailure("expected: 6, got: 5") { expect(count.value).after(0.2).to.equal(6) }
            expectPass { expect(count.value).willNot.equal(6) }
        }

        /// Kiwi's `beNonNil` is a matcher of its own (`KWBeNonNilMatcher`), so the probe poller waits for the value
        /// under `shouldEventually` (the seed guide's example) and fails at the first one under `shouldNotEventually`;
        /// it once ran as `beNil` under the opposite verifier and failed at the first sample.
        @Test func kiwiWaitsForAValueToBeNonNil() {
            let fetchedData = Shared<String?>(nil)
            expectPass {
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { fetchedData.value = "response" }
                expectFutureValue(fetchedData.value).shouldEventually.beNonNil()
            }
            expectFailure("expected \"response\" not to be non-nil") {
                expectFutureValue(fetchedData.value).shouldNotEventuallyBeforeTimingOutAfter(0.3).beNonNil()
            }
            fetchedData.value = nil
            expectFailure("expected subject to be non-nil, got (null)") {
                expectFutureValue(fetchedData.value).shouldEventuallyBeforeTimingOutAfter(0.2).beNonNil()
            }
            expectPass { expectFutureValue(fetchedData.value).shouldNotEventuallyBeforeTimingOutAfter(0.2).beNonNil() }
        }

        @Test func waitUntilWaitsForDoneAndReportsATimeout() {
            expectPass {
                // A generous timeout: on a loaded machine the queue may start the work late, and this is about waiting.
                waitUntil(timeout: .seconds(30)) { done in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { done() }
                }
            }
            let elapsed = seconds {
                expectFailure("Waited more than 0.2 seconds\ndone() was not called within the timeout") {
                    waitUntil(timeout: .milliseconds(200)) { _ in }
                }
            }
            #expect(elapsed < 2.5)
            expectFailure("failed to invoke done() callback before timeout (0.100000 seconds)") {
                waitUntilTimeout(0.1) { _ in }
            }
        }

        @Test func setAsyncSpecTimeoutChangesWaitUntilsDefaultForItsGroupOrExample() {
            let reporter = run(as: .specta) {
                describe("slow") {
                    setAsyncSpecTimeout(0.1)
                    it("waits the group's timeout") { waitUntil { _ in } }
                    it("waits its own") {
                        setAsyncSpecTimeout(0.2)
                        waitUntil { _ in }
                    }
                    it("waits the group's timeout again") { waitUntil { _ in } }
                }
                describe("elsewhere") {
                    it("waits one second") {
                        waitUntil { done in DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { done() } }
                    }
                }
            }
            #expect(
                reporter.messages == [
                    "failed to invoke done() callback before timeout (0.100000 seconds)",
                    "failed to invoke done() callback before timeout (0.200000 seconds)",
                    "failed to invoke done() callback before timeout (0.100000 seconds)",
                ])
            #expect(reporter.statuses.last == "elsewhere waits one second: passed")
        }

        @Test func asyncExamplesCanPollAndAwaitMainActorWork() {
            let value = Shared(0)
            let reporter = runAsync { spec in
                spec.it("awaits the main actor") {
                    await MainActor.run { value.value = 1 }
                    await expect(value.value).toEventually(equal(1))
                    await waitUntil { done in DispatchQueue.main.async { done() } }
                }
            }
            #expect(reporter.summary == RunSummary(passed: 1))
        }
    }
}
