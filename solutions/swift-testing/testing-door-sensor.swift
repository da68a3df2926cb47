import Testing

@Suite("DoorSensor")
struct DoorSensorTests {
    let sensor = DoorSensor()

    @Test("starts closed")
    func startsClosed() {
        #expect(!sensor.isOpen)
    }

    @Test("reports an opening")
    func reportsOpening() async {
        await confirmation("opened", expectedCount: 1) { opened in
            sensor.onOpen = { opened() }
            sensor.open()
        }
    }

    @Test("reports two open() calls in a row once")
    func reportsOnceWhileOpen() async {
        await confirmation("opened", expectedCount: 1) { opened in
            sensor.onOpen = { opened() }
            sensor.open()
            sensor.open()
        }
    }

    @Test("reports each opening after a close")
    func reportsAgainAfterClose() async {
        await confirmation("opened", expectedCount: 2) { opened in
            sensor.onOpen = { opened() }
            sensor.open()
            sensor.close()
            sensor.open()
        }
    }

    @Test("never reports a door that is only closed")
    func neverReportsClosing() async {
        await confirmation("opened", expectedCount: 0) { opened in
            sensor.onOpen = { opened() }
            sensor.close()
        }
    }
}
