final class ShoppingCartSpec: KiwiSpec {
    override class func spec() {
        describe("ShoppingCart") {
            let cart = letValue { ShoppingCart() }

            it("starts empty") {
                theValue(cart.value.isEmpty).should.beTrue()
            }

            context("after adding a book and a pen") {
                beforeEach {
                    cart.value.add(Item(name: "book", price: 1200))
                    cart.value.add(Item(name: "pen", price: 150))
                }

                it("has two items") {
                    theValue(cart.value.items).should.haveCountOf(2)
                }

                it("totals their prices") {
                    theValue(cart.value.total).should.equal(1350)
                }

                context("and removing the pen") {
                    beforeEach { cart.value.remove(named: "pen") }

                    it("has one item left") {
                        theValue(cart.value.items).should.haveCountOf(1)
                    }

                    it("totals the book alone") {
                        theValue(cart.value.total).should.equal(1200)
                    }
                }

                context("and removing the book") {
                    beforeEach { cart.value.remove(named: "book") }

                    it("keeps the pen") {
                        theValue(cart.value.items).should.equal([Item(name: "pen", price: 150)])
                    }
                }
            }
        }
    }
}
