import Testing

@Suite("Cart")
struct CartTests {
    let cart = Cart()

    @Test("starts empty")
    func startsEmpty() {
        #expect(cart.totalInCents == 0)
    }

    @Suite("with two coffees and a cake")
    struct WithTwoCoffeesAndACake {
        let cart = Cart()

        init() {
            cart.add(Item(name: "coffee", priceInCents: 250), quantity: 2)
            cart.add(Item(name: "cake", priceInCents: 400))
        }

        @Test("adds up the prices")
        func addsUpPrices() {
            #expect(cart.totalInCents == 900)
        }

        @Test("removes every coffee at once")
        func removesEveryCoffee() {
            cart.removeAll(named: "coffee")
            #expect(cart.totalInCents == 400)
        }

        @Test("takes 10 percent off, rounding down to a cent")
        func tenPercentOff() throws {
            try cart.applyDiscount(percent: 10)
            #expect(cart.totalInCents == 810)
        }

        @Test("refuses a discount over 100 percent and changes nothing")
        func refusesLargeDiscount() {
            #expect(throws: CartError.invalidDiscount(120)) {
                try cart.applyDiscount(percent: 120)
            }
            #expect(cart.totalInCents == 900)
        }
    }
}
