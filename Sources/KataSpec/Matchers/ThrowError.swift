/// Passes when evaluating the subject throws any error.
public func throwError<T>() -> Matcher<T> {
    thrown("throw any error") { _ in true }
}

/// Passes when the subject throws an error of type `errorType`.
public func throwError<T, E: Error>(errorType: E.Type) -> Matcher<T> {
    thrown("throw error of type", expected: .text("<\(E.self)>")) { $0 is E }
}

/// Passes when the subject throws an error equal to `error`.
public func throwError<T, E: Error & Equatable>(_ error: E) -> Matcher<T> {
    thrown("throw error", expected: .value(error)) { ($0 as? E) == error }
}

/// Passes when the subject throws an error for which `predicate` holds.
public func throwError<T>(satisfying predicate: @escaping (any Error) -> Bool) -> Matcher<T> {
    thrown("throw error satisfying the predicate") { predicate($0) }
}

/// The shared shape of the error matchers: evaluate, catch, test what was caught.
private func thrown<T>(
    _ verb: String, expected: ExpectationMessage.Shown? = nil, _ test: @escaping (any Error) -> Bool
) -> Matcher<T> {
    Matcher { expression in
        do {
            _ = try expression.evaluate()
            return MatcherResult(
                bool: false, message: ExpectationMessage(verb, expected: expected, actual: .text("no error")))
        } catch {
            let actual = ExpectationMessage.Shown.text("<\(stringify(error))> (\(type(of: error)))")
            return MatcherResult(
                bool: test(error), message: ExpectationMessage(verb, expected: expected, actual: actual))
        }
    }
}
