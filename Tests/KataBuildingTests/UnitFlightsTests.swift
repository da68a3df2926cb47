import Foundation
import Testing

@testable import KataBuilding

/// One compile of a unit at a time: a second thread for the same key waits, another key does not.
@Suite("UnitFlights")
struct UnitFlightsTests {
    @Test("two threads with one key run one after the other; the second sees what the first left")
    func sameKeyWaits() async {
        let flights = UnitFlights()
        let state = Shared()
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    flights.exclusively("unit") { () -> Bool in
                        let alone = state.enter()
                        // The first compiles and stores; the others find it stored.
                        let found = state.stored
                        if !found { Thread.sleep(forTimeInterval: 0.02) }
                        state.store()
                        state.leave()
                        return alone && (found || state.compiles.increment() == 1)
                    }
                }
            }
            for await fine in group { #expect(fine) }
        }
        #expect(state.compiles.value == 1)
        #expect(state.most == 1)
    }

    @Test("threads with different keys run side by side")
    func otherKeysDoNotWait() {
        let flights = UnitFlights()
        let started = DispatchSemaphore(value: 0)
        let other = Thread {
            flights.exclusively("b") { _ = started.signal() }
        }
        // "a" is held until "b" has run inside its own flight: had "b" waited for "a", this would time out.
        let sawB = flights.exclusively("a") { () -> Bool in
            other.start()
            return started.wait(timeout: .now() + 30) == .success
        }
        #expect(sawB)
    }

    /// What the threads of one test share, behind a lock.
    private final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        private var inside = 0
        private(set) var most = 0
        private var isStored = false
        let compiles = Counter()

        var stored: Bool { lock.withLock { isStored } }
        func store() { lock.withLock { isStored = true } }

        /// Whether no other thread is inside.
        func enter() -> Bool {
            lock.withLock {
                inside += 1
                most = max(most, inside)
                return inside == 1
            }
        }
        func leave() { lock.withLock { inside -= 1 } }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() -> Int {
            lock.withLock {
                count += 1
                return count
            }
        }
    }
}
