import Testing

@Test("a toddler goes free")
func toddlerGoesFree() {
    #expect(ticketPrice(age: 2) == 0)
}

@Test("the price on both sides of every boundary", arguments: zip([3, 4, 17, 18, 64, 65], [0, 8, 8, 15, 15, 10]))
func priceAtBoundary(age: Int, price: Int) {
    #expect(ticketPrice(age: age) == price)
}
