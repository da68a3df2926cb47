// The fake-authoring contract (Spry's): a hand-written class conforms to `Spryable`, names its
// functions in a `Function` enum whose raw values are the `#function` strings, and forwards each
// member to `spryify` (record and answer), `stubbedValue` (answer only) or `recordCall` (record only):
//
//     final class FakeEngine: Engine, Spryable {
//         enum Function: String, StringRepresentable {
//             case start = "start(speed:)"
//             case gear
//         }
//         var gear: Int {
//             get { stubbedValue() }
//             set { recordCall(arguments: newValue) }
//         }
//         func start(speed: Int) -> Bool { spryify(arguments: speed) }
//     }
//
// A partial fake subclasses the real class and passes the real implementation:
//     override func start(speed: Int) -> Bool { spryify(arguments: speed) { super.start(speed: speed) } }

/// A function-name enum: `enum Function: String, StringRepresentable { case start = "start(speed:)" }`.
public protocol StringRepresentable: RawRepresentable, Hashable, CaseIterable where RawValue == String {}

/// The `ClassFunction` of a fake without class functions.
public enum NoClassFunction: String, StringRepresentable {
    case none
}

/// A fake that records its calls (Spry's spy half).
public protocol Spyable: AnyObject {
    /// The fake's instance functions, raw values being their `#function` names.
    associatedtype Function: StringRepresentable
    /// The fake's class (static) functions.
    associatedtype ClassFunction: StringRepresentable = NoClassFunction
}

/// A fake that answers with stubs (Spry's stub half).
public protocol Stubbable: AnyObject {
    /// The fake's instance functions, raw values being their `#function` names.
    associatedtype Function: StringRepresentable
    /// The fake's class (static) functions.
    associatedtype ClassFunction: StringRepresentable = NoClassFunction
}

/// A fake that records its calls and answers with stubs.
public protocol Spryable: Spyable, Stubbable {}

extension Spryable {
    /// This fake's calls, stubs and expectations.
    var doubleState: DoubleState { DoubleRegistry.shared.state(for: self) }
    /// This fake type's class-function calls and stubs.
    static var doubleState: DoubleState { DoubleRegistry.shared.state(forType: Self.self) }

    /// Sets how strict the fake is, whose wording it uses and its name in messages;
    /// a strict fake remembers where it was made so.
    func configureDouble(
        _ strictness: Strictness, style: DoubleStyle, name: String? = nil, at location: SourceLocation? = nil
    ) {
        DoubleRegistry.shared.locked {
            doubleState.strictness = strictness
            doubleState.style = style
            doubleState.mockName = name
            doubleState.madeStrictAt = strictness == .strict ? location : nil
        }
    }

    // MARK: Members of the fake call these

    /// Records the call of a member that returns nothing: `func stop() { spryify() }`.
    public func spryify(
        _ functionName: String = #function, arguments: Any?..., file: StaticString = #filePath, line: UInt = #line
    ) {
        try! dispatch(functionName, arguments, file, line, canThrow: false, fallback: (), real: nil) as Void
    }

    /// Records the call of a throwing member that returns nothing: `func reset() throws { try spryifyThrows() }`.
    public func spryifyThrows(
        _ functionName: String = #function, arguments: Any?..., file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try dispatch(functionName, arguments, file, line, canThrow: true, fallback: (), real: nil) as Void
    }

    /// Records the call and returns the stubbed value (or the default for nice fakes).
    public func spryify<T>(
        _ functionName: String = #function, arguments: Any?..., file: StaticString = #filePath, line: UInt = #line
    ) -> T {
        try! dispatch(functionName, arguments, file, line, canThrow: false, fallback: nil, real: nil)
    }

    /// Records the call and returns the stubbed value, or `fallbackValue` when nothing is stubbed.
    public func spryify<T>(
        _ functionName: String = #function, arguments: Any?..., fallbackValue: T, file: StaticString = #filePath,
        line: UInt = #line
    ) -> T {
        try! dispatch(functionName, arguments, file, line, canThrow: false, fallback: fallbackValue, real: nil)
    }

    /// A partial fake's member: records the call, answers with a stub, otherwise runs `real`.
    public func spryify<T>(
        _ functionName: String = #function, arguments: Any?..., file: StaticString = #filePath, line: UInt = #line,
        real: () -> T
    ) -> T {
        withoutActuallyEscaping(real) { real in
            try! dispatch(functionName, arguments, file, line, canThrow: false, fallback: nil, real: real)
        }
    }

    /// Like `spryify`, for throwing members: a stub's `andThrow` throws from here.
    public func spryifyThrows<T>(
        _ functionName: String = #function, arguments: Any?..., file: StaticString = #filePath, line: UInt = #line
    ) throws -> T {
        try dispatch(functionName, arguments, file, line, canThrow: true, fallback: nil, real: nil)
    }

    /// Like `spryify(fallbackValue:)`, for throwing members.
    public func spryifyThrows<T>(
        _ functionName: String = #function, arguments: Any?..., fallbackValue: T, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> T {
        try dispatch(functionName, arguments, file, line, canThrow: true, fallback: fallbackValue, real: nil)
    }

    /// A partial fake's throwing member.
    public func spryifyThrows<T>(
        _ functionName: String = #function, arguments: Any?..., file: StaticString = #filePath, line: UInt = #line,
        real: () throws -> T
    ) throws -> T {
        try withoutActuallyEscaping(real) { real in
            try dispatch(functionName, arguments, file, line, canThrow: true, fallback: nil, real: real)
        }
    }

    /// Returns the stubbed value without recording a call (a property getter).
    public func stubbedValue<T>(
        _ functionName: String = #function, arguments: Any?..., fallbackValue: T? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> T {
        try! dispatch(
            functionName, arguments, file, line, recording: false, canThrow: false, fallback: fallbackValue, real: nil)
    }

    /// Returns the stubbed value, or throws what the stub throws, without recording a call.
    public func stubbedValueThrows<T>(
        _ functionName: String = #function, arguments: Any?..., fallbackValue: T? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> T {
        try dispatch(
            functionName, arguments, file, line, recording: false, canThrow: true, fallback: fallbackValue, real: nil)
    }

    /// Records a call without answering it (a property setter).
    public func recordCall(
        _ functionName: String = #function, arguments: Any?..., file: StaticString = #filePath, line: UInt = #line
    ) {
        try! dispatch(functionName, arguments, file, line, answering: false, canThrow: false, fallback: (), real: nil)
            as Void
    }

    private func dispatch<T>(
        _ functionName: String, _ arguments: [Any?], _ file: StaticString, _ line: UInt, recording: Bool = true,
        answering: Bool = true, canThrow: Bool, fallback: T?, real: (() throws -> T)?
    ) throws -> T {
        let location = SourceLocation(file, line, 1)
        guard let function = Self.functionName(Function.self, functionName, location) else {
            return DoubleRegistry.shared.unknownFunctionAnswer(fallback, Self.unknownFunction(functionName, location))
        }
        return try DoubleRegistry.shared.handle(
            doubleState, function, arguments, location: location, recording: recording, answering: answering,
            canThrow: canThrow, fallback: fallback, real: real)
    }

    // MARK: Class functions

    /// `spryify` for a static member of the fake, keyed by `ClassFunction`.
    public static func spryify<T>(
        _ functionName: String = #function, arguments: Any?..., fallbackValue: T? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> T {
        let location = SourceLocation(file, line, 1)
        guard let function = Self.functionName(ClassFunction.self, functionName, location) else {
            return DoubleRegistry.shared.unknownFunctionAnswer(
                fallbackValue, Self.unknownFunction(functionName, location))
        }
        return try! DoubleRegistry.shared.handle(
            doubleState, function, arguments, location: location, canThrow: false, fallback: fallbackValue, real: nil)
    }

    /// `spryifyThrows` for a static member of the fake.
    public static func spryifyThrows<T>(
        _ functionName: String = #function, arguments: Any?..., fallbackValue: T? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> T {
        let location = SourceLocation(file, line, 1)
        guard let function = Self.functionName(ClassFunction.self, functionName, location) else {
            return DoubleRegistry.shared.unknownFunctionAnswer(
                fallbackValue, Self.unknownFunction(functionName, location))
        }
        return try DoubleRegistry.shared.handle(
            doubleState, function, arguments, location: location, canThrow: true, fallback: fallbackValue, real: nil)
    }

    /// `recordCall` for a static member of the fake.
    public static func recordCall(
        _ functionName: String = #function, arguments: Any?..., file: StaticString = #filePath, line: UInt = #line
    ) {
        let location = SourceLocation(file, line, 1)
        guard let function = Self.functionName(ClassFunction.self, functionName, location) else { return }
        try! DoubleRegistry.shared.handle(
            doubleState, function, arguments, location: location, answering: false, canThrow: false, fallback: (),
            real: nil) as Void
    }

    /// Maps a `#function` name to the enum's raw value as Spry does: exactly, or differing only by a `(_:)`
    /// suffix. `nil` (after reporting Spry's "Unable to find function" on the example) when no case fits.
    static func functionName<F: StringRepresentable>(_ enumType: F.Type, _ name: String, _ location: SourceLocation)
        -> String?
    {
        if let exact = F(rawValue: name) { return exact.rawValue }
        let suffix = "(_:)"
        if name.hasSuffix(suffix), let trimmed = F(rawValue: String(name.dropLast(suffix.count))) {
            return trimmed.rawValue
        }
        if !name.hasSuffix(suffix), let extended = F(rawValue: name + suffix) { return extended.rawValue }
        World.shared.recordOnce(unknownFunction(name, location))
        return nil
    }

    /// Spry's "Unable to find function", with the case to write.
    static func unknownFunction(_ name: String, _ location: SourceLocation) -> Failure {
        let caseName = name.prefix { $0 != "(" }
        let file = location.file.split(separator: "/").last.map(String.init) ?? location.file
        return Failure(
            message: fatalMessage(
                "Unable to find function",
                [
                    "Type: \(Self.self)", "Function signature: \(name)", "Error occured on: \(file):\(location.line)",
                    "Possible Fix: ↴", "case \(caseName) = \"\(name)\"",
                ]),
            location: location)
    }
}
