final class WeatherPresenter {
    private let service: ForecastService
    private var shownCity: String?
    /// What the screen shows.
    private(set) var text = "—"

    init(service: ForecastService) {
        self.service = service
    }

    func show(city: String) {
        guard city != shownCity else { return }
        shownCity = city
        text = "Loading \(city)…"
        service.forecast(for: city) { result in
            switch result {
            case .success(let forecast):
                self.text = "\(forecast.city): \(forecast.celsius) °C"
            case .failure:
                self.text = "No forecast for \(city) right now"
            }
        }
    }
}
