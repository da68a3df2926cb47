import Foundation

// Kiwi's notification matchers: `[[@"CarDidStart" should] bePostedWithObject:car]` becomes
// `theValue(Notification.Name("CarDidStart")).should.bePostedWithObject(car)`, checked when the example ends.

extension KiwiAssertion where Value == Notification.Name {
    /// `[[@"CarDidStart" should] bePosted]`: checked when the example ends, like Kiwi.
    public func bePosted(object: AnyObject? = nil, center: NotificationCenter = .default) {
        expectPosting(object: object, userInfo: nil, center: center)
    }

    /// `[[@"CarDidStart" should] bePostedWithObject:car]`: posted by this very object.
    public func bePostedWithObject(_ object: AnyObject, center: NotificationCenter = .default) {
        expectPosting(object: object, userInfo: nil, center: center)
    }

    /// `[[@"CarDidStart" should] bePostedWithUserInfo:@{…}]`: posted with an equal user info.
    public func bePostedWithUserInfo(_ userInfo: [AnyHashable: Any], center: NotificationCenter = .default) {
        expectPosting(object: nil, userInfo: userInfo, center: center)
    }

    /// `[[@"CarDidStart" should] bePostedWithObject:car userInfo:@{…}]`
    public func bePostedWithObject(
        _ object: AnyObject, userInfo: [AnyHashable: Any], center: NotificationCenter = .default
    ) {
        expectPosting(object: object, userInfo: userInfo, center: center)
    }

    /// `[[@"CarDidStart" should] bePostedWithObject:car andUserInfo:@{…}]` (Kiwi's older name).
    public func bePostedWithObject(
        _ object: AnyObject, andUserInfo userInfo: [AnyHashable: Any], center: NotificationCenter = .default
    ) {
        expectPosting(object: object, userInfo: userInfo, center: center)
    }

    /// Watches `center` from now until the example ends, then checks that a matching notification was
    /// (or was not) posted: the same object (identity), and user info equal to `userInfo` when given.
    private func expectPosting(object: AnyObject?, userInfo: [AnyHashable: Any]?, center: NotificationCenter) {
        guard let name = try? expectation.expression.evaluate() else { return }
        let posted = NotificationLog()
        let observer = center.addObserver(forName: name, object: nil, queue: nil) { posted.append($0) }
        let location = expectation.expression.location
        let prefix = kiwiFailurePrefix()
        let negated = self.negated
        let wanted = PostedNotification(object: object, userInfo: userInfo)
        World.shared.deferCheck {
            center.removeObserver(observer)
            let all = posted.all
            let matching = all.filter { wanted.matches($0) }
            guard matching.isEmpty != negated else { return }
            let verb = negated ? "not to be posted" : "to be posted"
            var message = prefix + "expected notification \"\(name.rawValue)\" \(verb)" + wanted.description
            if !negated, !all.isEmpty, object != nil || userInfo != nil {
                message += ", but it was posted" + all.map { wanted.sameParts(of: $0) }.joined(separator: ", then")
            }
            World.shared.record(Failure(message: message, location: location))
        }
    }
}

/// What Kiwi's `bePostedWith…` asks of a notification, and how it reads in a message.
private struct PostedNotification: CustomStringConvertible {
    let object: AnyObject?
    let userInfo: [AnyHashable: Any]?

    func matches(_ notification: Notification) -> Bool {
        if let object, notification.object as AnyObject? !== object { return false }
        guard let userInfo else { return true }
        let actual = notification.userInfo ?? [:]
        return actual.count == userInfo.count
            && userInfo.allSatisfy { key, value in
                actual[key].map { valuesEqual($0, value) } ?? false
            }
    }

    /// ` with object <Car> and user info ["speed": 3]`, or the part that was asked for.
    var description: String {
        Self.phrase(object: object.map { .some($0) }, userInfo: userInfo.map { .some($0) })
    }

    /// How `notification` reads, in the parts this one asks about.
    func sameParts(of notification: Notification) -> String {
        Self.phrase(
            object: object == nil ? nil : .some(notification.object as AnyObject?),
            userInfo: userInfo == nil ? nil : .some(notification.userInfo))
    }

    /// ` with object … and user info …`; a part that is `nil` is left out, a part holding `nil` reads `nil`.
    private static func phrase(object: AnyObject??, userInfo: [AnyHashable: Any]??) -> String {
        var parts: [String] = []
        if let object { parts.append("object \(stringify(object, quotingStrings: true))") }
        if let userInfo { parts.append("user info \(userInfo.map(describe) ?? "nil")") }
        return parts.isEmpty ? "" : " with " + parts.joined(separator: " and ")
    }

    /// A user info dictionary with its keys sorted, so a message reads the same on every run.
    static func describe(_ userInfo: [AnyHashable: Any]) -> String {
        guard !userInfo.isEmpty else { return "[:]" }
        let entries = userInfo.map { key, value in
            "\(stringify(key.base, quotingStrings: true)): \(stringify(value, quotingStrings: true))"
        }
        return "[" + entries.sorted().joined(separator: ", ") + "]"
    }
}
