import Foundation

/// Prints a value as Nimble's `stringify` does, for messages a custom matcher builds: `stringify(Set([1]))` is
/// `Set([1])`, `stringify([1, 2])` is `[1, 2]`, `stringify("a")` is `a`, `stringify(nil)` is `nil`.
public func stringify<T>(_ value: T?) -> String {
    nimbleDescription(value)
}

/// Prints any value for the other faces' messages and the test doubles' (KataSpec's own wording).
///
/// Optionals are unwrapped (`nil` prints as `nil`), collections print their elements through
/// `stringify` again, and strings print as they are unless `quotingStrings` (Kiwi's formatter).
public func stringify(_ value: Any?, quotingStrings: Bool) -> String {
    guard let value = flattenOptional(value) else { return "nil" }
    switch value {
    case let string as String:
        return quotingStrings ? "\"\(string)\"" : string
    case let character as Character:
        return quotingStrings ? "\"\(character)\"" : String(character)
    case let error as any Error where !(value is any CustomStringConvertible):
        return TypeNames.unqualified(String(describing: error), describing: error)
    default:
        break
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .collection || mirror.displayStyle == .set {
        let items = mirror.children.map { stringify($0.value, quotingStrings: quotingStrings) }
        return "[" + items.joined(separator: ", ") + "]"
    }
    return TypeNames.unqualified(String(describing: value), describing: value)
}

/// Unwraps nested optionals hidden in an `Any?`, so `Optional(Optional(3))` becomes `3`.
func flattenOptional(_ value: Any?) -> Any? {
    guard let value else { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return flattenOptional(mirror.children.first?.value)
}
