import Foundation

// Foundation's classes as subjects, as Nimble takes them (`Matchers/MatcherProtocols.swift`, `BeEmpty.swift`,
// `BeginWith.swift`, `EndWith.swift`, `Contain.swift`, `BeCloseTo.swift`): code written against NSArray,
// NSDictionary, NSSet, NSIndexSet, NSString, NSNumber or NSDate keeps its expectations.

/// A Foundation collection that has a count: NSSet, NSIndexSet, NSDictionary, NSArray (Nimble's `NMBCollection`).
public protocol NMBCollection {
    /// How many elements it holds.
    var count: Int { get }
}

/// A Foundation collection in order: NSArray (Nimble's `NMBOrderedCollection`).
public protocol NMBOrderedCollection: NMBCollection {
    /// The element at `index`.
    func object(at index: Int) -> Any
}

/// A Foundation value that is a number of some kind: NSNumber, NSDate (Nimble's `NMBDoubleConvertible`).
public protocol NMBDoubleConvertible {
    /// The value as a `Double`; for a date, seconds since the reference date.
    var doubleValue: CDouble { get }
}

extension NSSet: NMBCollection {}
extension NSIndexSet: NMBCollection {}
extension NSDictionary: NMBCollection {}
extension NSArray: NMBOrderedCollection {}
extension NSNumber: NMBDoubleConvertible {}

extension NSDate: NMBDoubleConvertible {
    /// Seconds since the reference date.
    public var doubleValue: CDouble { timeIntervalSinceReferenceDate }
}

extension NSDate: TestOutputStringConvertible {
    /// The date as Nimble prints a `Date`: `2015-08-26 11:43:00.0050`.
    public var testDescription: String {
        Date(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate).testDescription
    }
}

/// Passes when the Foundation collection has no elements.
public func beEmpty() -> Matcher<NMBCollection> {
    Matcher.simple("be empty") { expression in
        guard let actual = try expression.evaluate() else { return .fail }
        return MatcherStatus(bool: actual.count == 0)
    }
}

/// Passes when the `NSString` has no characters.
public func beEmpty() -> Matcher<NSString> {
    Matcher.simple("be empty") { expression in
        guard let actual = try expression.evaluate() else { return .fail }
        return MatcherStatus(bool: actual.length == 0)
    }
}

/// Passes when the NSArray's first element is equal (`isEqual`) to `element`: `expected to begin with <a>, got …`.
public func beginWith(_ element: Any) -> Matcher<NMBOrderedCollection> {
    orderedElement("begin with <\(element)>", element) { _ in 0 }
}

/// Passes when the NSArray's last element is equal (`isEqual`) to `element`.
public func endWith(_ element: Any) -> Matcher<NMBOrderedCollection> {
    orderedElement("end with <\(element)>", element) { $0 - 1 }
}

private func orderedElement(_ message: String, _ element: Any, at index: @escaping (Int) -> Int)
    -> Matcher<NMBOrderedCollection>
{
    Matcher.simple(message) { expression in
        guard let collection = try expression.evaluate() else { return .fail }
        guard collection.count > 0 else { return .doesNotMatch }
        guard let object = collection.object(at: index(collection.count)) as? NSObject else { return .fail }
        return MatcherStatus(bool: object.isEqual(element))
    }
}

/// Passes when the `NSString` contains every one of `substrings`.
public func contain(_ substrings: NSString...) -> Matcher<NSString> {
    contain(substrings)
}

/// Passes when the `NSString` contains every element of `substrings`.
public func contain(_ substrings: [NSString]) -> Matcher<NSString> {
    Matcher.simple("contain <\(nimbleList(substrings))>") { expression in
        guard let actual = try expression.evaluate() else { return .fail }
        return MatcherStatus(bool: substrings.allSatisfy { actual.range(of: $0.description).length != 0 })
    }
}

/// Passes when the NSNumber or NSDate is strictly within `delta` of `expected`:
/// `expected to be close to <1.2001> (within 1.1), got <1.2>`.
public func beCloseTo<Value: NMBDoubleConvertible>(_ expected: Value, within delta: Double = 0.0001)
    -> Matcher<Value>
{
    Matcher.define { expression in
        let actual = try expression.evaluate()
        let message = ExpectationMessage.expectedCustomValueTo(
            "be close to <\(stringify(expected))> (within \(stringify(delta)))", actual: "<\(stringify(actual))>")
        let passed = actual.map { abs($0.doubleValue - expected.doubleValue) < delta } ?? false
        return MatcherResult(bool: passed, message: message)
    }
}

/// Passes when the Foundation collection holds `count` elements:
/// `expected to have NSArray with count 1, got 2. Actual Value: (1, 2)`.
public func haveCount(_ count: Int) -> Matcher<NMBCollection> {
    Matcher { expression in
        guard let actual = try expression.evaluate() else { return MatcherResult(status: .fail, message: .fail("")) }
        let kind =
            switch actual {
            case is NSArray: "NSArray"
            case is NSDictionary: "NSDictionary"
            case is NSSet: "NSSet"
            case is NSIndexSet: "NSIndexSet"
            default: "\(actual)"
            }
        let message = ExpectationMessage.expectedCustomValueTo(
            "have \(kind) with count \(count)", actual: "\(actual.count). Actual Value: \(stringify(actual))")
        return MatcherResult(bool: actual.count == count, message: message)
    }
}
