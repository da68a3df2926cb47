final class Car: Vehicle {
    var wheels = Array(repeating: Wheel(), count: 4)
    var speed: Float = 42
    private(set) var gear = 0

    func changeToGear(_ gear: Int) {
        self.gear = gear
    }
}
