final class ThumbnailLoader {
    private let store: ImageStore
    private let queue: DispatchQueue

    init(store: ImageStore, queue: DispatchQueue = DispatchQueue(label: "thumbnails")) {
        self.store = store
        self.queue = queue
    }

    /// Reads the image on `queue` and calls `completion` once, on that queue.
    func load(_ name: String, completion: @escaping (Result<Thumbnail, Error>) -> Void) {
        queue.async { [store] in
            completion(Result { Thumbnail(name: name, bytes: try store.data(named: name).count) })
        }
    }

    /// The thumbnail named `name`, for callers that await.
    func thumbnail(named name: String) async throws -> Thumbnail {
        try await withCheckedThrowingContinuation { continuation in
            load(name) { continuation.resume(with: $0) }
        }
    }
}
