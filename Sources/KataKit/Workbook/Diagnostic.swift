/// A problem found in the workbook, with where it is and how to fix it.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad a diagnostic is.
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// Where the problem is.
    public var location: SourceLocation
    /// How bad it is.
    public var severity: Severity
    /// What is wrong and, where it can be said in a few words, what to do.
    public var message: String
    /// Related places, printed as `note:` lines after the diagnostic (the first of two duplicates, say).
    public var notes: [Diagnostic]

    /// Creates a diagnostic.
    public init(_ severity: Severity = .error, at location: SourceLocation, _ message: String, notes: [Diagnostic] = [])
    {
        self.location = location
        self.severity = severity
        self.message = message
        self.notes = notes
    }

    /// A `note:` pointing at a related place.
    public static func note(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.note, at: location, message)
    }

    /// The diagnostic and its notes in compiler format, one per line.
    public var description: String {
        ([self] + notes).map { "\($0.location): \($0.severity.rawValue): \($0.message)" }.joined(separator: "\n")
    }
}
