final class Thermostat {
    private(set) var degrees = 20
    func warm() { degrees += 1 }
}
