enum SearchError: Error, Equatable {
    case blank
}

/// The latest searches, newest first.
final class RecentSearches {
    let limit: Int
    private(set) var all: [String] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// The newest search, if there is one.
    var latest: String? { all.first }

    /// Remembers `query`, trimmed; throws `SearchError.blank` for a query with nothing but spaces.
    func add(_ query: String) throws {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw SearchError.blank }
        all.removeAll { $0 == trimmed }
        all.insert(trimmed, at: 0)
        if all.count > limit {
            all.removeLast(all.count - limit)
        }
    }
}
