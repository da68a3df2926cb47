final class TicketPricingSpec: QuickSpec {
    override class func spec() {
        describe("TicketPricing") {
            it("charges an adult 12 euros") {
                expect(try TicketPricing.price(forAges: [30], weekday: 3)).to(equal(1200))
            }

            context("for children") {
                it("lets an 11-year-old in for free") {
                    expect(try TicketPricing.price(forAges: [11], weekday: 3)).to(equal(0))
                }
                it("charges a 12-year-old the full price") {
                    expect(try TicketPricing.price(forAges: [12], weekday: 3)).to(equal(1200))
                }
            }

            context("for seniors") {
                it("charges a 64-year-old the full price") {
                    expect(try TicketPricing.price(forAges: [64], weekday: 3)).to(equal(1200))
                }
                it("charges a 65-year-old 8 euros") {
                    expect(try TicketPricing.price(forAges: [65], weekday: 3)).to(equal(800))
                }
            }

            context("for groups") {
                it("gives no discount to nine paying visitors") {
                    expect(try TicketPricing.price(forAges: Array(repeating: 30, count: 9), weekday: 3)).to(equal(10800))
                }
                it("takes 10 percent off for ten paying visitors") {
                    expect(try TicketPricing.price(forAges: Array(repeating: 30, count: 10) + [5], weekday: 3)).to(equal(10800))
                }
                it("does not count free children towards the discount") {
                    let ages = Array(repeating: 30, count: 9) + Array(repeating: 5, count: 5)
                    expect(try TicketPricing.price(forAges: ages, weekday: 3)).to(equal(10800))
                }
            }

            it("refuses bookings on Mondays") {
                expect { try TicketPricing.price(forAges: [30], weekday: 1) }.to(throwError(BookingError.closed))
            }

            it("is open on Sundays") {
                expect(try TicketPricing.price(forAges: [30], weekday: 7)).to(equal(1200))
            }

            it("needs at least one visitor") {
                expect { try TicketPricing.price(forAges: [], weekday: 3) }.to(throwError(BookingError.noVisitors))
            }
        }
    }
}
