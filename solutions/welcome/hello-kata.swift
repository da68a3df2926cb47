/// Returns a greeting for `name`.
func greeting(for name: String) -> String {
    name.isEmpty ? "Hello, stranger!" : "Hello, \(name)!"
}
