/// One failed expectation: a message in the face's own wording and where it was written.
public struct Failure: Sendable, Equatable, CustomStringConvertible {
    /// The message, already worded by the face that produced it.
    public let message: String
    /// The expectation's (or hook's, or example's) location.
    public let location: SourceLocation

    /// Creates a failure.
    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `file:line:column: error: message`, as a compiler prints a diagnostic.
    public var description: String { "\(location): error: \(message)" }
}
