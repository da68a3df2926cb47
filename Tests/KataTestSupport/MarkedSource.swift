/// Markdown with position markers: `⟪name⟫` marks a place; the markers are removed and their line:column kept.
public struct MarkedSource {
    public let text: String
    public let marks: [String: (line: Int, column: Int)]

    public init(_ marked: String) {
        var text = ""
        var marks: [String: (Int, Int)] = [:]
        var line = 1
        var column = 1
        var index = marked.startIndex
        while index < marked.endIndex {
            if marked[index] == "⟪", let close = marked[index...].firstIndex(of: "⟫") {
                marks[String(marked[marked.index(after: index)..<close])] = (line, column)
                index = marked.index(after: close)
                continue
            }
            let character = marked[index]
            text.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index = marked.index(after: index)
        }
        self.text = text
        self.marks = marks
    }

    /// `file:line:column` of a mark.
    public func at(_ name: String, in file: String) -> String {
        guard let mark = marks[name] else { return "missing mark \(name)" }
        return "\(file):\(mark.line):\(mark.column)"
    }
}
