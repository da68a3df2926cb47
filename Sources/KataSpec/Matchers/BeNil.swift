/// Passes when the value is `nil`.
public func beNil<T>() -> Matcher<T> {
    Matcher.simpleNilable("be nil") { expression in
        MatcherStatus(bool: flattenOptional(try expression.evaluate()) == nil)
    }
}

/// Nimble's `nil` on the right of `==` and `!=`: `expect(x) == nil`.
public struct ExpectationNil: ExpressibleByNilLiteral {
    /// Creates the `nil` literal.
    public init(nilLiteral: ()) {}
}

extension Expectation {
    /// `expect(x) == nil`: the same as `to(beNil())`.
    public static func == (lhs: Expectation, rhs: ExpectationNil) {
        lhs.to(beNil())
    }

    /// `expect(x) != nil`: the same as `toNot(beNil())`.
    public static func != (lhs: Expectation, rhs: ExpectationNil) {
        lhs.toNot(beNil())
    }
}
