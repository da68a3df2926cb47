final class LargestSpec: QuickSpec {
    override class func spec() {
        it("finds the largest anywhere") { expect(largest([1, 3, 2])).to(equal(3)) }
        it("is nil for no values") { expect(largest([])).to(beNil()) }
    }
}
