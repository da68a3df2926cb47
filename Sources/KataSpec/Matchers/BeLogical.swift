/// Passes when the value is `true`.
public func beTrue() -> Matcher<Bool> {
    logical("be true") { $0 == true }
}

/// Passes when the value is `false`.
public func beFalse() -> Matcher<Bool> {
    logical("be false") { $0 == false }
}

/// Passes when the value is `true` (not `nil`).
public func beTruthy() -> Matcher<Bool> {
    logical("be truthy") { $0 == true }
}

/// Passes when the value is `false` or `nil`.
public func beFalsy() -> Matcher<Bool> {
    logical("be falsy") { $0 != true }
}

/// Passes when the value is zero.
public func beZero<T: Numeric>() -> Matcher<T> {
    .define("be zero") { $0 == .zero }
}

private func logical(_ verb: String, _ test: @escaping (Bool?) -> Bool) -> Matcher<Bool> {
    Matcher { expression in
        let actual = try expression.evaluate()
        let message = ExpectationMessage(verb, actual: .value(actual))
        if actual == nil && verb != "be falsy" {
            var hinted = message
            hinted.appendix = " (use beNil() to match nils)"
            return MatcherResult(status: .fail, message: hinted)
        }
        return MatcherResult(bool: test(actual), message: message)
    }
}
