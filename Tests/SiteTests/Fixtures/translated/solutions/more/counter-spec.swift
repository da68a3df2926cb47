final class CounterSpec: QuickSpec {
    override class func spec() {
        it("starts at zero") { expect(Counter().value).to(equal(0)) }
        it("counts one per increment") {
            var counter = Counter()
            counter.increment()
            expect(counter.value).to(equal(1))
        }
    }
}
