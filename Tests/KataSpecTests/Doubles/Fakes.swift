import Foundation

@testable import KataSpec

/// What the fakes in these tests stand in for.
protocol Engine: AnyObject {
    var gear: Int { get set }
    func start(speed: Int) -> Bool
    func stop()
    func load(_ url: String) throws -> String
    func fetch(completion: @escaping (Int) -> Void)
}

enum EngineError: Error, Equatable { case offline }

/// A hand-written fake in the Spry contract.
final class FakeEngine: Engine, Spryable {
    enum Function: String, StringRepresentable {
        case gear
        case start = "start(speed:)"
        case stop = "stop()"
        case load = "load(_:)"
        case fetch = "fetch(completion:)"
    }

    enum ClassFunction: String, StringRepresentable {
        case make = "make(named:)"
    }

    var gear: Int {
        get { stubbedValue() }
        set { recordCall(arguments: newValue) }
    }
    func start(speed: Int) -> Bool { spryify(arguments: speed) }
    func stop() { spryify() }
    func load(_ url: String) throws -> String { try spryifyThrows(arguments: url) }
    func fetch(completion: @escaping (Int) -> Void) { spryify(arguments: completion) }
    static func make(named name: String) -> String { spryify(arguments: name) }
}

/// A real class with behaviour of its own.
class Radio {
    func volume() -> Int { 7 }
    func describe() -> String { "radio at \(volume())" }
}

/// A partial fake: a subclass whose overrides pass the real implementation.
final class PartialRadio: Radio, Spryable {
    enum Function: String, StringRepresentable {
        case volume = "volume()"
        case describe = "describe()"
    }
    override func volume() -> Int { spryify { super.volume() } }
    override func describe() -> String { spryify { super.describe() } }
}
