final class CountdownSpec: QuickSpec {
    override class func spec() {
        describe("countdown(from:)") {
            it("counts down to 1") { expect(countdown(from: 3)).to(equal([3, 2, 1])) }
            it("gives nothing below 1") { expect(countdown(from: 0)).to(beEmpty()) }
        }
    }
}
