final class CounterSpec: QuickSpec {
    override class func spec() {
        it("counts up") {
            var counter = Counter()
            counter.increment()
            expect(counter.value).to(equal(1))
        }
    }
}
