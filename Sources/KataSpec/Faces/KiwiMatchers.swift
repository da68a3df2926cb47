import Foundation

// Kiwi's matcher names, each a spelling of a matcher from the catalog worded as Kiwi's matcher class
// words it (`Classes/Matchers/KW*Matcher.m`): `expected subject to equal (String) "x", got (String) "y"`,
// `expected subject to have 11 players, got 10 items`, `"abc" did not contain string "x"`.

extension KiwiAssertion {
    /// Applies `matcher`, worded with Kiwi's sentences for `should` and `shouldNot`, made from the subject.
    func kiwi(
        _ matcher: Matcher<Value>, guardingNil: Bool = true, _ words: @escaping (Value?) -> KiwiWords
    ) {
        let worded = Matcher<Value> { expression in
            var result = try matcher.satisfies(expression)
            let text = words(try? expression.evaluate())
            result.message = result.message.worded(.kiwi, positive: text.should, negative: text.shouldNot)
            return result
        }
        apply(worded, guardingNil: guardingNil)
    }

    /// `[[x should] beNil]`: `expected subject to be nil, got 3`.
    public func beNil() {
        kiwi(KataSpec.beNil(), guardingNil: false) { actual in
            KiwiWords(
                should: "expected subject to be nil, got \(kiwiDescription(actual))",
                shouldNot: "expected \(kiwiDescription(actual)) not to be nil")
        }
    }

    /// `[[x should] beNonNil]`: `expected subject to be non-nil, got (null)`.
    public func beNonNil() {
        // A matcher of its own (`KWBeNonNilMatcher`), not `beNil` under the opposite verifier: the probe poller
        // reads the verifier's direction, and `shouldEventually` must wait for a value, not fail on the first nil.
        let nonNil = Matcher<Value> { expression in
            MatcherResult(
                bool: flattenOptional(try expression.evaluate()) != nil, message: ExpectationMessage("be non-nil"))
        }
        kiwi(nonNil, guardingNil: false) { actual in
            KiwiWords(
                should: "expected subject to be non-nil, got \(kiwiDescription(actual))",
                shouldNot: "expected \(kiwiDescription(actual)) not to be non-nil")
        }
    }

    /// `[[x should] beIdenticalTo:y]`: `expected subject to be identical to Car (0x…), got Car (0x…)`.
    public func beIdenticalTo(_ expected: AnyObject?) {
        kiwi(KataSpec.beIdenticalTo(expected)) { actual in
            let subject = flattenOptional(actual).map { $0 as AnyObject }
            return KiwiWords(
                should:
                    "expected subject to be identical to \(kiwiDescription(expected)) (\(pointer(expected))), got \(kiwiDescription(subject)) (\(pointer(subject)))",
                shouldNot: "expected subject not to be identical to \(kiwiDescription(expected)) (\(pointer(expected)))"
            )
        }
    }

    /// `[[x should] beKindOfClass:[Car class]]`: this class or a subclass.
    public func beKindOfClass<T>(_ type: T.Type) {
        kiwi(beAKindOf(type)) { KiwiWords("expected subject to be kind of \(T.self), got \(kiwiTypeName($0))") }
    }

    /// `[[x should] beMemberOfClass:[Car class]]`: exactly this class.
    public func beMemberOfClass<T>(_ type: T.Type) {
        kiwi(beAnInstanceOf(type)) { KiwiWords("expected subject to be member of \(T.self), got \(kiwiTypeName($0))") }
    }

    /// `[[SportsCar should] beSubclassOfClass:[Car class]]`: the subject is a class.
    public func beSubclassOfClass<T>(_ type: T.Type) {
        kiwi(beSubclassOf(type)) { actual in
            KiwiWords(
                "expected subject to be subclass of \(T.self), got \(flattenOptional(actual).map { "\($0)" } ?? "nil")")
        }
    }

    /// `[[x should] conformToProtocol:@protocol(Engine)]`: `expected subject to conform to Engine protocol`.
    public func conformToProtocol<T>(_ type: T.Type) {
        kiwi(beAKindOf(type)) { _ in KiwiWords("expected subject to conform to \(T.self) protocol") }
    }

    /// `[[theBlock(^{…}) should] raise]`: the block throws some error.
    public func raise() {
        raising("exception") { _ in true }
    }

    /// `[[theBlock(^{…}) should] raiseWithName:…]` becomes an error type: the block throws a `E`.
    public func raise<E: Error>(_ type: E.Type) {
        raising("\(E.self)") { $0 is E }
    }

    /// The block throws this very error.
    public func raise<E: Error & Equatable>(_ error: E) {
        raising("\(error)") { ($0 as? E) == error }
    }

    /// Kiwi's `KWBlockRaiseMatcher`: `expected exception, but nothing raised`, `expected laugh not to be raised`.
    private func raising(_ wanted: String, _ test: @escaping (any Error) -> Bool) {
        let matcher = Matcher<Value> { expression in
            do {
                _ = try expression.evaluate()
                let message = ExpectationMessage("raise").worded(
                    .kiwi, positive: "expected \(wanted), but nothing raised",
                    negative: "expected nothing not to be raised")
                return MatcherResult(status: .doesNotMatch, message: message)
            } catch {
                let message = ExpectationMessage("raise").worded(
                    .kiwi, positive: "expected \(wanted), but \(error) raised",
                    negative: "expected \(error) not to be raised")
                return MatcherResult(bool: test(error), message: message)
            }
        }
        apply(matcher, guardingNil: false)
    }

    /// `[[theBlock(^{…}) should] change:^{ return count; } by:+1]`:
    /// `expected subject to change the count to 2, got 1`.
    public func change<N: BinaryInteger>(_ counter: @escaping () -> N, by delta: N) {
        let matcher = Matcher<Value> { expression in
            let before = counter()
            _ = try expression.evaluate()
            let after = counter()
            let message = ExpectationMessage("change the count").worded(
                .kiwi, positive: "expected subject to change the count to \(before + delta), got \(after)",
                negative: "expected subject not to change the count to \(after)")
            return MatcherResult(bool: after - before == delta, message: message)
        }
        apply(matcher, guardingNil: false)
    }

    /// `[[theBlock(^{…}) should] change:^{ return count; }]`: by any amount.
    public func change<N: BinaryInteger>(_ counter: @escaping () -> N) {
        let matcher = Matcher<Value> { expression in
            let before = counter()
            _ = try expression.evaluate()
            let message = ExpectationMessage("change the count").worded(
                .kiwi, positive: "expected subject to change the count",
                negative: "expected subject to not change the count")
            return MatcherResult(bool: counter() != before, message: message)
        }
        apply(matcher, guardingNil: false)
    }

    /// `[[x should] have:4] wheels]` becomes `have(4, \.wheels)`: `expected subject to have 4 wheels, got 3 items`.
    public func have<C: Collection>(_ count: Int, _ keyPath: KeyPath<Value, C>) {
        haveItems("have", count, keyPath) { $0 == count }
    }

    /// `[[x should] haveAtLeast:4] wheels]`
    public func haveAtLeast<C: Collection>(_ count: Int, _ keyPath: KeyPath<Value, C>) {
        haveItems("have at least", count, keyPath) { $0 >= count }
    }

    /// `[[x should] haveAtMost:4] wheels]`
    public func haveAtMost<C: Collection>(_ count: Int, _ keyPath: KeyPath<Value, C>) {
        haveItems("have at most", count, keyPath) { $0 <= count }
    }

    private func haveItems<C: Collection>(
        _ verb: String, _ count: Int, _ keyPath: KeyPath<Value, C>, _ test: @escaping (Int) -> Bool
    ) {
        let items = keyPathName(keyPath)
        kiwi(Matcher.predicate(verb) { test($0[keyPath: keyPath].count) }) { actual in
            KiwiWords(
                should:
                    "expected subject to \(verb) \(count) \(items), got \(itemsText(actual.map { $0[keyPath: keyPath].count } ?? 0))",
                shouldNot: "expected subject not to \(verb) \(count) \(items)")
        }
    }

    /// `[[x should] haveValue:v forKeyPath:@"engine.power"]` becomes a key path:
    /// `expected subject to have value 300 for key "engine.power", but it had value 250 instead`.
    public func haveValue<V: Equatable>(_ expected: V, forKeyPath keyPath: KeyPath<Value, V>) {
        let key = kiwiDescription(keyPathName(keyPath, full: true))
        kiwi(KataSpec.haveValue(expected, at: keyPath)) { actual in
            let value = actual.map { $0[keyPath: keyPath] }
            return KiwiWords(
                "expected subject to have value \(kiwiDescription(expected)) for key \(key), but it had value \(kiwiDescription(value)) instead"
            )
        }
    }
}

extension KiwiAssertion where Value: Equatable {
    /// `[[x should] equal:y]`: `expected subject to equal (String) "Hawks", got (String) "Ducks"`.
    public func equal(_ expected: Value?) {
        kiwi(Matcher.predicate("equal", expected: .value(expected)) { $0 == expected }) { actual in
            KiwiWords(
                should:
                    "expected subject to equal \(kiwiDescriptionWithType(expected)), got \(kiwiDescriptionWithType(actual))",
                shouldNot: "expected subject not to equal \(kiwiDescriptionWithType(expected))")
        }
    }
}

extension KiwiAssertion where Value == Bool {
    /// `[[theValue(x) should] beTrue]`: `expected subject to be true`.
    public func beTrue() { truth(true) }
    /// `[[theValue(x) should] beYes]`
    public func beYes() { truth(true) }
    /// `[[theValue(x) should] beFalse]`
    public func beFalse() { truth(false) }
    /// `[[theValue(x) should] beNo]`
    public func beNo() { truth(false) }

    private func truth(_ wanted: Bool) {
        kiwi(Matcher.predicate(wanted ? "be true" : "be false") { $0 == wanted }) { _ in
            KiwiWords("expected subject to be \(wanted)")
        }
    }
}

extension KiwiAssertion where Value: Numeric {
    /// `[[theValue(x) should] beZero]`: `expected subject to be zero, got 3`.
    public func beZero() {
        kiwi(KataSpec.beZero()) { actual in
            KiwiWords(
                should: "expected subject to be zero, got \(kiwiDescription(actual))",
                shouldNot: "expected subject not to be zero")
        }
    }
}

extension KiwiAssertion where Value: Comparable {
    /// `[[theValue(x) should] beLessThan:theValue(y)]`: `expected subject to be < 3, got 5`.
    public func beLessThan(_ expected: Value) { inequality("<", expected) { $0 < $1 } }
    /// `[[theValue(x) should] beLessThanOrEqualTo:theValue(y)]`
    public func beLessThanOrEqualTo(_ expected: Value) { inequality("<=", expected) { $0 <= $1 } }
    /// `[[theValue(x) should] beGreaterThan:theValue(y)]`
    public func beGreaterThan(_ expected: Value) { inequality(">", expected) { $0 > $1 } }
    /// `[[theValue(x) should] beGreaterThanOrEqualTo:theValue(y)]`
    public func beGreaterThanOrEqualTo(_ expected: Value) { inequality(">=", expected) { $0 >= $1 } }

    private func inequality(_ symbol: String, _ expected: Value, _ holds: @escaping (Value, Value) -> Bool) {
        kiwi(Matcher.predicate("be \(symbol)", expected: .value(expected)) { holds($0, expected) }) { actual in
            KiwiWords("expected subject to be \(symbol) \(kiwiDescription(expected)), got \(kiwiDescription(actual))")
        }
    }

    /// `[[theValue(x) should] beBetween:theValue(a) and:theValue(b)]`:
    /// `expected subject to be in the interval [1, 5], got 7`.
    public func beBetween(_ low: Value, and high: Value) { interval(low, high) }
    /// `[[theValue(x) should] beInTheIntervalFrom:theValue(a) to:theValue(b)]`
    public func beInTheIntervalFrom(_ low: Value, to high: Value) { interval(low, high) }

    private func interval(_ low: Value, _ high: Value) {
        kiwi(KataSpec.beWithin(low...high)) { actual in
            KiwiWords(
                "expected subject to be in the interval [\(kiwiDescription(low)), \(kiwiDescription(high))], got \(kiwiDescription(actual))"
            )
        }
    }
}

extension KiwiAssertion where Value: FloatingPoint {
    /// `[[theValue(x) should] beWithin:theValue(0.01) of:theValue(3.14)]`:
    /// `expected subject to be within 0.01 of 3.14, got 3.2`.
    public func beWithin(_ delta: Value, of expected: Value) {
        kiwi(Matcher.predicate("be within") { abs($0 - expected) <= delta }) { actual in
            KiwiWords(
                "expected subject to be within \(kiwiDescription(delta)) of \(kiwiDescription(expected)), got \(kiwiDescription(actual))"
            )
        }
    }
    /// `[[theValue(x) should] equal:3.14 withDelta:0.01]`: the same as `beWithin(0.01, of: 3.14)`.
    public func equal(_ expected: Value, withDelta delta: Value) { beWithin(delta, of: expected) }
}

extension KiwiAssertion where Value: Collection {
    /// `[[x should] beEmpty]`: `expected subject to be empty, got 3 items`.
    public func beEmpty() {
        kiwi(Matcher.predicate("be empty") { $0.isEmpty }) { actual in
            KiwiWords(
                should: "expected subject to be empty, got \(itemsText(actual?.count ?? 0))",
                shouldNot: "expected subject not to be empty")
        }
    }
    /// `[[x should] haveCountOf:3]`: `expected subject to have 3 items, got 2 items`.
    public func haveCountOf(_ count: Int) { countOf("have", count) { $0 == count } }
    /// `[[x should] haveCountOfAtLeast:3]`
    public func haveCountOfAtLeast(_ count: Int) { countOf("have at least", count) { $0 >= count } }
    /// `[[x should] haveCountOfAtMost:3]`
    public func haveCountOfAtMost(_ count: Int) { countOf("have at most", count) { $0 <= count } }
    /// `[[x should] haveLengthOf:3]`
    public func haveLengthOf(_ count: Int) { countOf("have", count) { $0 == count } }

    private func countOf(_ verb: String, _ count: Int, _ test: @escaping (Int) -> Bool) {
        kiwi(Matcher.predicate(verb) { test($0.count) }) { actual in
            KiwiWords(
                should: "expected subject to \(verb) \(count) items, got \(itemsText(actual?.count ?? 0))",
                shouldNot: "expected subject not to \(verb) \(count) items")
        }
    }
}

extension KiwiAssertion where Value: Sequence, Value.Element: Equatable {
    /// `[[x should] contain:y]`: `expected subject to contain 4`.
    public func contain(_ element: Value.Element) { containing([element]) }
    /// `[[x should] containObjectsInArray:@[a, b]]`: `expected subject to contain all of (1, 5)`.
    public func containObjectsInArray(_ elements: [Value.Element]) { containing(elements) }
    /// `[[x should] containObjects:a, b, nil]`
    public func containObjects(_ elements: Value.Element...) { containing(elements) }

    private func containing(_ elements: [Value.Element]) {
        let phrase = elements.count == 1 ? kiwiDescription(elements[0]) : "all of \(kiwiDescription(elements))"
        kiwi(Matcher.predicate("contain") { actual in elements.allSatisfy { actual.contains($0) } }) { _ in
            KiwiWords("expected subject to contain \(phrase)")
        }
    }
}

extension KiwiAssertion where Value == String {
    /// `[[x should] containString:@"car"]`: `"a bus" did not contain string "car"`.
    public func containString(_ substring: String, caseInsensitive: Bool = false) {
        let options: String.CompareOptions = caseInsensitive ? [.caseInsensitive] : []
        stringSearch(substring) { $0.range(of: substring, options: options) != nil }
    }
    /// `[[x should] startWithString:@"Car"]` (`startWith` here).
    public func startWith(_ prefix: String) { stringSearch(prefix) { $0.hasPrefix(prefix) } }
    /// `[[x should] endWithString:@"s"]` (`endWith` here).
    public func endWith(_ suffix: String) { stringSearch(suffix) { $0.hasSuffix(suffix) } }

    /// Kiwi's `KWContainStringMatcher`, which also serves `startWithString:` and `endWithString:`.
    private func stringSearch(_ substring: String, _ found: @escaping (String) -> Bool) {
        kiwi(Matcher.predicate("contain string") { found($0) }) { actual in
            KiwiWords(
                should: "\(kiwiDescription(actual)) did not contain string \"\(substring)\"",
                shouldNot: "expected subject not to contain string \"\(substring)\"")
        }
    }

    /// `[[x should] matchPattern:@"^[A-Z]"]`: `"abc" did not match pattern "^[A-Z]"`. As in Kiwi, the
    /// pattern must match exactly once.
    public func matchPattern(_ pattern: String) { matchPattern(pattern, options: []) }

    /// `[[x should] matchPattern:@"^car" options:NSRegularExpressionCaseInsensitive]`
    public func matchPattern(_ pattern: String, options: NSRegularExpression.Options) {
        let matcher = Matcher<String>.predicate("match pattern") { actual in
            let regex = try NSRegularExpression(pattern: pattern, options: options)
            return regex.numberOfMatches(in: actual, range: NSRange(actual.startIndex..., in: actual)) == 1
        }
        kiwi(matcher) { actual in
            KiwiWords(
                should: "\(kiwiDescription(actual)) did not match pattern \"\(pattern)\"",
                shouldNot: "expected subject not to match pattern \"\(pattern)\"")
        }
    }
}

/// A Kiwi matcher's two sentences; Kiwi's own default for `shouldNot` turns the first " to " into " not to ".
struct KiwiWords {
    let should: String
    let shouldNot: String

    init(should: String, shouldNot: String) {
        self.should = should
        self.shouldNot = shouldNot
    }

    /// The sentence for `should`, and `KWMatcher`'s default for `shouldNot`.
    init(_ should: String) {
        self.should = should
        if let range = should.range(of: " to ") {
            self.shouldNot = should.replacingCharacters(in: range, with: " not to ")
        } else {
            self.shouldNot = "subject did not meet expectation"
        }
    }
}

/// `1 item`, `3 items` (Kiwi's count phrase).
private func itemsText(_ count: Int) -> String {
    count == 1 ? "1 item" : "\(count) items"
}

/// The type Kiwi names for a subject: its class, or `nil`.
private func kiwiTypeName(_ value: Any?) -> String {
    flattenOptional(value).map(typeName(of:)) ?? "nil"
}

/// `0x600000c8c000`: an object's address as `%p` prints it, or `0x0`.
private func pointer(_ object: AnyObject?) -> String {
    guard let object else { return "0x0" }
    return String(describing: NSString(format: "%p", unsafeBitCast(object, to: Int.self)))
}

/// The collection's name in a key path (`\Team.players` gives `players`), or the whole path after the type.
func keyPathName<Root, Value>(_ keyPath: KeyPath<Root, Value>, full: Bool = false) -> String {
    let text = String(describing: keyPath)
    guard let dot = text.firstIndex(of: ".") else { return "items" }
    let path = String(text[text.index(after: dot)...])
    guard !path.contains("<") else { return "items" }
    return full ? path : String(path.split(separator: ".").last ?? "items")
}
