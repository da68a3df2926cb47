import XCTest

final class SwitchTests: XCTestCase {
    func testStartsOff() {
        XCTAssertFalse(Switch().isOn)
    }

    func testFlipsOn() {
        let light = Switch()
        light.flip()
        XCTAssertTrue(light.isOn)
    }
}
