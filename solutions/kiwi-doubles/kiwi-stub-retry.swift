final class Retrier {
    private let source: DataSource

    init(source: DataSource) {
        self.source = source
    }

    /// The source's data, asking up to three times.
    func fetch() -> String? {
        for _ in 1...3 {
            if let data = source.fetch() { return data }
        }
        return nil
    }
}
