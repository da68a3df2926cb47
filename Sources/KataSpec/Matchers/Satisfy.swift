/// Passes when every matcher passes: `expected to match all of: {equal <3>}, and {equal <4>}, got 2`.
public func satisfyAllOf<T>(_ matchers: Matcher<T>...) -> Matcher<T> {
    satisfyAllOf(matchers)
}

/// Passes when every matcher in the array passes.
public func satisfyAllOf<T>(_ matchers: [Matcher<T>]) -> Matcher<T> {
    combine(matchers, "match all of: ", joiner: ", and ") { statuses in
        statuses.contains(.fail) ? .fail : statuses.contains(.doesNotMatch) ? .doesNotMatch : .matches
    }
}

/// Passes when at least one matcher passes: `expected to match one of: {equal <3>}, or {equal <4>}, got 2`.
public func satisfyAnyOf<T>(_ matchers: Matcher<T>...) -> Matcher<T> {
    satisfyAnyOf(matchers)
}

/// Passes when at least one matcher in the array passes.
public func satisfyAnyOf<T>(_ matchers: [Matcher<T>]) -> Matcher<T> {
    combine(matchers, "match one of: ", joiner: ", or ") { statuses in
        statuses.contains(.fail) ? .fail : statuses.contains(.matches) ? .matches : .doesNotMatch
    }
}

/// Both matchers must pass: `satisfyAllOf(left, right)`.
public func && <T>(left: Matcher<T>, right: Matcher<T>) -> Matcher<T> {
    satisfyAllOf(left, right)
}

/// Either matcher must pass: `satisfyAnyOf(left, right)`.
public func || <T>(left: Matcher<T>, right: Matcher<T>) -> Matcher<T> {
    satisfyAnyOf(left, right)
}

/// Passes when `matcher` does not: `expect(2).to(not(equal(3)))`.
public func not<T>(_ matcher: Matcher<T>) -> Matcher<T> {
    Matcher { expression in
        let result = try matcher.satisfies(expression)
        var message = result.message
        if message.plainText == nil { message.verb = "not " + message.verb }
        let status: MatcherStatus =
            switch result.status {
            case .matches: .doesNotMatch
            case .doesNotMatch: .matches
            case .fail: .fail
            }
        return MatcherResult(status: status, message: message)
    }
}

/// The shared shape of `satisfyAllOf` and `satisfyAnyOf`: every matcher sees the same (cached) value,
/// and the message lists each one's expectation in braces.
private func combine<T>(
    _ matchers: [Matcher<T>], _ lead: String, joiner: String, _ status: @escaping ([MatcherStatus]) -> MatcherStatus
) -> Matcher<T> {
    Matcher { expression in
        let subject = expression.withCaching()
        let results = try matchers.map { try $0.satisfies(subject) }
        let phrase = lead + results.map { "{\($0.message.expectedMessage)}" }.joined(separator: joiner)
        let message: ExpectationMessage =
            if let actual = try subject.evaluate() {
                .expectedCustomValueTo(phrase, actual: "\(actual)")
            } else {
                .expectedActualValueTo(phrase)
            }
        return MatcherResult(status: status(results.map(\.status)), message: message)
    }
    .requireNonNil
}

/// Passes when every matcher passes, any of them async: `satisfyAllOf(beGreaterThan(1), beLoaded())`.
public func satisfyAllOf<T>(_ matchers: any AsyncableMatcher<T>...) -> AsyncMatcher<T> {
    satisfyAllOf(matchers)
}

/// Passes when every matcher in the array passes, any of them async.
public func satisfyAllOf<T>(_ matchers: [any AsyncableMatcher<T>]) -> AsyncMatcher<T> {
    combine(matchers, "match all of: ", joiner: ", and ") { statuses in
        statuses.contains(.fail) ? .fail : statuses.contains(.doesNotMatch) ? .doesNotMatch : .matches
    }
}

/// Passes when at least one matcher passes, any of them async.
public func satisfyAnyOf<T>(_ matchers: any AsyncableMatcher<T>...) -> AsyncMatcher<T> {
    satisfyAnyOf(matchers)
}

/// Passes when at least one matcher in the array passes, any of them async.
public func satisfyAnyOf<T>(_ matchers: [any AsyncableMatcher<T>]) -> AsyncMatcher<T> {
    combine(matchers, "match one of: ", joiner: ", or ") { statuses in
        statuses.contains(.fail) ? .fail : statuses.contains(.matches) ? .matches : .doesNotMatch
    }
}

/// Both matchers must pass, either of them async.
public func && <T>(left: some AsyncableMatcher<T>, right: some AsyncableMatcher<T>) -> AsyncMatcher<T> {
    satisfyAllOf(left, right)
}

/// Either matcher must pass, either of them async.
public func || <T>(left: some AsyncableMatcher<T>, right: some AsyncableMatcher<T>) -> AsyncMatcher<T> {
    satisfyAnyOf(left, right)
}

/// Passes when the async `matcher` does not.
public func not<T>(_ matcher: AsyncMatcher<T>) -> AsyncMatcher<T> {
    AsyncMatcher { expression in
        let result = try await matcher.satisfies(expression)
        var message = result.message
        if message.plainText == nil { message.verb = "not " + message.verb }
        let status: MatcherStatus =
            switch result.status {
            case .matches: .doesNotMatch
            case .doesNotMatch: .matches
            case .fail: .fail
            }
        return MatcherResult(status: status, message: message)
    }
}

/// `combine` for async matchers.
private func combine<T>(
    _ matchers: [any AsyncableMatcher<T>], _ lead: String, joiner: String,
    _ status: @escaping ([MatcherStatus]) -> MatcherStatus
) -> AsyncMatcher<T> {
    AsyncMatcher { expression in
        let subject = expression.withCaching()
        var results: [MatcherResult] = []
        for matcher in matchers { results.append(try await matcher.satisfies(subject)) }
        let phrase = lead + results.map { "{\($0.message.expectedMessage)}" }.joined(separator: joiner)
        let message: ExpectationMessage =
            if let actual = try await subject.evaluate() {
                .expectedCustomValueTo(phrase, actual: "\(actual)")
            } else {
                .expectedActualValueTo(phrase)
            }
        return MatcherResult(status: status(results.map(\.status)), message: message)
    }
    .requireNonNil
}
