import Foundation

/// Nimble's default delta for `beCloseTo`: 0.0001.
public func defaultDelta<F: FloatingPoint>() -> F { 1 / 10000 }

/// Passes when the value is within `delta` of `expected` (strictly closer, as in Nimble).
public func beCloseTo<Value: FloatingPoint>(_ expected: Value, within delta: Value = defaultDelta()) -> Matcher<Value> {
    closeness(expected, delta) { abs($0 - expected) < delta }
}

/// Passes when the date is within `delta` seconds of `expected`.
public func beCloseTo(_ expected: Date, within delta: TimeInterval = defaultDelta()) -> Matcher<Date> {
    closeness(expected, delta) { abs($0.timeIntervalSince(expected)) < delta }
}

/// Passes when each value is within `delta` of the expected value at the same place.
public func beCloseTo<Value: FloatingPoint, Values: Collection>(
    _ expected: Values, within delta: Value = defaultDelta()
) -> Matcher<Values> where Values.Element == Value {
    let message = ExpectationMessage("be close to", expected: .value(Array(expected)))
    return Matcher { expression in
        guard let actual = try expression.evaluate() else {
            return MatcherResult(status: .fail, message: message.qualifiedEach(delta).with(actual: .value(nil)))
        }
        let matches =
            actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= delta }
        return MatcherResult(bool: matches, message: message.qualifiedEach(delta).with(actual: .value(Array(actual))))
    }
    .requireNonNil
}

extension ExpectationMessage {
    fileprivate func qualifiedEach<Value>(_ delta: Value) -> ExpectationMessage {
        var copy = self
        copy.qualifier = " (each within \(nimbleDescription(delta)))"
        return copy
    }
}

/// `be close to <1.2001> (within 0.0001)`, with the actual value; `nil` fails both ways with the beNil hint.
private func closeness<Value>(_ expected: Value, _ delta: Any, _ isClose: @escaping (Value) -> Bool) -> Matcher<Value> {
    Matcher { expression in
        let actual = try expression.evaluate()
        var message = ExpectationMessage("be close to", expected: .value(expected), actual: .value(actual))
        message.qualifier = " (within \(nimbleDescription(delta)))"
        guard let actual else { return MatcherResult(status: .fail, message: message.appendedBeNilHint()) }
        return MatcherResult(bool: isClose(actual), message: message)
    }
}

/// `expect(x) ≈ y`: `to(beCloseTo(y))`.
infix operator ≈ : ComparisonPrecedence

/// `expect(x) ≈ y`: the value is within 0.0001 of `y`.
public func ≈ <Value: FloatingPoint>(lhs: Expectation<Value>, rhs: Value) {
    lhs.to(beCloseTo(rhs))
}

/// `expect(x) ≈ (y, delta)` and `expect(x) ≈ y ± delta`.
public func ≈ <Value: FloatingPoint>(lhs: Expectation<Value>, rhs: (expected: Value, delta: Value)) {
    lhs.to(beCloseTo(rhs.expected, within: rhs.delta))
}

/// `expect(x) == (y, delta)` and `expect(x) == y ± delta`.
public func == <Value: FloatingPoint>(lhs: Expectation<Value>, rhs: (expected: Value, delta: Value)) {
    lhs.to(beCloseTo(rhs.expected, within: rhs.delta))
}

/// `expect(values) ≈ [y, z]`: each within 0.0001.
public func ≈ <Value>(lhs: Expectation<Value>, rhs: Value) where Value: Collection, Value.Element: FloatingPoint {
    lhs.to(beCloseTo(rhs))
}

/// `expect(date) ≈ other`: within 0.0001 seconds.
public func ≈ (lhs: Expectation<Date>, rhs: Date) {
    lhs.to(beCloseTo(rhs))
}

/// `expect(date) ≈ (other, delta)`.
public func ≈ (lhs: Expectation<Date>, rhs: (expected: Date, delta: TimeInterval)) {
    lhs.to(beCloseTo(rhs.expected, within: rhs.delta))
}

/// `expect(date) == (other, delta)`.
public func == (lhs: Expectation<Date>, rhs: (expected: Date, delta: TimeInterval)) {
    lhs.to(beCloseTo(rhs.expected, within: rhs.delta))
}

/// Binds tighter than comparison, so `y ± delta` reads as one expected value.
precedencegroup PlusMinusOperatorPrecedence {
    higherThan: BitwiseShiftPrecedence
}

infix operator ± : PlusMinusOperatorPrecedence

/// `y ± delta`: an expected value and its tolerance, for `≈` and `==`.
public func ± <Value: FloatingPoint>(lhs: Value, rhs: Value) -> (expected: Value, delta: Value) {
    (expected: lhs, delta: rhs)
}

/// `date ± seconds`.
public func ± (lhs: Date, rhs: TimeInterval) -> (expected: Date, delta: TimeInterval) {
    (expected: lhs, delta: rhs)
}
