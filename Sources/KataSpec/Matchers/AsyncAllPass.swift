/// Passes when an async matcher matches every element (Nimble's `AsyncAllPass.swift`).
public func allPass<S: Sequence>(_ matcher: AsyncMatcher<S.Element>) -> AsyncMatcher<S> {
    AsyncMatcher { expression in
        guard let actual = try await expression.evaluate() else {
            return MatcherResult(status: .fail, message: ExpectationMessage.expectedTo("all pass").appendedBeNilHint())
        }
        var last = ExpectationMessage.expectedTo("all pass")
        for element in actual {
            let result = try await matcher.satisfies(
                AsyncExpression(location: expression.location, isClosure: false) { element })
            var inner = result.message
            inner.verb = "all " + inner.verb
            inner.actual = nil
            inner.showsSubject = false
            last = inner
            guard result.status == .matches else {
                let failure = inner.appended(
                    message:
                        ", but failed first at element <\(nimbleDescription(element))> in <\(nimbleDescription(actual))>"
                )
                return MatcherResult(status: .doesNotMatch, message: failure)
            }
        }
        return MatcherResult(status: .matches, message: last)
    }
}

/// Passes when the async `passes` holds for every element: `allPass { await $0.isReady }`.
public func allPass<S: Sequence>(_ passes: @escaping (S.Element) async throws -> Bool) -> AsyncMatcher<S> {
    allPass("pass a condition", passes)
}

/// Passes when the async `passes` holds for every element; `name` says what it checks.
public func allPass<S: Sequence>(_ name: String, _ passes: @escaping (S.Element) async throws -> Bool)
    -> AsyncMatcher<S>
{
    allPass(
        AsyncMatcher<S.Element>.define(name) { expression, message in
            guard let element = try await expression.evaluate() else {
                return MatcherResult(status: .fail, message: message)
            }
            return MatcherResult(bool: try await passes(element), message: message)
        })
}
