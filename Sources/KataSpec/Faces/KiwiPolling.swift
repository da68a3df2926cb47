import Foundation

// Kiwi's asynchronous verifiers, as `KWAsyncVerifier verifyWithProbe:` and `KWProbePoller check:` run them:
// the run loop turns for 0.1 s, then the positive matcher is sampled, until it matches or the time is up.
// `shouldEventually` fails when no sample matched; `shouldNotEventually` fails as soon as one matches and
// passes only if none did (Nimble's `toNever`, not `toEventuallyNot`); `shouldAfterWait` samples to the
// end and judges the last sample.

/// `kKW_DEFAULT_PROBE_DELAY`: how long the run loop turns before each sample.
let kiwiProbeDelay: TimeInterval = 0.1

extension Expectation {
    /// Samples `matcher` as Kiwi's probe poller does and records a failure in Kiwi's wording.
    ///
    /// `shouldWait` is `shouldAfterWait`: sample until the time is up, whatever the samples say.
    @discardableResult
    func verifyKiwiProbe(
        _ matcher: Matcher<Value>, negated: Bool, timeout: TimeInterval, shouldWait: Bool, messagePrefix: String
    ) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        // Kiwi's probe starts unsatisfied and samples only after the first turn of the run loop.
        var sample: (status: MatcherStatus, message: ExpectationMessage)?
        while shouldWait || sample?.status != .matches {
            if Date() > deadline { break }
            RunLoopSpinner.spin(for: kiwiProbeDelay)
            sample = evaluate(matcher)
        }
        let last = sample ?? evaluate(matcher)
        let passed = negated ? last.status == .doesNotMatch : last.status == .matches
        if !passed { record(last.message, negated ? .toNot : .to, .kiwi, nil, messagePrefix) }
        return passed
    }
}
