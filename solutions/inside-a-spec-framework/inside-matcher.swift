func beOneOf<T: Equatable>(_ options: [T]) -> Matcher<T> {
    Matcher { expression in
        let actual = try expression.evaluate()
        let message = ExpectationMessage("be one of", expected: .value(options), actual: .value(actual))
        guard let actual else {
            var hinted = message
            hinted.appendix = " (use beNil() to match nils)"
            return MatcherResult(status: .fail, message: hinted)
        }
        return MatcherResult(bool: options.contains(actual), message: message)
    }
}
