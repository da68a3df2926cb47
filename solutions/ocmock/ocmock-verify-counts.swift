final class PriceCacheSpec: QuickSpec {
    override class func spec() {
        describe("PriceCache") {
            var service: FakePriceService!
            var cache: PriceCache!
            beforeEach {
                service = OCMProtocolMock(FakePriceService())
                cache = PriceCache(service: service)
            }

            it("returns the price from the service") {
                OCMStub(service.price(of: "A")).andReturn(9.5)
                expect(cache.price(of: "A")).to(equal(9.5))
            }

            it("asks the service once per product") {
                OCMStub(service.price(of: "A")).andReturn(9.5)
                _ = cache.price(of: "A")
                expect(cache.price(of: "A")).to(equal(9.5))
                OCMVerify(times(1), service.price(of: "A"))
            }

            it("keeps each product's price apart") {
                OCMStub(service.price(of: "A")).andReturn(9.5)
                OCMStub(service.price(of: "B")).andReturn(3.0)
                expect(cache.price(of: "A")).to(equal(9.5))
                expect(cache.price(of: "B")).to(equal(3.0))
                OCMVerify(times(1), service.price(of: "B"))
            }

            it("asks again for a product that had no price") {
                OCMStub(service.price(of: OCMArg.any())).andReturnValues([nil, 7.0])
                expect(cache.price(of: "A")).to(beNil())
                expect(cache.price(of: "A")).to(equal(7.0))
                OCMVerify(times(2), service.price(of: "A"))
            }

            it("fetches again after a refresh") {
                OCMStub(service.price(of: "A")).andReturn(9.5)
                _ = cache.price(of: "A")
                cache.refresh()
                _ = cache.price(of: "A")
                OCMVerify(times(2), service.price(of: "A"))
            }

            it("asks for nothing until a price is wanted") {
                OCMVerify(never(), service.price(of: OCMArg.any()))
            }
        }
    }
}
