final class SearchViewModel {
    private let service: SearchService
    private var latestQuery: String?
    /// The results of the latest query, updated on the main thread.
    private(set) var results: [String] = []
    /// Called on the main thread whenever `results` changes.
    var onResults: (([String]) -> Void)?

    init(service: @escaping SearchService) {
        self.service = service
    }

    func search(_ query: String) {
        latestQuery = query
        service(query) { found in
            DispatchQueue.main.async {
                guard query == self.latestQuery else { return }
                self.results = found
                self.onResults?(found)
            }
        }
    }
}
