import Foundation

// Argument constraints (`anything()`, `instanceOf(Car.self)`, `OCMArg.any()`) are written where an
// argument goes, so Swift needs a value of the parameter's type from them. Inside `given(…)`,
// `verify(…)` and the OCMock macros the fake only records that value and KataSpec replaces it with
// the constraint, so any value will do, as long as copying and releasing it is safe:
//
// - a type with a default value (`0`, `""`, `nil`, `[]`, or `DefaultValueProviding`) gives that;
// - `Any`, `AnyObject` and `any Error` get a small stand-in object or error;
// - a closure type gets a closure that stops the run if it is ever called;
// - a protocol type (`any NetworkRequest`) gets a stand-in value whose protocol requirements stop the
//   run if they are ever used: its type is `ArgumentStandIn`, so `as?` casts to real types fail.
//
// Other types (structs and classes without a default) cannot be made up; the caller reports that.

/// The value that stands in for a protocol-typed argument behind an argument constraint.
struct ArgumentStandIn: CustomStringConvertible {
    var description: String { "an argument stand-in" }
}

/// The object that stands in for a class-bound protocol argument (`any Delegate` where `Delegate: AnyObject`).
final class ArgumentStandInObject: CustomStringConvertible, @unchecked Sendable {
    static let shared = ArgumentStandInObject()
    var description: String { "an argument stand-in" }
}

/// The error that stands in for an `any Error` argument.
struct ArgumentStandInError: Error, CustomStringConvertible {
    var description: String { "an argument stand-in" }
}

/// A value of `T` for an argument constraint to stand in for, or `nil` when none can be made.
func standInValue<T>(of type: T.Type) -> T? {
    if let value = defaultValue(of: T.self) { return value }
    if let value = ArgumentStandInError() as? T { return value }
    if let value = ArgumentStandInObject.shared as? T { return value }
    if let value = ArgumentStandIn() as? T { return value }
    return standInClosure(T.self) ?? standInExistential(T.self)
}

/// Called through a stand-in that code actually used: there is no real value behind it.
private func standInWasUsed() -> Never {
    let location = World.shared.currentExample?.location ?? SourceLocation(file: "KataSpec", line: 0)
    Abort.shared.endRun(
        with: Failure(
            message:
                "a stand-in value was used: anything(), instanceOf() and the OCMArg constraints only stand in for an argument inside given(…), verify(…) and the OCMock macros, where the fake just records it; the fake's member called or used the value there. Record the argument only (spryify(arguments: …)), or pass a real value",
            location: location))
}

// MARK: Closures

/// Function type metadata (Swift ABI): the kind, then the flags.
private let functionMetadataKind = 0x302
private let conventionMask = 0x00FF_0000
private let asyncFlag = 0x2000_0000

/// A closure of type `T` that stops the run when called, for a Swift closure type of two words.
private func standInClosure<T>(_ type: T.Type) -> T? {
    let metadata = unsafeBitCast(T.self as Any.Type, to: UnsafeRawPointer.self)
    guard metadata.load(as: Int.self) == functionMetadataKind else { return nil }
    let flags = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self)
    let trap: @Sendable () -> Void = { standInWasUsed() }
    // Only thick Swift closures (convention 0), not async ones, have the layout of `trap`.
    guard flags & conventionMask == 0, flags & asyncFlag == 0,
        MemoryLayout<T>.size == MemoryLayout.size(ofValue: trap)
    else { return nil }
    return unsafeBitCast(trap, to: T.self)
}

// MARK: Protocol types

/// Existential type metadata (Swift ABI): the kind, then flags with the number of witness tables.
private let existentialMetadataKind = 0x303
private let witnessTableCountMask: UInt32 = 0x00FF_FFFF
private let anyClassFlag: UInt32 = 0x8000_0000
private let superclassFlag: UInt32 = 0x4000_0000
private let specialProtocolMask: UInt32 = 0x3F00_0000

/// A table of requirements that all stop the run, used as every witness table of a stand-in.
private nonisolated(unsafe) let trappingWitnessTable: UnsafeRawPointer = {
    let trap: @convention(c) () -> Void = { standInWasUsed() }
    let entry = unsafeBitCast(trap, to: UnsafeRawPointer.self)
    let table = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 256)
    table.initialize(repeating: entry, count: 256)
    table[0] = nil  // where a conformance descriptor would be
    return UnsafeRawPointer(table)
}()

/// A value of a protocol type (`any NetworkRequest`) holding an `ArgumentStandIn`, for protocols that are
/// not class-constrained by a superclass.
private func standInExistential<T>(_ type: T.Type) -> T? {
    let metadata = unsafeBitCast(T.self as Any.Type, to: UnsafeRawPointer.self)
    guard metadata.load(as: Int.self) == existentialMetadataKind else { return nil }
    let flags = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UInt32.self)
    guard flags & superclassFlag == 0, flags & specialProtocolMask == 0 else { return nil }
    let tables = Int(flags & witnessTableCountMask)
    let word = MemoryLayout<UnsafeRawPointer>.size
    let isClassBound = flags & anyClassFlag == 0
    // Opaque: a three-word value buffer, the type's metadata, the witness tables.
    // Class-bound: the object reference, the witness tables.
    let headerWords = isClassBound ? 1 : 4
    guard MemoryLayout<T>.size == (headerWords + tables) * word else { return nil }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: word)
    defer { buffer.deallocate() }
    buffer.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
    if isClassBound {
        buffer.storeBytes(
            of: Unmanaged.passUnretained(ArgumentStandInObject.shared).toOpaque(), as: UnsafeMutableRawPointer.self)
    } else {
        buffer.storeBytes(
            of: unsafeBitCast(ArgumentStandIn.self as Any.Type, to: UnsafeRawPointer.self), toByteOffset: 3 * word,
            as: UnsafeRawPointer.self)
    }
    for index in 0..<tables {
        buffer.storeBytes(
            of: trappingWitnessTable, toByteOffset: (headerWords + index) * word, as: UnsafeRawPointer.self)
    }
    return buffer.load(as: T.self)
}
