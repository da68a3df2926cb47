/// Passes when the value is `nil`.
public func beNil<T>() -> Matcher<T> {
    Matcher { expression in
        let actual = try expression.evaluate()
        return MatcherResult(
            bool: flattenOptional(actual) == nil, message: ExpectationMessage("be nil", actual: .value(actual)))
    }
}
