import Foundation

// Kiwi's matcher names, each a one-line spelling of a matcher from the catalog.

extension KiwiAssertion {
    /// `[[x should] beNil]`
    public func beNil() { apply(KataSpec.beNil(), guardingNil: false) }
    /// `[[x should] beNonNil]`
    public func beNonNil() {
        KiwiAssertion(expectation: expectation, negated: !negated, timing: timing).apply(KataSpec.beNil(), guardingNil: false)
    }
    /// `[[x should] beIdenticalTo:y]`: the same object.
    public func beIdenticalTo(_ expected: AnyObject?) { match(KataSpec.beIdenticalTo(expected)) }
    /// `[[x should] beKindOfClass:[Car class]]`: this class or a subclass.
    public func beKindOfClass<T>(_ type: T.Type) { match(beAKindOf(type)) }
    /// `[[x should] beMemberOfClass:[Car class]]`: exactly this class.
    public func beMemberOfClass<T>(_ type: T.Type) { match(beAnInstanceOf(type)) }
    /// `[[SportsCar should] beSubclassOfClass:[Car class]]`: the subject is a class.
    public func beSubclassOfClass<T>(_ type: T.Type) { match(beSubclassOf(type)) }
    /// `[[x should] conformToProtocol:@protocol(Engine)]`
    public func conformToProtocol<T>(_ type: T.Type) { match(beAKindOf(type)) }
    /// `[[theBlock(^{…}) should] raise]`: the block throws some error.
    public func raise() { match(throwError()) }
    /// `[[theBlock(^{…}) should] raiseWithName:…]` becomes an error type.
    public func raise<E: Error>(_ type: E.Type) { match(throwError(errorType: type)) }
    /// The block throws this very error.
    public func raise<E: Error & Equatable>(_ error: E) { match(throwError(error)) }
    /// `[[theBlock(^{…}) should] change:^{ return count; } by:+1]`
    public func change<N: BinaryInteger>(_ counter: @escaping () -> N, by delta: N) { match(KataSpec.change(counter, by: delta)) }
    /// `[[theBlock(^{…}) should] change:^{ return count; }]`: by any amount.
    public func change<N: BinaryInteger>(_ counter: @escaping () -> N) { match(KataSpec.change(counter)) }
    /// `[[x should] have:4] wheels]` becomes `have(4, \.wheels)`.
    public func have<C: Collection>(_ count: Int, _ keyPath: KeyPath<Value, C>) { match(KataSpec.have(count, keyPath)) }
    /// `[[x should] haveAtLeast:4] wheels]`
    public func haveAtLeast<C: Collection>(_ count: Int, _ keyPath: KeyPath<Value, C>) {
        match(haveCountAtLeast(count).at(keyPath))
    }
    /// `[[x should] haveAtMost:4] wheels]`
    public func haveAtMost<C: Collection>(_ count: Int, _ keyPath: KeyPath<Value, C>) {
        match(haveCountAtMost(count).at(keyPath))
    }
    /// `[[x should] haveValue:v forKeyPath:@"engine.power"]` becomes a key path.
    public func haveValue<V: Equatable>(_ expected: V, forKeyPath keyPath: KeyPath<Value, V>) {
        match(KataSpec.haveValue(expected, at: keyPath))
    }
}

extension KiwiAssertion where Value: Equatable {
    /// `[[x should] equal:y]`
    public func equal(_ expected: Value?) { match(KataSpec.equal(expected)) }
}

extension KiwiAssertion where Value == Bool {
    /// `[[theValue(x) should] beTrue]`
    public func beTrue() { match(KataSpec.beTrue()) }
    /// `[[theValue(x) should] beYes]`
    public func beYes() { match(KataSpec.beTrue()) }
    /// `[[theValue(x) should] beFalse]`
    public func beFalse() { match(KataSpec.beFalse()) }
    /// `[[theValue(x) should] beNo]`
    public func beNo() { match(KataSpec.beFalse()) }
}

extension KiwiAssertion where Value: Numeric {
    /// `[[theValue(x) should] beZero]`
    public func beZero() { match(KataSpec.beZero()) }
}

extension KiwiAssertion where Value: Comparable {
    /// `[[theValue(x) should] beLessThan:theValue(y)]`
    public func beLessThan(_ expected: Value) { match(KataSpec.beLessThan(expected)) }
    /// `[[theValue(x) should] beLessThanOrEqualTo:theValue(y)]`
    public func beLessThanOrEqualTo(_ expected: Value) { match(KataSpec.beLessThanOrEqualTo(expected)) }
    /// `[[theValue(x) should] beGreaterThan:theValue(y)]`
    public func beGreaterThan(_ expected: Value) { match(KataSpec.beGreaterThan(expected)) }
    /// `[[theValue(x) should] beGreaterThanOrEqualTo:theValue(y)]`
    public func beGreaterThanOrEqualTo(_ expected: Value) { match(KataSpec.beGreaterThanOrEqualTo(expected)) }
    /// `[[theValue(x) should] beBetween:theValue(a) and:theValue(b)]`
    public func beBetween(_ low: Value, and high: Value) { match(KataSpec.beWithin(low...high)) }
    /// `[[theValue(x) should] beInTheIntervalFrom:theValue(a) to:theValue(b)]`
    public func beInTheIntervalFrom(_ low: Value, to high: Value) { match(KataSpec.beWithin(low...high)) }
}

extension KiwiAssertion where Value: FloatingPoint {
    /// `[[theValue(x) should] beWithin:theValue(0.01) of:theValue(3.14)]`
    public func beWithin(_ delta: Value, of expected: Value) { match(beCloseTo(expected, within: delta)) }
    /// `[[theValue(x) should] equal:3.14 withDelta:0.01]`: the same as `beWithin(0.01, of: 3.14)`.
    public func equal(_ expected: Value, withDelta delta: Value) { match(beCloseTo(expected, within: delta)) }
}

extension KiwiAssertion where Value: Collection {
    /// `[[x should] beEmpty]`
    public func beEmpty() { match(KataSpec.beEmpty()) }
    /// `[[x should] haveCountOf:3]`
    public func haveCountOf(_ count: Int) { match(haveCount(count)) }
    /// `[[x should] haveCountOfAtLeast:3]`
    public func haveCountOfAtLeast(_ count: Int) { match(haveCountAtLeast(count)) }
    /// `[[x should] haveCountOfAtMost:3]`
    public func haveCountOfAtMost(_ count: Int) { match(haveCountAtMost(count)) }
    /// `[[x should] haveLengthOf:3]`
    public func haveLengthOf(_ count: Int) { match(haveCount(count)) }
}

extension KiwiAssertion where Value: Sequence, Value.Element: Equatable {
    /// `[[x should] contain:y]`
    public func contain(_ element: Value.Element) { match(containAll([element])) }
    /// `[[x should] containObjectsInArray:@[a, b]]`
    public func containObjectsInArray(_ elements: [Value.Element]) { match(containAll(elements)) }
    /// `[[x should] containObjects:a, b, nil]`
    public func containObjects(_ elements: Value.Element...) { match(containAll(elements)) }
}

extension KiwiAssertion where Value == String {
    /// `[[x should] containString:@"car"]`
    public func containString(_ substring: String, caseInsensitive: Bool = false) {
        match(KataSpec.contain(substring, ignoringCase: caseInsensitive))
    }
    /// `[[x should] startWith:@"Car"]`
    public func startWith(_ prefix: String) { match(beginWith(prefix)) }
    /// `[[x should] endWith:@"s"]`
    public func endWith(_ suffix: String) { match(KataSpec.endWith(suffix)) }
    /// `[[x should] matchPattern:@"^[A-Z]"]`
    public func matchPattern(_ pattern: String) { match(KataSpec.match(pattern)) }
    /// `[[x should] matchPattern:@"^car" options:NSRegularExpressionCaseInsensitive]`
    public func matchPattern(_ pattern: String, options: NSRegularExpression.Options) {
        match(KataSpec.match(pattern, options: options))
    }
}

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
        return actual.count == userInfo.count && userInfo.allSatisfy { key, value in
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
