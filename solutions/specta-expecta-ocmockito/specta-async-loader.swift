final class Loader {
    private(set) var isLoading = false

    /// Calls `completion` later, on the main queue, with the content of the document `name`.
    func load(_ name: String, completion: @escaping (String) -> Void) {
        isLoading = true
        DispatchQueue.main.async {
            self.isLoading = false
            completion("content of \(name)")
        }
    }
}
