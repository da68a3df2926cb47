import Foundation

// Kiwi's matcher names, each a one-line spelling of a matcher from the catalog.

extension KiwiAssertion {
    /// `[[x should] beNil]`
    public func beNil() { apply(KataSpec.beNil(), guardingNil: false) }
    /// `[[x should] beNonNil]`
    public func beNonNil() {
        KiwiAssertion(expectation: expectation, negated: !negated, timing: timing).apply(
            KataSpec.beNil(), guardingNil: false)
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
    public func change<N: BinaryInteger>(_ counter: @escaping () -> N, by delta: N) {
        match(KataSpec.change(counter, by: delta))
    }
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
