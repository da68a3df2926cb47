/// Passes when the value is less than `expected`.
public func beLessThan<T: Comparable>(_ expected: T) -> Matcher<T> {
    .define("be less than", expected: expected) { $0 < expected }
}

/// Passes when the value is less than or equal to `expected`.
public func beLessThanOrEqualTo<T: Comparable>(_ expected: T) -> Matcher<T> {
    .define("be less than or equal to", expected: expected) { $0 <= expected }
}

/// Passes when the value is greater than `expected`.
public func beGreaterThan<T: Comparable>(_ expected: T) -> Matcher<T> {
    .define("be greater than", expected: expected) { $0 > expected }
}

/// Passes when the value is greater than or equal to `expected`.
public func beGreaterThanOrEqualTo<T: Comparable>(_ expected: T) -> Matcher<T> {
    .define("be greater than or equal to", expected: expected) { $0 >= expected }
}

/// Passes when the value lies in the closed range (Kiwi's `beBetween:and:`, Expecta's `beInTheRangeOf`).
public func beWithin<T: Comparable>(_ range: ClosedRange<T>) -> Matcher<T> {
    .define("be within", expected: range) { range.contains($0) }
}

/// Passes when the value lies in the half-open range.
public func beWithin<T: Comparable>(_ range: Range<T>) -> Matcher<T> {
    .define("be within", expected: range) { range.contains($0) }
}

/// Passes when the value is within `delta` of `expected` (floating point).
public func beCloseTo<T: FloatingPoint>(_ expected: T, within delta: T = T(1) / T(10000)) -> Matcher<T> {
    Matcher.define("be close to", expected: expected) { abs($0 - expected) <= delta }
        .qualified(" (within \(stringify(delta)))")
}
