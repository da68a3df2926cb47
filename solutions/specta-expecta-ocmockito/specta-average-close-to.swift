final class AverageSpec: SpectaSpec {
    override class func spec() {
        describe("average(of:)") {
            it("is the mean of the values") {
                expect(average(of: [0.1, 0.2, 0.3])).to.beCloseTo(0.2)
            }
            it("keeps the fraction of a mean that is not a whole number") {
                expect(average(of: [1, 2])).to.beCloseToWithin(1.5, 0.000001)
            }
            it("is the value itself for a single value") {
                expect(average(of: [7])).to.beCloseTo(7)
            }
            it("is nil when there are no values") {
                expect(average(of: [])).to.beNil()
            }
        }
    }
}
