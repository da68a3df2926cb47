/// Matches the value `transform` makes of the subject (Nimble's `Map.swift`): `map(\.name, equal("Ada"))`.
public func map<T, U>(_ transform: @escaping (T) throws -> U, _ matcher: Matcher<U>) -> Matcher<T> {
    Matcher { expression in
        try matcher.satisfies(expression.cast { value in try value.map(transform) })
    }
}

/// `map` with a transform that may return `nil`, which the matcher then judges.
public func map<T, U>(_ transform: @escaping (T) throws -> U?, _ matcher: Matcher<U>) -> Matcher<T> {
    Matcher { expression in
        try matcher.satisfies(expression.cast { value in try value.flatMap(transform) })
    }
}

/// `map` with a transform or a matcher that awaits.
public func map<T, U>(_ transform: @escaping (T) async throws -> U, _ matcher: some AsyncableMatcher<U>)
    -> AsyncMatcher<T>
{
    AsyncMatcher { expression in
        try await matcher.satisfies(
            expression.cast { value in
                guard let value else { return nil }
                return try await transform(value)
            })
    }
}

/// `map` with a transform that awaits and may return `nil`.
public func map<T, U>(_ transform: @escaping (T) async throws -> U?, _ matcher: some AsyncableMatcher<U>)
    -> AsyncMatcher<T>
{
    AsyncMatcher { expression in
        try await matcher.satisfies(
            expression.cast { value in
                guard let value else { return nil }
                return try await transform(value)
            })
    }
}

/// Matches the value `transform` makes of the subject, failing both ways when it makes none:
/// `expected to Map from String to Int`.
public func compactMap<T, U>(_ transform: @escaping (T) throws -> U?, _ matcher: Matcher<U>) -> Matcher<T> {
    Matcher { expression in
        let message = ExpectationMessage.expectedTo("Map from \(T.self) to \(U.self)")
        guard let value = try expression.evaluate() else {
            return MatcherResult(status: .fail, message: message.appendedBeNilHint())
        }
        guard let transformed = try transform(value) else { return MatcherResult(status: .fail, message: message) }
        return try matcher.satisfies(Expression(location: expression.location) { transformed })
    }
}

/// `compactMap` with a transform or a matcher that awaits.
public func compactMap<T, U>(_ transform: @escaping (T) async throws -> U?, _ matcher: some AsyncableMatcher<U>)
    -> AsyncMatcher<T>
{
    AsyncMatcher { expression in
        let message = ExpectationMessage.expectedTo("Map from \(T.self) to \(U.self)")
        guard let value = try await expression.evaluate() else {
            return MatcherResult(status: .fail, message: message.appendedBeNilHint())
        }
        guard let transformed = try await transform(value) else {
            return MatcherResult(status: .fail, message: message)
        }
        return try await matcher.satisfies(AsyncExpression(location: expression.location) { transformed })
    }
}
