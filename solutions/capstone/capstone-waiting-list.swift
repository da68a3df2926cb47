final class WaitingList {
    private let tour: String
    private let notifier: Notifier
    /// The e-mail addresses waiting, first in line first.
    private(set) var waiting: [String] = []

    init(tour: String, notifier: Notifier) {
        self.tour = tour
        self.notifier = notifier
    }

    /// Adds a visitor (once) and returns their place in line, counting from 1.
    func join(_ email: String) -> Int {
        if !waiting.contains(email) { waiting.append(email) }
        return position(of: email) ?? waiting.count
    }

    func leave(_ email: String) {
        waiting.removeAll { $0 == email }
    }

    func position(of email: String) -> Int? {
        waiting.firstIndex(of: email).map { $0 + 1 }
    }

    /// Tells the first `count` visitors that a seat is free, and takes them off the list.
    func seatsFreed(_ count: Int) {
        let lucky = Array(waiting.prefix(count))
        waiting.removeFirst(lucky.count)
        for email in lucky {
            notifier.notify(email, message: "A seat is free on \(tour): book it within 24 hours")
        }
    }
}
