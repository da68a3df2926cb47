/// A place in a source file, printed the way compilers print it: `file:line:column`.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as it is shown to the user (relative to the current folder when it is inside it).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}
