final class WeatherStation {
    private let thermometer: Thermometer

    /// The last temperature measured, set on the main queue.
    private(set) var reading: Double?

    init(thermometer: Thermometer) {
        self.thermometer = thermometer
    }

    /// Measures in the background and publishes the result on the main queue.
    func refresh() {
        DispatchQueue.global().async {
            let measured = self.thermometer.measure()
            DispatchQueue.main.async { self.reading = measured }
        }
    }
}
