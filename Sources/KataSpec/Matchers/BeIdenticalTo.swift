/// Passes when the value is the very same object as `expected` (`===`).
public func beIdenticalTo<T>(_ expected: AnyObject?) -> Matcher<T> {
    Matcher { expression in
        let actual = try expression.evaluate()
        let object = actual.flatMap { $0 as AnyObject }
        let message = ExpectationMessage(
            "be identical to", expected: .text(identity(expected)), actual: .text(identity(object)))
        return MatcherResult(bool: object != nil && object === expected, message: message)
    }
}

/// A synonym of `beIdenticalTo`.
public func be<T>(_ expected: AnyObject?) -> Matcher<T> {
    beIdenticalTo(expected)
}

private func identity(_ object: AnyObject?) -> String {
    guard let object else { return "nil" }
    return "\(stringify(object)) (\(ObjectIdentifier(object)))"
}
