import Foundation

/// Spry's protocol for values that stubs and `didCall` compare: `extension Person: SpryEquatable {}`.
///
/// KataSpec compares arguments without it (`Equatable` values with `==`, numbers by value, objects by
/// identity), so conforming changes nothing here; it is accepted so that a fake written for Spry compiles
/// as it is. As in Spry, do not implement `_isEqual(to:)` yourself.
public protocol SpryEquatable {
    /// Whether `actual` equals this value, as KataSpec compares arguments.
    func _isEqual(to actual: SpryEquatable?) -> Bool
}

extension SpryEquatable {
    /// Compares as KataSpec compares arguments: `==` for `Equatable` values, identity for objects.
    public func _isEqual(to actual: SpryEquatable?) -> Bool {
        valuesEqual(self, actual)
    }
}

extension Optional: SpryEquatable {}
extension String: SpryEquatable {}
extension Bool: SpryEquatable {}
extension Int: SpryEquatable {}
extension Int8: SpryEquatable {}
extension Int16: SpryEquatable {}
extension Int32: SpryEquatable {}
extension Int64: SpryEquatable {}
extension UInt: SpryEquatable {}
extension UInt8: SpryEquatable {}
extension UInt16: SpryEquatable {}
extension UInt32: SpryEquatable {}
extension UInt64: SpryEquatable {}
extension Double: SpryEquatable {}
extension Float: SpryEquatable {}
extension CGFloat: SpryEquatable {}
extension Array: SpryEquatable {}
extension Dictionary: SpryEquatable {}
extension Set: SpryEquatable {}
extension Data: SpryEquatable {}
extension Date: SpryEquatable {}
extension URL: SpryEquatable {}
extension Notification: SpryEquatable {}
extension Notification.Name: SpryEquatable {}
extension NSObject: SpryEquatable {}
extension Argument: SpryEquatable {}
extension ArgumentCaptor: SpryEquatable {}
