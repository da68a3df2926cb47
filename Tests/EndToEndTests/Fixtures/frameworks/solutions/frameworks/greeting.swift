func greeting(for name: String) -> String {
    name.isEmpty ? "Hello!" : "Hello, \(name)!"
}
