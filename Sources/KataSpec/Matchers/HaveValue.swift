/// Passes when the value at `keyPath` equals `expected` (Kiwi's `haveValue:forKeyPath:`).
public func haveValue<T, V: Equatable>(_ expected: V, at keyPath: KeyPath<T, V>) -> Matcher<T> {
    Matcher { expression in
        let actual = try expression.evaluate()
        let value = actual.map { $0[keyPath: keyPath] }
        let message = ExpectationMessage(
            "have value", expected: .value(expected), actual: .value(value)
        )
        guard value != nil else { return MatcherResult(status: .fail, message: message) }
        return MatcherResult(bool: value == expected, message: message)
    }
}

/// Passes when the collection at `keyPath` has `count` elements (Kiwi's `[[car should] have:4] wheels]`).
public func have<T, C: Collection>(_ count: Int, _ keyPath: KeyPath<T, C>) -> Matcher<T> {
    haveCount(count).at(keyPath)
}

extension Matcher {
    /// This matcher applied to the value at `keyPath` of a bigger value.
    public func at<Whole>(_ keyPath: KeyPath<Whole, Value>) -> Matcher<Whole> {
        Matcher<Whole> { expression in
            try satisfies(expression.cast { $0?[keyPath: keyPath] })
        }
    }
}
