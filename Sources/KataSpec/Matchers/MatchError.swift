/// Passes when the error has `error`'s domain and code (Nimble's `MatchError.swift`):
/// `expect(error).to(matchError(ParseError.empty))`, `expected to match error <empty>, got <tooLong>`.
public func matchError<T: Error>(_ error: T) -> Matcher<any Error> {
    matching("match error <\(error)>") { $0._domain == error._domain && $0._code == error._code }
}

/// Passes when the error equals `error`.
public func matchError<T: Error & Equatable>(_ error: T) -> Matcher<any Error> {
    matching("match error <\(error)>") { ($0 as? T) == error }
}

/// Passes when the error is a `T`: `expected to match error from type <ParseError>, got <…>`.
public func matchError<T: Error>(_ errorType: T.Type) -> Matcher<any Error> {
    matching("match error from type <\(T.self)>") { $0 is T }
}

/// The shape of the three: the error is printed as the actual value, a missing one as `no error`.
private func matching(_ phrase: String, _ test: @escaping (any Error) -> Bool) -> Matcher<any Error> {
    Matcher.define { expression in
        let actual = try expression.evaluate()
        let message = ExpectationMessage.expectedCustomValueTo(phrase, actual: actual.map { "<\($0)>" } ?? "no error")
        return MatcherResult(bool: actual.map(test) ?? false, message: message)
    }
}
