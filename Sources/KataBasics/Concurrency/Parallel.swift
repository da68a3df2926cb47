import Foundation

/// Maps over `items` on up to `width` threads, keeping the order of the results.
package func parallelMap<T: Sendable, R: Sendable>(_ items: [T], width: Int, _ transform: @Sendable (T) -> R) -> [R] {
    if items.count <= 1 || width <= 1 { return items.map(transform) }
    let results = ResultSlots<R>(count: items.count)
    let next = ResultSlots<Int>(count: 1)
    next.set(0, 0)
    DispatchQueue.concurrentPerform(iterations: min(width, items.count)) { _ in
        while let index = next.claim(below: items.count) {
            results.set(index, transform(items[index]))
        }
    }
    return results.values()
}

/// Lock-protected storage for ``parallelMap``.
private final class ResultSlots<R>: @unchecked Sendable {
    private var slots: [R?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: R) { lock.withLock { slots[index] = value } }

    func values() -> [R] { lock.withLock { slots.map { $0! } } }

    /// Takes the next index of a shared counter kept in slot 0.
    func claim(below limit: Int) -> Int? where R == Int {
        lock.withLock {
            let current = slots[0]!
            guard current < limit else { return nil }
            slots[0] = current + 1
            return current
        }
    }
}

/// A value computed on another thread; ``value`` waits for it.
package final class Background<T: Sendable>: @unchecked Sendable {
    private var result: T?
    private let done = DispatchSemaphore(value: 0)

    package init(_ work: @escaping @Sendable () -> T) {
        DispatchQueue.global().async {
            self.result = work()
            self.done.signal()
        }
    }

    /// The value, once computed (the first call waits for it).
    package var value: T {
        done.wait()
        done.signal()
        return result!
    }
}
