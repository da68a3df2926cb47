/// Passes when the value is `true`; `nil` fails both ways with the beNil hint.
public func beTrue() -> Matcher<Bool> {
    Matcher.predicate("be true") { $0 == true }
}

/// Passes when the value is `false`; `nil` fails both ways with the beNil hint.
public func beFalse() -> Matcher<Bool> {
    Matcher.predicate("be false") { $0 == false }
}

/// Passes when the value is `true` (for any type written with `true`/`false`); `nil` is not truthy.
public func beTruthy<T: ExpressibleByBooleanLiteral & Equatable>() -> Matcher<T> {
    Matcher.simpleNilable("be truthy") { expression in
        MatcherStatus(bool: try expression.evaluate() == (true as T))
    }
}

/// Passes when the value is not `true`, or is `nil`.
public func beFalsy<T: ExpressibleByBooleanLiteral & Equatable>() -> Matcher<T> {
    Matcher.simpleNilable("be falsy") { expression in
        MatcherStatus(bool: try expression.evaluate() != (true as T))
    }
}

/// Passes when the value is zero (KataSpec, for Kiwi's `beZero`).
public func beZero<T: Numeric>() -> Matcher<T> {
    Matcher.predicate("be zero") { $0 == .zero }
}
