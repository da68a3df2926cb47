import Foundation

// Expecta's spelling: `expect(x).to.equal(y)`, `.toNot`, `.notTo`, `.will`, `.willNot`, `.after(3)`.
// Matchers are methods, so forgetting the `()` of `beNil()` is a compile error here, while in
// Objective-C `expect(x).to.beNil;` silently did nothing. Failures are worded as Expecta's matchers word them
// (`src/matchers/EXPMatchers+*.m`): `expected: 2, got: 1`, `expected: a truthy value, got: 0, which is falsy`.

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

    /// Applies `matcher` worded with Expecta's sentences for `to` and `toNot`, made from the subject.
    func expecta(_ matcher: Matcher<Value>, words: @escaping (Value?) -> (to: String, notTo: String)) {
        match(
            Matcher { expression in
                var result = try matcher.satisfies(expression)
                let text = words(try? expression.evaluate())
                result.message = result.message.worded(.expecta, positive: text.to, negative: text.notTo)
                return result
            })
    }

    /// A check Expecta words with `to`/`notTo` sentences; `prerequisite` failing fails both ways.
    func expecta(
        _ test: @escaping (Value?) throws -> Bool, prerequisite: @escaping (Value?) -> String? = { _ in nil },
        words: @escaping (Value?) -> (to: String, notTo: String)
    ) {
        match(
            Matcher { expression in
                let actual = try expression.evaluate()
                if let problem = prerequisite(actual) {
                    return MatcherResult(status: .fail, message: ExpectationMessage.plain(problem))
                }
                let text = words(actual)
                return MatcherResult(
                    bool: try test(actual),
                    message: ExpectationMessage("").worded(.expecta, positive: text.to, negative: text.notTo))
            })
    }

    /// `expect(x).to.equal(y)`: `expected: 2, got: 1`; `nil` equals `nil`, as in Expecta.
    public func equal(_ expected: Value?) where Value: Equatable {
        expecta(
            { $0 == expected },
            words: { actual in
                (
                    "expected: \(describe(expected)), got: \(describe(actual))",
                    "expected: not \(describe(expected)), got: \(describe(actual))"
                )
            })
    }

    /// `expect(x).to.beIdenticalTo(y)`: the same object; `expected: <0x…>, got: <0x…>`.
    public func beIdenticalTo(_ expected: AnyObject?) {
        expecta(
            { flattenOptional($0).map { $0 as AnyObject } === expected },
            words: { actual in
                let subject = flattenOptional(actual).map { $0 as AnyObject }
                return (
                    "expected: \(identityText(expected, null: "<0x0>")), got: \(identityText(subject, null: "<0x0>"))",
                    "expected: not \(identityText(expected, null: "<0x0>")), got: \(identityText(subject, null: "<0x0>"))"
                )
            })
    }

    /// `expect(x).to.beNil()`: `expected: nil/null, got: 3`.
    public func beNil() {
        expecta(
            { flattenOptional($0) == nil },
            words: { actual in
                ("expected: nil/null, got: \(describe(actual))", "expected: not nil/null, got: \(describe(actual))")
            })
    }

    /// `expect(x).to.beNull()`, a synonym of `beNil()`.
    public func beNull() { beNil() }

    /// `expect(x).to.beInstanceOf(Car.self)`: exactly this class;
    /// `expected: an instance of Car, got: an instance of Truck`.
    public func beInstanceOf<T>(_ type: T.Type) {
        expecta(
            { $0.map { Swift.type(of: $0) == type } ?? false }, prerequisite: nilActual,
            words: { actual in
                let got = describeType(actual)
                return (
                    "expected: an instance of \(T.self), got: an instance of \(got)",
                    "expected: not an instance of \(T.self), got: an instance of \(got)"
                )
            })
    }

    /// A synonym of `beInstanceOf`.
    public func beMemberOf<T>(_ type: T.Type) { beInstanceOf(type) }

    /// `expect(x).to.beKindOf(Car.self)`: this class or a subclass;
    /// `expected: a kind of Car, got: an instance of Bus, which is not a kind of Car`.
    public func beKindOf<T>(_ type: T.Type) {
        expecta(
            { $0.map { $0 is T } ?? false }, prerequisite: nilActual,
            words: { actual in
                let got = describeType(actual)
                return (
                    "expected: a kind of \(T.self), got: an instance of \(got), which is not a kind of \(T.self)",
                    "expected: not a kind of \(T.self), got: an instance of \(got), which is a kind of \(T.self)"
                )
            })
    }

    /// `expect(SportsCar.self).to.beSubclassOf(Car.self)`: the subject is a class;
    /// `expected: a subclass of Car, got: a class Bus, which is not a subclass of Car`.
    public func beSubclassOf<T>(_ type: T.Type) {
        expecta(
            { $0.map { $0 is T.Type } ?? false },
            prerequisite: { actual in
                flattenOptional(actual).map { $0 is Any.Type } == true ? nil : "the actual value is not a Class"
            },
            words: { actual in
                let got = flattenOptional(actual).map { "\($0)" } ?? "nil"
                return (
                    "expected: a subclass of \(T.self), got: a class \(got), which is not a subclass of \(T.self)",
                    "expected: not a subclass of \(T.self), got: a class \(got), which is a subclass of \(T.self)"
                )
            })
    }

    /// `expect(x).to.conformTo(Engine.self)`: `expected: <x> to conform to Engine`.
    public func conformTo<T>(_ type: T.Type) {
        expecta(
            { $0.map { $0 is T } ?? false }, prerequisite: { $0 == nil ? "the object is nil/null" : nil },
            words: { actual in
                (
                    "expected: \(describe(actual)) to conform to \(T.self)",
                    "expected: \(describe(actual)) not to conform to \(T.self)"
                )
            })
    }

    /// `expect(x).to.raiseAny()`: the closure subject throws some error;
    /// `expected: any exception, got: no exception`.
    public func raiseAny() { raising(nil) { _ in true } }

    /// `expect { … }.to.raise(ParseError.self)`: the closure subject throws this type of error;
    /// `expected: ParseError, got: no exception`.
    public func raise<E: Error>(_ type: E.Type) { raising("\(E.self)") { $0 is E } }

    /// `expect { … }.to.raise(ParseError.empty)`: the closure subject throws this error.
    public func raise<E: Error & Equatable>(_ error: E) { raising("\(error)") { ($0 as? E) == error } }

    /// Expecta's `raise`: the names are the expected error and the thrown one.
    private func raising(_ name: String?, _ test: @escaping (any Error) -> Bool) {
        match(
            Matcher { expression in
                var caught: (any Error)?
                do { _ = try expression.evaluate() } catch { caught = error }
                let got = caught.map { name == nil || name!.first!.isUppercase ? typeName(of: $0) : "\($0)" }
                let message = ExpectationMessage("raise").worded(
                    .expecta, positive: "expected: \(name ?? "any exception"), got: \(got ?? "no exception")",
                    negative: "expected: \(name.map { "not " + $0 } ?? "no exception"), got: \(got ?? "no exception")")
                return MatcherResult(bool: caught.map(test) ?? false, message: message)
            })
    }

    /// `expect { … }.to.notify(name)`: the closure subject posts this notification;
    /// `expected: CarDidStart, got: none`.
    public func notify(_ name: Notification.Name) {
        let posted = postNotification(name) as Matcher<Value>
        expecta(
            posted,
            words: { _ in
                ("expected: \(name.rawValue), got: none", "expected: none, got: \(name.rawValue)")
            })
    }
}

extension ExpectaChain where Value == Bool {
    /// `expect(x).to.beTruthy()`: `expected: a truthy value, got: 0, which is falsy`.
    public func beTruthy() {
        expecta(
            { $0 == true },
            words: { actual in
                (
                    "expected: a truthy value, got: \(describe(actual)), which is falsy",
                    "expected: a non-truthy value, got: \(describe(actual)), which is truthy"
                )
            })
    }

    /// `expect(x).to.beFalsy()`: `expected: a falsy value, got: 1, which is truthy`.
    public func beFalsy() {
        expecta(
            { $0 != true },
            words: { actual in
                (
                    "expected: a falsy value, got: \(describe(actual)), which is truthy",
                    "expected: a non-falsy value, got: \(describe(actual)), which is falsy"
                )
            })
    }
}

extension ExpectaChain where Value: Comparable {
    /// `expect(x).to.beLessThan(y)`: `expected: 5 to be less than 3`.
    public func beLessThan(_ expected: Value) { comparing("be less than", expected) { $0 < $1 } }
    /// `expect(x).to.beLessThanOrEqualTo(y)`
    public func beLessThanOrEqualTo(_ expected: Value) { comparing("be less than or equal to", expected) { $0 <= $1 } }
    /// `expect(x).to.beGreaterThan(y)`
    public func beGreaterThan(_ expected: Value) { comparing("be greater than", expected) { $0 > $1 } }
    /// `expect(x).to.beGreaterThanOrEqualTo(y)`
    public func beGreaterThanOrEqualTo(_ expected: Value) {
        comparing("be greater than or equal to", expected) { $0 >= $1 }
    }

    private func comparing(_ phrase: String, _ expected: Value, _ holds: @escaping (Value, Value) -> Bool) {
        expecta(
            { $0.map { holds($0, expected) } ?? false },
            words: { actual in
                (
                    "expected: \(describe(actual)) to \(phrase) \(describe(expected))",
                    "expected: \(describe(actual)) not to \(phrase) \(describe(expected))"
                )
            })
    }

    /// `expect(x).to.beInTheRangeOf(a, b)`: `expected: 7 to be in the range [1, 5] (inclusive)`.
    public func beInTheRangeOf(_ low: Value, _ high: Value) {
        expecta(
            { $0.map { (low...high).contains($0) } ?? false },
            words: { actual in
                (
                    "expected: \(describe(actual)) to be in the range [\(describe(low)), \(describe(high))] (inclusive)",
                    "expected: \(describe(actual)) not to be in the range [\(describe(low)), \(describe(high))] (inclusive)"
                )
            })
    }
}

extension ExpectaChain where Value: BinaryFloatingPoint {
    /// `expect(x).to.beCloseTo(y)`: equal but for rounding (a relative `FLT_EPSILON`, as in Expecta);
    /// `expected 2.0 to be close to 1.0`.
    public func beCloseTo(_ expected: Value) {
        expecta(
            { actual in
                guard let actual else { return false }
                let largest = Swift.max(abs(actual), abs(expected))
                return abs(actual - expected) <= largest * Value(Float.ulpOfOne)
            },
            words: { actual in
                (
                    "expected \(describe(actual)) to be close to \(describe(expected))",
                    "expected \(describe(actual)) not to be close to \(describe(expected))"
                )
            })
    }

    /// `expect(x).to.beCloseToWithin(y, delta)`: `expected 2.0 to be close to 1.0 within 0.1`.
    public func beCloseToWithin(_ expected: Value, _ delta: Value) {
        expecta(
            { $0.map { $0 >= expected - delta && $0 <= expected + delta } ?? false },
            words: { actual in
                (
                    "expected \(describe(actual)) to be close to \(describe(expected)) within \(describe(delta))",
                    "expected \(describe(actual)) not to be close to \(describe(expected)) within \(describe(delta))"
                )
            })
    }
}

extension ExpectaChain where Value: Collection {
    /// `expect(x).to.beEmpty()`: `expected (1) to have a count of 0 but got 1`.
    public func beEmpty() { haveCountOf(0) }

    /// `expect(x).to.haveCountOf(3)`: `expected (1, 2) to have a count of 3 but got 2`.
    public func haveCountOf(_ count: Int) {
        expecta(
            { $0.map { $0.count == count } ?? false }, prerequisite: { $0 == nil ? notCountable : nil },
            words: { actual in
                (
                    "expected \(describe(actual)) to have a count of \(count) but got \(actual?.count ?? 0)",
                    "expected \(describe(actual)) not to have a count of \(count)"
                )
            })
    }

    /// A synonym of `haveCountOf`.
    public func haveCount(_ count: Int) { haveCountOf(count) }
    /// A synonym of `haveCountOf`.
    public func haveLengthOf(_ count: Int) { haveCountOf(count) }
}

extension ExpectaChain where Value: Sequence, Value.Element: Equatable {
    /// `expect(array).to.contain(x)`: `expected (1, 2) to contain 4`.
    public func contain(_ element: Value.Element) {
        expecta(
            { $0.map { $0.contains(element) } ?? false }, prerequisite: { $0 == nil ? notEnumerable : nil },
            words: { actual in
                (
                    "expected \(describe(actual)) to contain \(describe(element))",
                    "expected \(describe(actual)) not to contain \(describe(element))"
                )
            })
    }

    /// `expect(array).to.beSupersetOf([x, y])`: `expected (1) to be a superset of (2)`.
    public func beSupersetOf(_ elements: [Value.Element]) {
        expecta(
            { actual in actual.map { set in elements.allSatisfy { set.contains($0) } } ?? false },
            words: { actual in
                (
                    "expected \(describe(actual)) to be a superset of \(describe(elements))",
                    "expected \(describe(actual)) not to be a superset of \(describe(elements))"
                )
            })
    }
}

extension ExpectaChain where Value: BidirectionalCollection, Value.Element: Equatable {
    /// `expect(array).to.beginWith(x)`: `expected: [1, 2] to begin with 3`.
    public func beginWith(_ element: Value.Element) {
        affix("begin with", element) { $0.first == element }
    }
    /// A synonym of `beginWith`.
    public func startWith(_ element: Value.Element) { beginWith(element) }
    /// `expect(array).to.endWith(x)`
    public func endWith(_ element: Value.Element) {
        affix("end with", element) { $0.last == element }
    }

    private func affix(_ phrase: String, _ element: Value.Element, _ test: @escaping (Value) -> Bool) {
        expecta(
            { $0.map(test) ?? false }, prerequisite: { $0 == nil ? "the object is nil/null" : nil },
            words: { actual in
                (
                    "expected: \(describe(actual)) to \(phrase) \(describe(element))",
                    "expected: \(describe(actual)) not to \(phrase) \(describe(element))"
                )
            })
    }
}

extension ExpectaChain where Value == String {
    /// `expect(text).to.contain("car")`: `expected a bus to contain car`.
    public func contain(_ substring: String) {
        expecta(
            { $0.map { $0.contains(substring) } ?? false }, prerequisite: { $0 == nil ? notEnumerable : nil },
            words: { actual in
                (
                    "expected \(describe(actual)) to contain \(substring)",
                    "expected \(describe(actual)) not to contain \(substring)"
                )
            })
    }
    /// `expect(text).to.beginWith("Car")`: `expected: Bus to begin with Car`.
    public func beginWith(_ prefix: String) { stringAffix("begin with", prefix) { $0.hasPrefix(prefix) } }
    /// A synonym of `beginWith`.
    public func startWith(_ prefix: String) { beginWith(prefix) }
    /// `expect(text).to.endWith("s")`
    public func endWith(_ suffix: String) { stringAffix("end with", suffix) { $0.hasSuffix(suffix) } }

    private func stringAffix(_ phrase: String, _ text: String, _ test: @escaping (String) -> Bool) {
        expecta(
            { $0.map(test) ?? false }, prerequisite: { $0 == nil ? "the object is nil/null" : nil },
            words: { actual in
                (
                    "expected: \(describe(actual)) to \(phrase) \(text)",
                    "expected: \(describe(actual)) not to \(phrase) \(text)"
                )
            })
    }

    /// `expect(text).to.match("^[A-Z]")`: a regular expression; `expected: abc to match to ^[A-Z]`.
    public func match(_ pattern: String) {
        expecta(
            { actual in actual.map { $0.range(of: pattern, options: .regularExpression) != nil } ?? false },
            prerequisite: { $0 == nil ? "the object is nil/null" : nil },
            words: { actual in
                (
                    "expected: \(describe(actual)) to match to \(pattern)",
                    "expected: \(describe(actual)) not to match to \(pattern)"
                )
            })
    }
}

private func describe(_ value: Any?) -> String { expectaDescription(value) }

/// Expecta's `EXPDescribeObject` (`ExpectaSupport.m`): `nil/null` for nil, Booleans as `1`/`0` (Expecta boxes
/// them as numbers), arrays as `(1, 2)`, sets as `{(1, 2)}`, dictionaries as `{a = 1; b = 2;}`, strings bare,
/// and any other description with its line breaks written `\n`.
func expectaDescription(_ value: Any?) -> String {
    guard let value = flattenOptional(value) else { return "nil/null" }
    if let flag = value as? Bool, type(of: value) == Bool.self { return flag ? "1" : "0" }
    if let string = value as? String { return string }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .collection:
        return "(" + mirror.children.map { expectaDescription($0.value) }.joined(separator: ", ") + ")"
    case .set:
        return "{(" + mirror.children.map { expectaDescription($0.value) }.joined(separator: ", ") + ")}"
    case .dictionary:
        let pairs = mirror.children.map { child -> String in
            let pair = Mirror(reflecting: child.value).children.map(\.value)
            guard pair.count == 2 else { return expectaDescription(child.value) + ";" }
            return "\(expectaDescription(pair[0])) = \(expectaDescription(pair[1]));"
        }
        return "{" + pairs.joined(separator: " ") + "}"
    default:
        return stringify(value, quotingStrings: false).replacingOccurrences(of: "\n", with: "\\n")
    }
}

/// The type Expecta names after "an instance of".
private func describeType(_ value: Any?) -> String {
    flattenOptional(value).map(typeName(of:)) ?? "nil"
}

/// Expecta's type matchers need a subject.
private func nilActual(_ value: Any?) -> String? {
    flattenOptional(value) == nil ? "the actual value is nil/null" : nil
}

private let notCountable = "nil/null is not an instance of NSString, NSArray, NSSet, or NSDictionary"
private let notEnumerable = "nil/null is not an instance of NSString or NSFastEnumeration"
