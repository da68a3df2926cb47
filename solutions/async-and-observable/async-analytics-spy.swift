import Synchronization

/// Records every event it is sent. Safe to use from many tasks at once.
final class AnalyticsSpy: Analytics {
    private let recorded = Mutex<[TrackedEvent]>([])

    /// Every event, in the order it was tracked.
    var events: [TrackedEvent] {
        recorded.withLock { $0 }
    }

    func track(_ name: String, properties: [String: String]) {
        recorded.withLock { $0.append(TrackedEvent(name: name, properties: properties)) }
    }

    /// The events called `name`, in order.
    func events(named name: String) -> [TrackedEvent] {
        events.filter { $0.name == name }
    }
}
