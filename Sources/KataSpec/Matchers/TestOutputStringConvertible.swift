import Foundation

/// A type with its own text in failure messages (Nimble's protocol of the same name).
///
/// Conform a type to choose how the Nimble face prints it: `extension Money: TestOutputStringConvertible
/// { var testDescription: String { "\(amount) \(currency)" } }`.
public protocol TestOutputStringConvertible {
    /// The text printed for the value in failure messages.
    var testDescription: String { get }
}

/// How Nimble's `stringify` prints a value (Nimble's `Utils/Stringers.swift`): strings as they are,
/// arrays element by element (`[1, 2]`, `[Optional(1), nil]`; an NSArray or NSIndexSet `(1, 2)`), floating point through `NSNumber`
/// (at most four decimals), `Data` as `Data<hash=…,length=…>`, and anything else by its
/// `debugDescription`, else its description (`Set([1, 2])`, `["a": 1]`).
///
/// `value` is the subject as the matcher saw it: `nil` prints `nil`, a nested optional `Optional(…)`.
func nimbleDescription(_ value: Any?) -> String {
    guard let value else { return "nil" }
    return describeForNimble(value)
}

/// The same for a value that may itself be an optional: an element of `[Int?]` prints `Optional(1)`.
private func describeForNimble(_ value: Any) -> String {
    if Mirror(reflecting: value).displayStyle == .optional { return String(reflecting: value) }
    switch value {
    case let custom as any TestOutputStringConvertible: return custom.testDescription
    case let string as String: return string
    // An NSNumber first: in an NSArray it would otherwise be read as a Double, `1.0` for `1`.
    case let number as NSNumber where type(of: value) is NSNumber.Type: return nimbleNumber(number)
    case let number as Double: return nimbleNumber(NSNumber(value: number))
    case let number as Float: return nimbleNumber(NSNumber(value: number))
    case let data as Data: return "Data<hash=\((data as NSData).hash),length=\(data.count)>"
    case let array as any NimbleArray: return "[" + array.elementsForNimble.joined(separator: ", ") + "]"
    // Nimble's own text for these two (`Utils/Stringers.swift`): their descriptions span lines.
    case let array as NSArray where type(of: value) is AnyClass:
        return "(" + array.map(describeForNimble).joined(separator: ", ") + ")"
    case let indexes as NSIndexSet where type(of: value) is AnyClass:
        return "(" + indexes.map { "\($0)" }.joined(separator: ", ") + ")"
    default: break
    }
    if let debug = value as? any CustomDebugStringConvertible { return debug.debugDescription }
    return stringify(value, quotingStrings: false)
}

/// Nimble's `NSNumber.testDescription`: at most four decimals, as many as the number shows up to then.
private func nimbleNumber(_ number: NSNumber) -> String {
    let description = number.description
    guard description.contains("."), let decimals = description.split(separator: ".").last?.count else {
        return description
    }
    return String(format: "%0.\(min(decimals, 4))f", number.doubleValue)
}

/// An array, whose elements Nimble prints one by one with its own rules.
private protocol NimbleArray {
    var elementsForNimble: [String] { get }
}

extension Array: NimbleArray {
    fileprivate var elementsForNimble: [String] { map { describeForNimble($0 as Any) } }
}

/// Nimble's `arrayAsString`: the items joined by ", " without brackets, as in `contain <a, bar>`.
func nimbleList(_ items: [Any?]) -> String {
    items.map { nimbleDescription($0) }.joined(separator: ", ")
}

/// How Kiwi's formatter prints a value (`KWFormatter`, `NSObject+KWStringRepresentation`): strings in
/// quotes, collections in parentheses, `nil` as `(null)`, anything else by its description.
func kiwiDescription(_ value: Any?) -> String {
    guard let value = flattenOptional(value) else { return "(null)" }
    switch value {
    case let string as String: return "\"\(string)\""
    case let character as Character: return "\"\(character)\""
    default: break
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .collection || mirror.displayStyle == .set {
        return "(" + mirror.children.map { kiwiDescription($0.value) }.joined(separator: ", ") + ")"
    }
    return stringify(value, quotingStrings: false)
}

/// Kiwi's `kw_stringRepresentationWithClass`: `(String) "Ducks"`, the value's type in parentheses.
func kiwiDescriptionWithType(_ value: Any?) -> String {
    guard let value = flattenOptional(value) else { return "(null)" }
    return "(\(typeName(of: value))) \(kiwiDescription(value))"
}

/// The name a failure message gives a value's type: `Int`, `Car`, `Array<Int>`.
func typeName(of value: Any) -> String {
    String(describing: type(of: value))
}

/// Nimble prints dates as `2015-08-26 11:43:00.0050` (its `MatcherProtocols.swift`).
extension Date: TestOutputStringConvertible {
    /// The date as `yyyy-MM-dd HH:mm:ss.SSSS`, in the local time zone.
    public var testDescription: String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSSS"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: self)
    }
}
