final class FakeThermostat: Thermostat, Spryable {
    enum ClassFunction: String, StringRepresentable {
        case firmwareVersion = "firmwareVersion()"
    }

    enum Function: String, StringRepresentable {
        case currentTemperature
        case target
        case schedule = "schedule(_:at:)"
        case isHeating = "isHeating(room:)"
    }

    var currentTemperature: Double {
        stubbedValue()
    }

    var target: Double {
        get { stubbedValue() }
        set { recordCall(arguments: newValue) }
    }

    func schedule(_ temperature: Double, at hour: Int) throws {
        return try spryifyThrows(arguments: temperature, hour)
    }

    func isHeating(room: String) -> Bool {
        spryify(arguments: room)
    }

    static func firmwareVersion() -> String {
        spryify()
    }
}
