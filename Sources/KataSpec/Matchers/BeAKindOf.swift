/// Passes when the value is an instance of `type` or of a subtype, or conforms to protocol `type`:
/// `expected to be a kind of String, got <Int instance>`.
public func beAKindOf<T, Expected>(_ type: Expected.Type) -> Matcher<T> {
    typeMatcher("be a kind of", type) { $0 is Expected }
}

/// Passes when the value's dynamic type is exactly `type`.
public func beAnInstanceOf<T, Expected>(_ type: Expected.Type) -> Matcher<T> {
    typeMatcher("be an instance of", type) { Swift.type(of: $0) == type }
}

/// The shared shape of the type matchers; `nil` fails both ways with the beNil hint.
private func typeMatcher<T, Expected>(_ verb: String, _ type: Expected.Type, _ test: @escaping (Any) -> Bool)
    -> Matcher<T>
{
    Matcher { expression in
        let actual = flattenOptional(try expression.evaluate())
        let message = ExpectationMessage(
            verb, expected: .text(String(describing: type)), actual: .text(actual.map(instanceText) ?? "<nil>"))
        guard let actual else { return MatcherResult(status: .fail, message: message.appendedBeNilHint()) }
        return MatcherResult(bool: test(actual), message: message)
    }
}

/// `<Int instance>`: how Nimble names the actual value's type.
func instanceText(_ value: Any) -> String {
    "<\(typeName(of: value)) instance>"
}

/// Passes when the value is a class (a metatype) that is `type` or a subclass of it (KataSpec, for Kiwi's
/// `beSubclassOfClass:` and Expecta's `beSubclassOf`).
public func beSubclassOf<T, Expected>(_ type: Expected.Type) -> Matcher<T> {
    Matcher { expression in
        let actual = flattenOptional(try expression.evaluate())
        let message = ExpectationMessage(
            "be a subclass of", expected: .text(String(describing: type)),
            actual: .text(actual.map { "<\($0)>" } ?? "<nil>"))
        guard let actual else { return MatcherResult(status: .fail, message: message.appendedBeNilHint()) }
        return MatcherResult(bool: actual is Expected.Type, message: message)
    }
}

/// "<value> (Type)" for messages about a value's type, or "<nil>".
func typeDescription(_ value: Any?) -> String {
    guard let value = flattenOptional(value) else { return "<nil>" }
    return "<\(stringify(value, quotingStrings: false))> (\(typeName(of: value)))"
}
