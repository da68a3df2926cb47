/// Passes when evaluating the subject changes `counter` by exactly `delta` (Kiwi's `change:by:`),
/// or, without `delta`, by anything at all.
public func change<T, N: BinaryInteger>(_ counter: @escaping () -> N, by delta: N? = nil) -> Matcher<T> {
    Matcher { expression in
        let before = counter()
        _ = try expression.evaluate()
        let after = counter()
        let actual = ExpectationMessage.Shown.text("a change of \(after - before) (from \(before) to \(after))")
        guard let delta else {
            return MatcherResult(bool: after != before, message: ExpectationMessage("change the value", actual: actual))
        }
        let message = ExpectationMessage("change the value by", expected: .value(delta), actual: actual)
        return MatcherResult(bool: after - before == delta, message: message)
    }
}
