import Foundation

/// A type with a value a nice fake can return when nothing is stubbed (Objective-C returned 0 or nil).
///
/// Conform your own types to let nice fakes (and argument placeholders such as `anything()`) produce them.
public protocol DefaultValueProviding {
    /// The value returned when nothing else says what to return.
    static var defaultValue: Self { get }
}

extension Bool: DefaultValueProviding { public static var defaultValue: Bool { false } }
extension Int: DefaultValueProviding { public static var defaultValue: Int { 0 } }
extension Int8: DefaultValueProviding { public static var defaultValue: Int8 { 0 } }
extension Int16: DefaultValueProviding { public static var defaultValue: Int16 { 0 } }
extension Int32: DefaultValueProviding { public static var defaultValue: Int32 { 0 } }
extension Int64: DefaultValueProviding { public static var defaultValue: Int64 { 0 } }
extension UInt: DefaultValueProviding { public static var defaultValue: UInt { 0 } }
extension UInt8: DefaultValueProviding { public static var defaultValue: UInt8 { 0 } }
extension UInt16: DefaultValueProviding { public static var defaultValue: UInt16 { 0 } }
extension UInt32: DefaultValueProviding { public static var defaultValue: UInt32 { 0 } }
extension UInt64: DefaultValueProviding { public static var defaultValue: UInt64 { 0 } }
extension Double: DefaultValueProviding { public static var defaultValue: Double { 0 } }
extension Float: DefaultValueProviding { public static var defaultValue: Float { 0 } }
extension String: DefaultValueProviding { public static var defaultValue: String { "" } }
extension Array: DefaultValueProviding { public static var defaultValue: Array { [] } }
extension Dictionary: DefaultValueProviding { public static var defaultValue: Dictionary { [:] } }
extension Set: DefaultValueProviding { public static var defaultValue: Set { [] } }
extension Data: DefaultValueProviding { public static var defaultValue: Data { Data() } }

/// The value a nice fake returns for `T`: `()` for `Void`, `nil` for optionals, or `T.defaultValue`.
func defaultValue<T>(of type: T.Type) -> T? {
    if let void = () as? T { return void }
    if let optional = T.self as? any ExpressibleByNilLiteral.Type { return optional.init(nilLiteral: ()) as? T }
    if let provider = T.self as? any DefaultValueProviding.Type { return provider.defaultValue as? T }
    return nil
}
