/// Reads CSV as RFC 4180 says (quoted fields, doubled quotes, line breaks inside quotes), strictly: the tests read
/// kata's CSV files cell by cell, as a spreadsheet would, instead of searching their text.
public enum CSVTable {
    /// Why a text is not CSV.
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    /// The rows of `text`, each a list of cells.
    public static func rows(_ text: String) throws -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        cell.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                        guard [",", "\n", nil].contains(scalars.first) else {
                            throw Malformed(description: "text after a closing quote in row \(rows.count + 1)")
                        }
                    }
                } else {
                    cell.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard cell.isEmpty else {
                    throw Malformed(description: "a quote inside a field in row \(rows.count + 1)")
                }
                quoted = true
            case ",":
                row.append(cell)
                cell = ""
            case "\n":
                row.append(cell)
                rows.append(row)
                row = []
                cell = ""
            case "\r":
                throw Malformed(description: "a bare carriage return in row \(rows.count + 1)")
            default:
                cell.unicodeScalars.append(scalar)
            }
        }
        guard !quoted else { throw Malformed(description: "a quoted field that never closes") }
        if !cell.isEmpty || !row.isEmpty {
            row.append(cell)
            rows.append(row)
        }
        return rows
    }

    /// Why a spreadsheet would not show `cell` as the text it is, or nil: a formula's opening (OWASP's `=`, `+`,
    /// `-`, `@`, tab, carriage return) or a control character a terminal would obey.
    public static func danger(in cell: String) -> String? {
        if let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
            return "starts with U+\(String(first.value, radix: 16))"
        }
        if let control = cell.unicodeScalars.first(where: {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }) {
            return "holds U+\(String(control.value, radix: 16))"
        }
        return nil
    }
}
