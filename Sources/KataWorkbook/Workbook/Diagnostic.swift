import KataBasics

/// A problem found in the workbook, with where it is and how to fix it.
package struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad a diagnostic is.
    package enum Severity: String, Sendable {
        case error, warning, note
    }

    /// Where the problem is.
    package var location: SourceLocation
    /// How bad it is.
    package var severity: Severity
    /// What is wrong and, where it can be said in a few words, what to do.
    package var message: String
    /// Related places, printed as `note:` lines after the diagnostic (the first of two duplicates, say).
    package var notes: [Diagnostic]

    /// Creates a diagnostic.
    package init(
        _ severity: Severity = .error, at location: SourceLocation, _ message: String, notes: [Diagnostic] = []
    ) {
        self.location = location
        self.severity = severity
        self.message = message
        self.notes = notes
    }

    /// A `note:` pointing at a related place.
    package static func note(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.note, at: location, message)
    }

    /// The diagnostic and its notes in compiler format, one per line. What came from a file (a word of an info
    /// string, a file name) shows its control characters escaped (`\u{1B}`): a chapter cannot drive the terminal.
    package var description: String {
        ([self] + notes).map { "\($0.location): \($0.severity.rawValue): \($0.message)".withVisibleControls }
            .joined(separator: "\n")
    }

    /// The first `limit` diagnostics of each file, in the given order, and after them a note that says how many more
    /// there were: a broken file gets a screenful to act on, not one line per word it holds.
    package static func limited(_ diagnostics: [Diagnostic], perFile limit: Int) -> [Diagnostic] {
        var shown: [String: Int] = [:]
        var leftOut: [String: Int] = [:]
        var result: [Diagnostic] = []
        for diagnostic in diagnostics {
            let file = diagnostic.location.file
            if shown[file, default: 0] < limit {
                shown[file, default: 0] += 1
                result.append(diagnostic)
            } else {
                leftOut[file, default: 0] += 1
            }
        }
        for (file, extra) in leftOut.sorted(by: { $0.key < $1.key }) {
            let last = result.lastIndex { $0.location.file == file } ?? result.count - 1
            result.insert(
                .note(at: result[last].location, "\(extra) more problems in \(file) were left out; fix these first"),
                at: last + 1)
        }
        return result
    }
}
