/// Passes when the value is an instance of `type` or of a subtype, or conforms to protocol `type`.
public func beAKindOf<T, Expected>(_ type: Expected.Type) -> Matcher<T> {
    Matcher { expression in
        let actual = try expression.evaluate()
        let message = ExpectationMessage(
            "be a kind of", expected: .text("\(type)"), actual: .text(typeDescription(actual)))
        guard let actual = flattenOptional(actual) else { return MatcherResult(status: .fail, message: message) }
        return MatcherResult(bool: actual is Expected, message: message)
    }
}

/// Passes when the value's dynamic type is exactly `type`.
public func beAnInstanceOf<T, Expected>(_ type: Expected.Type) -> Matcher<T> {
    Matcher { expression in
        let actual = try expression.evaluate()
        let message = ExpectationMessage(
            "be an instance of", expected: .text("\(type)"), actual: .text(typeDescription(actual)))
        guard let actual = flattenOptional(actual) else { return MatcherResult(status: .fail, message: message) }
        return MatcherResult(bool: Swift.type(of: actual) == type, message: message)
    }
}

/// "<value> (Type)" for type failures, or "nil".
func typeDescription(_ value: Any?) -> String {
    guard let value = flattenOptional(value) else { return "nil" }
    return "<\(stringify(value))> (\(type(of: value)))"
}

/// Passes when the value is a class (a metatype) that is `type` or a subclass of it.
public func beSubclassOf<T, Expected>(_ type: Expected.Type) -> Matcher<T> {
    Matcher { expression in
        let actual = flattenOptional(try expression.evaluate())
        let message = ExpectationMessage(
            "be a subclass of", expected: .text("\(type)"), actual: .text(actual.map { "\($0)" } ?? "nil"))
        guard let actual else { return MatcherResult(status: .fail, message: message) }
        return MatcherResult(bool: actual is Expected.Type, message: message)
    }
}
