final class AutosaveIndicatorSpec: QuickSpec {
    override class func spec() {
        describe("AutosaveIndicator") {
            var indicator: AutosaveIndicator!
            beforeEach {
                indicator = AutosaveIndicator()
                indicator.documentDidChange()
            }

            it("shows at once") {
                expect(indicator.isSaving).to(beTrue())
            }
            it("hides when the save is done") {
                expect(indicator.isSaving).toEventually(beFalse(), timeout: .milliseconds(300))
            }
            it("never shows an error") {
                expect(indicator.showsError).toNever(beTrue(), until: .milliseconds(250))
            }
        }
    }
}
