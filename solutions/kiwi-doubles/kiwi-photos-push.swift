final class PhotosViewControllerSpec: KiwiSpec {
    override class func spec() {
        describe("PhotosViewController") {
            let photos = [Photo(name: "beach"), Photo(name: "forest"), Photo(name: "city")]
            var navigator: FakeNavigator!
            var screen: PhotosViewController!

            beforeEach {
                navigator = KWMock.mock(for: FakeNavigator())
                screen = PhotosViewController(photos: photos, navigator: navigator)
            }

            it("is titled Photos") {
                theValue(screen.title).should.equal("Photos")
            }

            context("when a row is tapped") {
                it("pushes one screen, animated") {
                    navigator.should.receive(.push, withCount: 1, withArguments: Argument.anything, true)
                    screen.didSelectRow(at: 1)
                }

                it("pushes a photo screen showing the tapped photo") {
                    navigator.should.receive(.push)
                    let spy = navigator.captureArgument(.push, atIndex: 0)
                    screen.didSelectRow(at: 1)
                    theValue(spy.argument).should.beKindOfClass(PhotoViewController.self)
                    theValue((spy.argument as? PhotoViewController)?.photo).should.equal(Photo(name: "forest"))
                }
            }
        }
    }
}
