import Foundation

// Expecta's spelling: `expect(x).to.equal(y)`, `.toNot`, `.notTo`, `.will`, `.willNot`, `.after(3)`.
// Matchers are methods, so forgetting the `()` of `beNil()` is a compile error here, while in
// Objective-C `expect(x).to.beNil;` silently did nothing.

/// How long `.will` and `.willNot` poll: Expecta's default asynchronous timeout, one second.
public let defaultExpectaTimeout: TimeInterval = 1

extension Expectation {
    /// Expecta: the matcher that follows must match.
    public var to: ExpectaChain<Value> { ExpectaChain(expectation: self, negated: false, timeout: pollTimeout) }
    /// Expecta: the matcher that follows must not match.
    public var toNot: ExpectaChain<Value> { ExpectaChain(expectation: self, negated: true, timeout: pollTimeout) }
    /// Expecta: a synonym of `toNot`.
    public var notTo: ExpectaChain<Value> { toNot }
    /// Expecta: the matcher must match within the timeout (polling).
    public var will: ExpectaChain<Value> {
        ExpectaChain(expectation: self, negated: false, timeout: pollTimeout ?? defaultExpectaTimeout)
    }
    /// Expecta: the matcher must stop matching within the timeout (polling).
    public var willNot: ExpectaChain<Value> {
        ExpectaChain(expectation: self, negated: true, timeout: pollTimeout ?? defaultExpectaTimeout)
    }

    /// Expecta: poll for up to `seconds` — `expect(x).after(3).to.equal(y)`.
    public func after(_ seconds: TimeInterval) -> Expectation {
        var copy = self
        copy.pollTimeout = seconds
        return copy
    }
}

/// The second half of an Expecta sentence: `to`/`toNot`/`will`/`willNot`, then a matcher method.
public struct ExpectaChain<Value> {
    let expectation: Expectation<Value>
    let negated: Bool
    let timeout: TimeInterval?

    /// Applies any matcher from the catalog (or your own) in Expecta's wording.
    public func match(_ matcher: Matcher<Value>) {
        if let timeout {
            expectation.verifyPolling(
                matcher, negated ? .toEventuallyNot : .toEventually, style: .expecta, timeout: timeout)
        } else {
            expectation.verify(matcher, negated ? .toNot : .to, style: .expecta)
        }
    }

    /// `expect(x).to.equal(y)`
    public func equal(_ expected: Value?) where Value: Equatable { match(KataSpec.equal(expected)) }
    /// `expect(x).to.beIdenticalTo(y)`: the same object.
    public func beIdenticalTo(_ expected: AnyObject?) { match(KataSpec.beIdenticalTo(expected)) }
    /// `expect(x).to.beNil()`
    public func beNil() { match(KataSpec.beNil()) }
    /// `expect(x).to.beNull()`, a synonym of `beNil()`.
    public func beNull() { match(KataSpec.beNil()) }
    /// `expect(x).to.beInstanceOf(Car.self)`: exactly this class.
    public func beInstanceOf<T>(_ type: T.Type) { match(beAnInstanceOf(type)) }
    /// A synonym of `beInstanceOf`.
    public func beMemberOf<T>(_ type: T.Type) { match(beAnInstanceOf(type)) }
    /// `expect(x).to.beKindOf(Car.self)`: this class or a subclass.
    public func beKindOf<T>(_ type: T.Type) { match(beAKindOf(type)) }
    /// `expect(SportsCar.self).to.beSubclassOf(Car.self)`: the subject is a class.
    public func beSubclassOf<T>(_ type: T.Type) { match(KataSpec.beSubclassOf(type)) }
    /// `expect(x).to.conformTo(Engine.self)`: the subject conforms to the protocol.
    public func conformTo<T>(_ type: T.Type) { match(beAKindOf(type)) }
    /// `expect(x).to.raiseAny()`: the closure subject throws some error.
    public func raiseAny() { match(throwError()) }
    /// `expect { … }.to.raise(ParseError.self)`: the closure subject throws this type of error.
    public func raise<E: Error>(_ type: E.Type) { match(throwError(errorType: type)) }
    /// `expect { … }.to.raise(ParseError.empty)`: the closure subject throws this error.
    public func raise<E: Error & Equatable>(_ error: E) { match(throwError(error)) }
    /// `expect { … }.to.notify(name)`: the closure subject posts this notification.
    public func notify(_ name: Notification.Name) { match(postNotification(name)) }
}

extension ExpectaChain where Value == Bool {
    /// `expect(x).to.beTruthy()`
    public func beTruthy() { match(KataSpec.beTruthy()) }
    /// `expect(x).to.beFalsy()`
    public func beFalsy() { match(KataSpec.beFalsy()) }
}

extension ExpectaChain where Value: Comparable {
    /// `expect(x).to.beLessThan(y)`
    public func beLessThan(_ expected: Value) { match(KataSpec.beLessThan(expected)) }
    /// `expect(x).to.beLessThanOrEqualTo(y)`
    public func beLessThanOrEqualTo(_ expected: Value) { match(KataSpec.beLessThanOrEqualTo(expected)) }
    /// `expect(x).to.beGreaterThan(y)`
    public func beGreaterThan(_ expected: Value) { match(KataSpec.beGreaterThan(expected)) }
    /// `expect(x).to.beGreaterThanOrEqualTo(y)`
    public func beGreaterThanOrEqualTo(_ expected: Value) { match(KataSpec.beGreaterThanOrEqualTo(expected)) }
    /// `expect(x).to.beInTheRangeOf(low, high)`
    public func beInTheRangeOf(_ low: Value, _ high: Value) { match(beWithin(low...high)) }
}

extension ExpectaChain where Value: FloatingPoint {
    /// `expect(x).to.beCloseTo(y)`
    public func beCloseTo(_ expected: Value) { match(KataSpec.beCloseTo(expected)) }
    /// `expect(x).to.beCloseToWithin(y, delta)`
    public func beCloseToWithin(_ expected: Value, _ delta: Value) {
        match(KataSpec.beCloseTo(expected, within: delta))
    }
}

extension ExpectaChain where Value: Collection {
    /// `expect(x).to.beEmpty()`
    public func beEmpty() { match(KataSpec.beEmpty()) }
    /// `expect(x).to.haveCountOf(3)`
    public func haveCountOf(_ count: Int) { match(KataSpec.haveCount(count)) }
    /// A synonym of `haveCountOf`.
    public func haveCount(_ count: Int) { match(KataSpec.haveCount(count)) }
    /// A synonym of `haveCountOf`.
    public func haveLengthOf(_ count: Int) { match(KataSpec.haveCount(count)) }
}

extension ExpectaChain where Value: Sequence, Value.Element: Equatable {
    /// `expect(array).to.contain(x)`
    public func contain(_ element: Value.Element) { match(KataSpec.containAll([element])) }
    /// `expect(array).to.beSupersetOf([x, y])`
    public func beSupersetOf(_ elements: [Value.Element]) { match(containAll(elements)) }
}

extension ExpectaChain where Value: BidirectionalCollection, Value.Element: Equatable {
    /// `expect(array).to.beginWith(x)`
    public func beginWith(_ element: Value.Element) { match(KataSpec.beginWith(element)) }
    /// A synonym of `beginWith`.
    public func startWith(_ element: Value.Element) { match(KataSpec.beginWith(element)) }
    /// `expect(array).to.endWith(x)`
    public func endWith(_ element: Value.Element) { match(KataSpec.endWith(element)) }
}

extension ExpectaChain where Value == String {
    /// `expect(text).to.contain("car")`
    public func contain(_ substring: String) { match(KataSpec.contain(substring)) }
    /// `expect(text).to.beginWith("Car")`
    public func beginWith(_ prefix: String) { match(KataSpec.beginWith(prefix)) }
    /// A synonym of `beginWith`.
    public func startWith(_ prefix: String) { match(KataSpec.beginWith(prefix)) }
    /// `expect(text).to.endWith("s")`
    public func endWith(_ suffix: String) { match(KataSpec.endWith(suffix)) }
    /// `expect(text).to.match("^[A-Z]")`: a regular expression.
    public func match(_ pattern: String) { match(KataSpec.match(pattern)) }
}
