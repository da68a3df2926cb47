final class LeapYearSpec: QuickSpec {
    override class func spec() {
        describe("isLeapYear") {
            it("is false for an ordinary year") {
                expect(isLeapYear(2023)).to(beFalse())
            }
            it("is true for a year divisible by 4") {
                expect(isLeapYear(2024)).to(beTrue())
            }
            it("is false for a century") {
                expect(isLeapYear(1900)).to(beFalse())
            }
            it("is true for a century divisible by 400") {
                expect(isLeapYear(2000)).to(beTrue())
            }
        }
    }
}
