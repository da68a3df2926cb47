import Foundation

/// An argument constraint for stubs and verification (Spry's `Argument`); plain values match by equality.
public enum Argument: CustomStringConvertible {
    /// Any value, `nil` included.
    case anything
    /// Any value except `nil`.
    case nonNil
    /// Only `nil`.
    case `nil`
    /// A value for which the closure returns `true` (Spry's code calls it `validator`, its README `pass`).
    case validator((Any?) -> Bool)
    /// A named constraint, as the Hamcrest and OCMArg spellings build them.
    case constraint(String, (Any?) -> Bool)

    /// Spry's README spelling of `validator`.
    public static func pass(_ validator: @escaping (Any?) -> Bool) -> Argument { .validator(validator) }

    /// A captor: matches anything and keeps every value it sees.
    public static func captor() -> ArgumentCaptor { ArgumentCaptor() }

    /// Whether `actual` satisfies this constraint.
    func matches(_ actual: Any?) -> Bool {
        switch self {
        case .anything: true
        case .nonNil: flattenOptional(actual) != nil
        case .nil: flattenOptional(actual) == nil
        case .validator(let check): check(actual)
        case .constraint(_, let check): check(actual)
        }
    }

    /// How OCHamcrest describes the OCMockito constraints: `ANYTHING`, `an instance of Car`, `"x"`.
    var hamcrestDescription: String? {
        guard case .constraint(let name, _) = self else { return nil }
        if name == "anything()" { return "ANYTHING" }
        if name == "nilValue()" { return "nil" }
        if name == "notNilValue()" { return "not nil" }
        if name.hasPrefix("instanceOf("), name.hasSuffix(")") {
            return "an instance of " + name.dropFirst("instanceOf(".count).dropLast()
        }
        if name.hasPrefix("equalTo("), name.hasSuffix(")") {
            return String(name.dropFirst("equalTo(".count).dropLast())
        }
        return nil
    }

    /// How the constraint reads in a message.
    public var description: String {
        switch self {
        case .anything: "Argument.anything"
        case .nonNil: "Argument.nonNil"
        case .nil: "Argument.nil"
        case .validator: "Argument.validator"
        case .constraint(let name, _): name
        }
    }
}

/// Keeps the arguments it is matched against (Spry's captor, Mockito's `HCArgumentCaptor`, Kiwi's `KWCaptureSpy`).
public final class ArgumentCaptor: CustomStringConvertible, @unchecked Sendable {
    private let lock = NSLock()
    private var captured: [Any?] = []

    /// Creates an empty captor.
    public init() {}

    func capture(_ value: Any?) {
        lock.lock()
        defer { lock.unlock() }
        captured.append(value)
    }

    /// Every captured value, oldest first.
    public var allValues: [Any?] {
        lock.lock()
        defer { lock.unlock() }
        return captured
    }

    /// The last captured value.
    public var value: Any? { allValues.last.flatMap { $0 } }

    /// The value captured at `index` as a `T`; ends the example with Spry's message if there is none.
    public func getValue<T>(
        at index: Int = 0, as type: T.Type = T.self, file: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> T {
        let values = allValues
        let location = SourceLocation(file, line, column)
        guard values.indices.contains(index) else {
            Abort.shared.endRun(
                with: Failure(
                    message: fatalMessage(
                        "Argument Capture: index out of bounds",
                        [
                            "Index: \(index)",
                            "Captured so far: \(stringify(values.map { stringify($0, quotingStrings: true) }))",
                        ]),
                    location: location))
        }
        guard let typed = values[index] as? T else {
            Abort.shared.endRun(
                with: Failure(
                    message: fatalMessage(
                        "Argument Capture: wrong type",
                        ["Captured: \(typeDescription(values[index]))", "Asked for: \(T.self)"]),
                    location: location))
        }
        return typed
    }

    /// `ArgumentCaptor` with its values.
    public var description: String {
        "captor(\(allValues.map { stringify($0, quotingStrings: true) }.joined(separator: ", ")))"
    }
}

/// Whether `actual` satisfies `expected`: an `Argument`, a captor, or a plain value compared by equality.
func argument(_ expected: Any?, matches actual: Any?) -> Bool {
    switch expected {
    case let constraint as Argument: return constraint.matches(actual)
    case let captor as ArgumentCaptor:
        captor.capture(actual)
        return true
    default: return valuesEqual(expected, actual)
    }
}

/// Equality for values known only as `Any?`: `==` when both are the same `Equatable` type,
/// numbers by value (so `3` matches `3.0`), objects by identity, `nil` only with `nil`.
func valuesEqual(_ left: Any?, _ right: Any?) -> Bool {
    guard let left = flattenOptional(left), let right = flattenOptional(right) else {
        return flattenOptional(left) == nil && flattenOptional(right) == nil
    }
    if let left = numericValue(left), let right = numericValue(right) { return left == right }
    if let left = left as? any Equatable, left.isEqual(to: right) { return true }
    if type(of: left) is AnyClass && type(of: right) is AnyClass { return (left as AnyObject) === (right as AnyObject) }
    return false
}

private func numericValue(_ value: Any) -> Double? {
    switch value {
    case let integer as any BinaryInteger: Double(integer)
    case let float as any BinaryFloatingPoint: Double(float)
    default: nil
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}

/// Spry's fatal error layout: a title line and `￫` bullets.
func fatalMessage(_ title: String, _ lines: [String]) -> String {
    (["--- FATAL ERROR: \(title) ---"] + lines.map { "￫ " + $0 }).joined(separator: "\n")
}
