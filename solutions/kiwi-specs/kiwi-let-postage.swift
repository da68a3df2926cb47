final class PostageSpec: KiwiSpec {
    override class func spec() {
        describe("postage") {
            let parcel = letValue { Parcel(weightInGrams: 500, destination: .domestic) }

            it("is 450 for a light domestic parcel") {
                theValue(postage(for: parcel.value)).should.equal(450)
            }

            context("weighing exactly 2000 g") {
                parcel.redefine { Parcel(weightInGrams: 2000, destination: .domestic) }

                it("still costs the base price") {
                    theValue(postage(for: parcel.value)).should.equal(450)
                }
            }

            context("weighing 2001 g") {
                parcel.redefine { Parcel(weightInGrams: 2001, destination: .domestic) }

                it("adds 100 for the started kilogram") {
                    theValue(postage(for: parcel.value)).should.equal(550)
                }
            }

            context("weighing 3500 g") {
                parcel.redefine { Parcel(weightInGrams: 3500, destination: .domestic) }

                it("adds 100 for each started kilogram") {
                    theValue(postage(for: parcel.value)).should.equal(650)
                }
            }

            context("sent abroad") {
                parcel.redefine { Parcel(weightInGrams: 500, destination: .abroad) }

                it("costs twice the domestic price") {
                    theValue(postage(for: parcel.value)).should.equal(900)
                }

                context("and weighing 3500 g") {
                    parcel.redefine { Parcel(weightInGrams: 3500, destination: .abroad) }

                    it("doubles the charge for extra weight too") {
                        theValue(postage(for: parcel.value)).should.equal(1300)
                    }
                }
            }
        }
    }
}
