import Foundation

/// Something the runner resets before each example.
protocol ResettableLet: AnyObject {
    func reset(for lineage: [ExampleGroup])
}

/// Kiwi's `let`: a value created afresh for each example, before the `beforeEach` hooks.
///
/// `let car = letValue { Car() }` declares it; examples and hooks read `car.value`.
/// A nested group can give it another definition with `car.redefine { SportsCar() }`.
public final class Let<Value>: ResettableLet, @unchecked Sendable {
    private var definitions: [(group: ObjectIdentifier, make: () -> Value)] = []
    private var activeMake: (() -> Value)?
    private var stored: Value?
    private let location: SourceLocation

    init(location: SourceLocation) {
        self.location = location
    }

    /// The value for the running example, created on first use.
    public var value: Value {
        get {
            let (stored, make) = World.shared.locked { (self.stored, activeMake ?? definitions.first?.make) }
            if let stored { return stored }
            guard let make else { preconditionFailure("a Let value has no definition") }
            let made = make()
            World.shared.locked { self.stored = made }
            return made
        }
        set { World.shared.locked { stored = newValue } }
    }

    /// Gives this value another definition inside the current (nested) group.
    public func redefine(
        file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ make: @escaping () -> Value
    ) {
        guard let group = groupForDeclaring("let", SourceLocation(file, line, column)) else { return }
        define(in: group, make)
    }

    func define(in group: ExampleGroup, _ make: @escaping () -> Value) {
        definitions.append((ObjectIdentifier(group), make))
        group.lets.append(self)
    }

    func reset(for lineage: [ExampleGroup]) {
        let ids = lineage.map(ObjectIdentifier.init)
        activeMake = definitions.last { ids.contains($0.group) }?.make
        stored = nil
    }
}

/// Declares a value re-created before each example of this group (Kiwi's `let`).
public func letValue<Value>(
    file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ make: @escaping () -> Value
) -> Let<Value> {
    let location = SourceLocation(file, line, column)
    let box = Let<Value>(location: location)
    if let group = groupForDeclaring("let", location) {
        box.define(in: group, make)
    }
    return box
}
