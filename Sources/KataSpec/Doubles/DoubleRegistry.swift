/// Placeholder until the test-double engine lands.
final class DoubleRegistry: @unchecked Sendable {
    static let shared = DoubleRegistry()
    func resetAll() {}
}
