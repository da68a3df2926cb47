/// Passes when the value equals `expected` (`==`).
public func equal<T: Equatable>(_ expected: T?) -> Matcher<T> {
    Matcher { expression in
        let actual = try expression.evaluate()
        let message = ExpectationMessage("equal", expected: .value(expected), actual: .value(actual))
        if actual == nil || expected == nil {
            // Nimble's `equal` fails for any nil, with the beNil hint; `equal(nil)` on nil passes here, as in
            // Expecta, so that one spelling serves every face.
            var hinted = message
            hinted.appendix = " (use beNil() to match nils)"
            return MatcherResult(status: actual == nil && expected == nil ? .matches : .fail, message: hinted)
        }
        return MatcherResult(bool: actual == expected, message: message)
    }
}

/// Passes when the string equals `expected`, ignoring case when asked.
public func equal(_ expected: String, ignoringCase: Bool) -> Matcher<String> {
    let verb = ignoringCase ? "equal (ignoring case)" : "equal"
    return .define(verb, expected: expected) { actual in
        ignoringCase ? actual.lowercased() == expected.lowercased() : actual == expected
    }
}
