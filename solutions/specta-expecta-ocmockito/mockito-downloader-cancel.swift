final class CalendarDataDownloaderSpec: SpectaSpec {
    override class func spec() {
        var network: FakeNetworkLayer!
        var downloader: CalendarDataDownloader!

        beforeEach {
            network = mock(FakeNetworkLayer())
            downloader = CalendarDataDownloader(networkLayer: network)
        }

        describe("update calendar data") {
            beforeEach {
                given(network.makeRequest(instanceOf(CalendarDataRequest.self), completion: { _ in }))
                    .willReturn("Fixture Identifier")
                downloader.updateCalendarData()
            }

            it("should make a download data request") {
                verify(network).makeRequest(instanceOf(CalendarDataRequest.self), completion: { _ in })
            }

            describe("canceling request") {
                beforeEach {
                    downloader.cancel()
                }

                it("should tell the network layer to cancel previous request") {
                    verify(network).cancelRequest(withIdentifier: "Fixture Identifier")
                }

                describe("canceling it again") {
                    beforeEach {
                        downloader.cancel()
                    }

                    it("should not ask the network layer to cancel it a second time") {
                        verify(network).cancelRequest(withIdentifier: "Fixture Identifier")
                    }
                }
            }
        }

        describe("canceling when nothing was requested") {
            beforeEach {
                downloader.cancel()
            }

            it("should not ask the network layer to cancel anything") {
                verifyCount(network, never()).cancelRequest(withIdentifier: anything())
            }
        }
    }
}
