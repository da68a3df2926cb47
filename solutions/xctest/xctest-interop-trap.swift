import XCTest

final class ThermostatTests: XCTestCase {
    func testStartsAtTwentyDegrees() {
        XCTAssertEqual(Thermostat().celsius, 20)
    }

    func testAcceptsATargetInRange() {
        var thermostat = Thermostat()
        thermostat.set(celsius: 5)
        XCTAssertEqual(thermostat.celsius, 5)
        thermostat.set(celsius: 30)
        XCTAssertEqual(thermostat.celsius, 30)
    }

    func testKeepsTheTargetInRange() {
        var thermostat = Thermostat()
        thermostat.set(celsius: 40)
        XCTAssertEqual(thermostat.celsius, 30)
        thermostat.set(celsius: -3)
        XCTAssertEqual(thermostat.celsius, 5)
    }

    func testShowsFahrenheit() {
        var thermostat = Thermostat()
        thermostat.set(celsius: 25)
        XCTAssertEqual(thermostat.fahrenheit, 77, accuracy: 0.001)
    }
}
