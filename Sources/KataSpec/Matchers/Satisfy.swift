/// Passes when `predicate` holds for the value; `description` names it in the message.
public func satisfy<T>(_ description: String = "satisfy the predicate", _ predicate: @escaping (T) throws -> Bool)
    -> Matcher<T>
{
    .define(description, predicate)
}

/// Passes when every matcher passes.
public func satisfyAllOf<T>(_ matchers: Matcher<T>...) -> Matcher<T> {
    combine(matchers, "and", all: true)
}

/// Passes when at least one matcher passes.
public func satisfyAnyOf<T>(_ matchers: Matcher<T>...) -> Matcher<T> {
    combine(matchers, "or", all: false)
}

/// Both matchers must pass.
public func && <T>(left: Matcher<T>, right: Matcher<T>) -> Matcher<T> {
    combine([left, right], "and", all: true)
}

/// Either matcher must pass.
public func || <T>(left: Matcher<T>, right: Matcher<T>) -> Matcher<T> {
    combine([left, right], "or", all: false)
}

private func combine<T>(_ matchers: [Matcher<T>], _ joiner: String, all: Bool) -> Matcher<T> {
    Matcher { expression in
        let results = try matchers.map { try $0.satisfies(expression) }
        let phrase = results.map {
            $0.message.verb + ($0.message.expected.map { " " + show($0) } ?? "") + $0.message.qualifier
        }
        let matched = all ? results.allSatisfy { $0.status == .matches } : results.contains { $0.status == .matches }
        let message = ExpectationMessage(
            "{" + phrase.joined(separator: ", \(joiner) ") + "}", actual: results.first?.message.actual)
        return MatcherResult(bool: matched, message: message)
    }
}

private func show(_ shown: ExpectationMessage.Shown) -> String {
    switch shown {
    case .text(let text): text
    case .value(let value): "<\(stringify(value))>"
    }
}
