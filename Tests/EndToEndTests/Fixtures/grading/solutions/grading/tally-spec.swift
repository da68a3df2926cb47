final class TallySpec: QuickSpec {
    override class func spec() {
        describe("Tally") {
            var tally = Tally()
            beforeEach { tally = Tally() }
            context("when new") {
                it("counts nothing") { expect(tally.count).to(equal(0)) }
                it("counts one after an add") {
                    tally.add()
                    expect(tally.count).to(equal(1))
                }
            }
            context("after two adds") {
                beforeEach {
                    tally.add()
                    tally.add()
                }
                it("counts two") { expect(tally.count).to(equal(2)) }
                it("counts three after one more") {
                    tally.add()
                    expect(tally.count).to(equal(3))
                }
            }
        }
    }
}
