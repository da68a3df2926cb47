/// Passes when the `Result` is a success; `test` may check the value with expectations (Nimble's `BeResult.swift`):
/// `expected to be <success(Int)>, got <failure(StubError)>`.
public func beSuccess<Success, Failure>(test: ((Success) -> Void)? = nil) -> Matcher<Result<Success, Failure>> {
    resultCase("be <success(\(Success.self))>" + (test == nil ? "" : " that satisfies block")) { result in
        guard case .success(let value) = result else { return nil }
        return passesBlock(test, value)
    }
}

/// Passes when the `Result` is a success equal to `value`: `expected to be <success(Int)> that equals 2, got …`.
public func beSuccess<Success: Equatable, Failure>(_ value: Success) -> Matcher<Result<Success, Failure>> {
    resultCase("be <success(\(Success.self))> that equals \(stringify(value))") { result in
        guard case .success(let actual) = result else { return nil }
        return actual == value
    }
}

/// Passes when the `Result` is a success whose value `matcher` matches; its message follows on the next line.
public func beSuccess<Success, Failure>(_ matcher: Matcher<Success>) -> Matcher<Result<Success, Failure>> {
    resultMatching("be <success(\(Success.self))> that satisfies matcher", matcher) { result in
        guard case .success(let value) = result else { return nil }
        return value
    }
}

/// Passes when the `Result` is a failure; `test` may check the error with expectations.
public func beFailure<Success, Failure>(test: ((Failure) -> Void)? = nil) -> Matcher<Result<Success, Failure>> {
    resultCase("be <failure(\(Failure.self))>" + (test == nil ? "" : " that satisfies block")) { result in
        guard case .failure(let error) = result else { return nil }
        return passesBlock(test, error)
    }
}

/// Passes when the `Result` is a failure whose error `matcher` matches: `beFailure(matchError(MyError.timeout))`.
public func beFailure<Success, Failure>(_ matcher: Matcher<Failure>) -> Matcher<Result<Success, Failure>> {
    resultMatching("be <failure(\(Failure.self))> that satisfies matcher", matcher) { result in
        guard case .failure(let error) = result else { return nil }
        return error
    }
}

/// A block passes when it records no failure; its failures are Nimble's to swallow (`gatherFailingExpectations`).
private func passesBlock<T>(_ test: ((T) -> Void)?, _ value: T) -> Bool {
    guard let test else { return true }
    return gatherFailingExpectations(silently: true) { test(value) }.isEmpty
}

/// The shape of the case matchers: `judge` returns `nil` for the other case, else whether the value passes.
private func resultCase<Success, Failure>(
    _ phrase: String, _ judge: @escaping (Result<Success, Failure>) -> Bool?
) -> Matcher<Result<Success, Failure>> {
    Matcher.define(phrase) { expression, message in
        guard let result = try expression.evaluate(), let passed = judge(result) else {
            return MatcherResult(status: .doesNotMatch, message: message)
        }
        return MatcherResult(bool: passed, message: message)
    }
}

/// The shape of the matcher-taking forms: the inner matcher's message, with the value as its actual, on the next line.
private func resultMatching<Success, Failure, Inner>(
    _ phrase: String, _ matcher: Matcher<Inner>, _ extract: @escaping (Result<Success, Failure>) -> Inner?
) -> Matcher<Result<Success, Failure>> {
    Matcher.define(phrase) { expression, message in
        guard let result = try expression.evaluate(), let value = extract(result) else {
            return MatcherResult(status: .doesNotMatch, message: message)
        }
        let inner = try matcher.satisfies(Expression(location: expression.location) { value })
        let details = inner.message.toString(actual: stringify(value))
        return MatcherResult(bool: inner.status == .matches, message: message.appended(details: details))
    }
}
