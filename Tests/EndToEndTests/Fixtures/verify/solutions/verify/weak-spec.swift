final class EvenSpec: QuickSpec {
    override class func spec() {
        it("knows 2 is even") { expect(isEven(2)).to(beTrue()) }
    }
}
