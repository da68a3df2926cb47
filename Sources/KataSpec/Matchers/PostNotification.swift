import Foundation

/// Passes when the notifications the subject posts on `center` satisfy `matcher` (Nimble):
/// `expect { car.start() }.to(postNotifications(equal([started])))`, or
/// `postNotifications(contain([started]))`; a failure shows what was posted.
public func postNotifications<Out>(
    _ matcher: Matcher<[Notification]>, from center: NotificationCenter = .default
) -> Matcher<Out> {
    Matcher { expression in
        let posted = NotificationLog()
        let observer = center.addObserver(forName: nil, object: nil, queue: nil) { posted.append($0) }
        defer { center.removeObserver(observer) }
        _ = try expression.evaluate()
        let notifications = posted.all
        var result = try matcher.satisfies(Expression(location: expression.location) { notifications }.withCaching())
        let actual =
            notifications.isEmpty ? "no notifications" : "<\(nimbleDescription(notifications.map(nimbleDescription)))>"
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
        let actual = ExpectationMessage.Shown.text(names.isEmpty ? "no notifications" : "<\(stringify(names))>")
        return MatcherResult(
            bool: matched,
            message: ExpectationMessage("post notification", expected: .text("<\(name.rawValue)>"), actual: actual))
    }
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
