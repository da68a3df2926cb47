final class CounterSpec: QuickSpec {
    override class func spec() {
        describe("Counter") {
            it("starts at zero") {
                expect(Counter().value).to(equal(0))
            }
            it("counts up by one") {
                let counter = Counter()
                counter.increment()
                counter.increment()
                expect(counter.value).to(equal(2))
            }
            it("goes back to zero on reset") {
                let counter = Counter()
                counter.increment()
                counter.reset()
                expect(counter.value).to(equal(0))
            }
        }
    }
}
