final class AppDelegateSpec: QuickSpec {
    override class func spec() {
        describe("AppDelegate") {
            var appDelegate: AppDelegate!
            var window: FakeWindow!
            beforeEach {
                appDelegate = AppDelegate()
                window = OCMClassMock(FakeWindow())
                appDelegate.window = window
            }

            it("makes the window key and visible") {
                OCMExpect(window.makeKeyAndVisible())
                _ = appDelegate.didFinishLaunching()
                OCMVerifyAll(window)
            }

            it("shows the list of all artefacts first") {
                OCMExpect(window.setRootViewController(OCMArg.checkWithBlock { (controller: ViewController?) in
                    controller is AllArtefactsViewController
                }))
                _ = appDelegate.didFinishLaunching()
                OCMVerifyAll(window)
            }

            it("sets the root controller before showing the window") {
                window.setExpectationOrderMatters(true)
                OCMExpect(window.setRootViewController(OCMArg.any()))
                OCMExpect(window.makeKeyAndVisible())
                _ = appDelegate.didFinishLaunching()
                OCMVerifyAll(window)
            }
        }
    }
}
