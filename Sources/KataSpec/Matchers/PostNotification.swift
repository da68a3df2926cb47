import Foundation

/// Passes when the notifications the subject posts on `center` satisfy `matcher` (Nimble):
/// `expect { car.start() }.to(postNotifications(equal([started])))`, or
/// `postNotifications(contain([started]))`; a failure shows what was posted.
///
/// As in Nimble (`PostNotification.swift`), it listens from the moment the matcher is made until it is gone, and
/// evaluates the subject once: `toEventually` polls what has been posted meanwhile, and each notification is
/// described on the thread that posted it (an object in it may care which thread reads it).
public func postNotifications<Out>(
    _ matcher: Matcher<[Notification]>, from center: NotificationCenter = .default
) -> Matcher<Out> {
    let collector = NotificationCollector(center: center)
    let evaluated = DoneFlag()
    return Matcher { expression in
        if !evaluated.isSet {
            evaluated.set()
            _ = try expression.evaluate()
        }
        let (notifications, descriptions) = collector.observed
        var result = try matcher.satisfies(Expression(location: expression.location) { notifications }.withCaching())
        let actual = notifications.isEmpty ? "no notifications" : "<\(nimbleDescription(descriptions))>"
        result.message = .expectedCustomValueTo(result.message.expectedMessage, actual: actual)
        return result
    }
}

/// Passes when evaluating the subject posts a notification named `name` (KataSpec's shortcut, for Expecta's
/// `notify`; in Nimble write `postNotifications(contain(...))`).
public func postNotification<T>(
    _ name: Notification.Name, object: AnyObject? = nil, center: NotificationCenter = .default
) -> Matcher<T> {
    Matcher { expression in
        let posted = NotificationLog()
        let observer = center.addObserver(forName: nil, object: nil, queue: nil) { posted.append($0) }
        defer { center.removeObserver(observer) }
        _ = try expression.evaluate()
        let names = posted.all.map(\.name.rawValue)
        let matched = posted.all.contains { $0.name == name && (object == nil || $0.object as AnyObject? === object) }
        let actual = ExpectationMessage.Shown.text(
            names.isEmpty ? "no notifications" : "<\(stringify(names, quotingStrings: false))>")
        return MatcherResult(
            bool: matched,
            message: ExpectationMessage("post notification", expected: .text("<\(name.rawValue)>"), actual: actual))
    }
}

/// Observes a center for as long as it lives, keeping each notification and its description.
private final class NotificationCollector: @unchecked Sendable {
    private let center: NotificationCenter
    private let log = NotificationLog()
    private var descriptions: [String] = []
    private let lock = NSLock()
    private var token: (any NSObjectProtocol)?

    init(center: NotificationCenter) {
        self.center = center
        token = center.addObserver(forName: nil, object: nil, queue: nil) { [weak self] notification in
            guard let self else { return }
            let description = nimbleDescription(notification)
            lock.withLock {
                log.append(notification)
                descriptions.append(description)
            }
        }
    }

    deinit {
        if let token { center.removeObserver(token) }
    }

    /// What was posted so far, and how each one was described.
    var observed: ([Notification], [String]) { lock.withLock { (log.all, descriptions) } }
}

/// Notifications seen by an observer; the lock makes it safe to fill from any thread.
final class NotificationLog: @unchecked Sendable {
    private let lock = NSLock()
    private var notifications: [Notification] = []

    func append(_ notification: Notification) {
        lock.lock()
        defer { lock.unlock() }
        notifications.append(notification)
    }

    var all: [Notification] {
        lock.lock()
        defer { lock.unlock() }
        return notifications
    }
}
