final class DownloadQueueSpec: QuickSpec {
    override class func spec() {
        describe("DownloadQueue") {
            var queue: DownloadQueue!
            beforeEach {
                queue = DownloadQueue()
            }
            context("when empty") {
                it("has nothing to hand out") {
                    expect(queue.next()).to(beNil())
                }
            }
            context("with two URLs queued") {
                beforeEach {
                    queue.enqueue("https://example.com/a.json")
                    queue.enqueue("https://example.com/b.json")
                }
                it("hands them out in the order they were queued") {
                    expect(queue.next()).to(equal("https://example.com/a.json"))
                    expect(queue.next()).to(equal("https://example.com/b.json"))
                }
                it("removes each URL it hands out") {
                    _ = queue.next()
                    _ = queue.next()
                    expect(queue.isEmpty).to(beTrue())
                    expect(queue.next()).to(beNil())
                }
            }
            context("when a URL is queued while it is already waiting") {
                beforeEach {
                    queue.enqueue("https://example.com/a.json")
                    queue.enqueue("https://example.com/a.json")
                }
                it("keeps only one copy") {
                    expect(queue.count).to(equal(1))
                }
            }
        }
    }
}
