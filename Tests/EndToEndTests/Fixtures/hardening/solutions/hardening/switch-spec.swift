final class SwitchSpec: QuickSpec {
    override class func spec() {
        describe("Switch") {
            it("starts off") {
                expect(Switch().isOn).to(beFalse())
            }
            it("is on after one flip") {
                let light = Switch()
                light.flip()
                expect(light.isOn).to(beTrue())
            }
        }
    }
}
