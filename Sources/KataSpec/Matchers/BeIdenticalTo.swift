import Foundation

/// Passes when the value is the very same object as `expected` (`===`):
/// `expected to be identical to <0x…>, got <0x…>`.
public func beIdenticalTo<T>(_ expected: AnyObject?) -> Matcher<T> {
    Matcher { expression in
        let object = flattenOptional(try expression.evaluate()).map { $0 as AnyObject }
        let message = ExpectationMessage(
            "be identical to", expected: .text(identityText(expected)), actual: .text(identityText(object)))
        guard object != nil else { return MatcherResult(status: .fail, message: message.appendedBeNilHint()) }
        return MatcherResult(bool: object === expected, message: message)
    }
}

/// A synonym of `beIdenticalTo`.
public func be<T>(_ expected: AnyObject?) -> Matcher<T> {
    beIdenticalTo(expected)
}

/// `expect(object) === other`.
public func === <T>(lhs: Expectation<T>, rhs: AnyObject?) {
    lhs.to(beIdenticalTo(rhs))
}

/// `expect(object) !== other`.
public func !== <T>(lhs: Expectation<T>, rhs: AnyObject?) {
    lhs.toNot(beIdenticalTo(rhs))
}

/// Nimble's internal `identityAsString`, under its name for Nimble's own tests (`@testable import`).
func identityAsString(_ value: Any?) -> String {
    identityText(flattenOptional(value).map { $0 as AnyObject })
}

/// Nimble's `identityAsString`: the object's address, `<0x600000c8c000>`, or `nil`.
func identityText(_ object: AnyObject?, null: String = "nil") -> String {
    guard let object else { return null }
    return String(describing: NSString(format: "<%p>", unsafeBitCast(object, to: Int.self)))
}
