/// CSV fields for spreadsheets.
public enum CSV {
    /// A field, quoted when it holds a comma, quote or newline; a leading `=`, `+`, `-` or `@` gets a `'` so a
    /// spreadsheet shows it as text instead of running it as a formula.
    public static func field(_ text: String) -> String {
        var value = text
        if let first = value.first, "=+-@".contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
