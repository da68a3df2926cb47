/// Where something was written: file, line and column, printed `file:line:column`.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The path as the compiler gave it (`#filePath`, or a `#sourceLocation` file).
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column.
    public let column: Int

    /// Creates a location from plain values.
    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Creates a location from the `#filePath`, `#line`, `#column` defaults of a call site.
    public init(_ file: StaticString, _ line: UInt, _ column: UInt) {
        self.init(file: "\(file)", line: Int(line), column: Int(column))
    }

    /// `file:line:column`, the form editors and compilers use.
    public var description: String { "\(file):\(line):\(column)" }
}
