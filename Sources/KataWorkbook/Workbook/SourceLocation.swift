/// A place in a source file, printed the way compilers print it: `file:line:column`.
package struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as it is shown to the user (relative to the current folder when it is inside it).
    package var file: String
    /// 1-based line.
    package var line: Int
    /// 1-based column.
    package var column: Int

    /// Creates a location.
    package init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    package var description: String { "\(file):\(line):\(column)" }
}
