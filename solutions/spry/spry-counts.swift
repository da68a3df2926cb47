final class PhotoUploaderSpec: QuickSpec {
    override class func spec() {
        describe("PhotoUploader") {
            var service: FakePhotoService!
            var delegate: FakeUploaderDelegate!
            var uploader: PhotoUploader!
            beforeEach {
                service = FakePhotoService()
                delegate = FakeUploaderDelegate()
                uploader = PhotoUploader(service: service)
                uploader.delegate = delegate
            }

            it("uploads the photo") {
                service.stub(.upload).andReturn()
                uploader.upload("cat.jpg")
                expect(service.didCall(.upload, withArguments: ["cat.jpg"]).success).to(beTrue())
            }

            context("when the first attempt works") {
                beforeEach {
                    service.stub(.upload).andReturn()
                    uploader.upload("cat.jpg")
                }

                it("uploads once") {
                    expect(service.didCall(.upload, countSpecifier: .exactly(1)).success).to(beTrue())
                }
                it("reports no failure") {
                    expect(delegate).toNot(haveReceived(.uploadFailed))
                }
            }

            context("when the first attempt fails") {
                beforeEach {
                    service.stub(.upload).andThrow(UploadError.timedOut).andReturn()
                    uploader.upload("cat.jpg")
                }

                it("tries again and stops at the success") {
                    expect(service).to(haveReceived(.upload, with: "cat.jpg", countSpecifier: .exactly(2)))
                }
                it("reports no failure") {
                    expect(delegate).toNot(haveReceived(.uploadFailed))
                }
            }

            context("when every attempt fails") {
                beforeEach {
                    service.stub(.upload).andThrow(UploadError.timedOut)
                    uploader.upload("cat.jpg")
                }

                it("gives up after three attempts") {
                    expect(service.didCall(.upload, countSpecifier: .exactly(3)).success).to(beTrue())
                }
                it("tells the delegate once") {
                    expect(delegate).to(haveReceived(.uploadFailed, with: "cat.jpg", countSpecifier: .exactly(1)))
                }
            }
        }
    }
}
