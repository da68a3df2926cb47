final class EvenSpec: QuickSpec {
    override class func spec() {
        it("is true for 2") { expect(isEven(2)).to(beTrue()) }
        it("is false for 3 in the reference") { expect(isEven(3)).to(beFalse()) }
    }
}
