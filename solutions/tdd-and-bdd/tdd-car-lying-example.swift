final class CarSpec: QuickSpec {
    override class func spec() {
        describe("Car") {
            var car: Car!
            beforeEach {
                car = Car()
            }
            it("should be red") {
                expect(car.color).to(equal(.red))
            }
            describe("when it is started") {
                beforeEach {
                    car.start()
                }
                it("should have engine running") {
                    expect(car.engine.isRunning).to(beTruthy())
                }
            }
            describe("move to") {
                context("when the engine is running") {
                    beforeEach {
                        car.engine.isRunning = true
                        car.move(to: Point(x: 42, y: 0))
                    }
                    it("should move to given position") {
                        expect(car.position).to(equal(Point(x: 42, y: 0)))
                    }
                }
                context("when the engine is not running") {
                    beforeEach {
                        car.engine.isRunning = false
                        car.move(to: Point(x: 42, y: 0))
                    }
                    it("should not move to given position") {
                        expect(car.position).to(equal(Point.origin))
                    }
                }
            }
        }
    }
}
