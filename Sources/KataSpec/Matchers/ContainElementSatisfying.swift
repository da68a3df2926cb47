/// Passes when some element makes `predicate` true (Nimble's `ContainElementSatisfying.swift`):
/// `expected to find object in collection that satisfies matcher`, or `… in collection <description>`.
public func containElementSatisfying<S: Sequence>(
    _ predicate: @escaping (S.Element) -> Bool, _ description: String = ""
) -> Matcher<S> {
    Matcher.define { expression in
        let message = findMessage(description)
        guard let sequence = try expression.evaluate() else { return MatcherResult(status: .fail, message: message) }
        return MatcherResult(bool: sequence.contains(where: predicate), message: message)
    }
}

/// Passes when some element makes the async `predicate` true.
public func containElementSatisfying<S: Sequence>(
    _ predicate: @escaping (S.Element) async -> Bool, _ description: String = ""
) -> AsyncMatcher<S> {
    AsyncMatcher.define { expression in
        let message = findMessage(description)
        guard let sequence = try await expression.evaluate() else {
            return MatcherResult(status: .fail, message: message)
        }
        for element in sequence where await predicate(element) {
            return MatcherResult(bool: true, message: message)
        }
        return MatcherResult(bool: false, message: message)
    }
}

private func findMessage(_ description: String) -> ExpectationMessage {
    .expectedTo("find object in collection " + (description.isEmpty ? "that satisfies matcher" : description))
}
