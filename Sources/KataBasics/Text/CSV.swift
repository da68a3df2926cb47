/// CSV fields for spreadsheets, and for the terminal a CSV file is often shown in.
public enum CSV {
    /// A field, with control characters shown as escapes (``Swift/String/withVisibleControls``), so that a cell a
    /// learner filled cannot drive the terminal of whoever prints the file. A field that starts with `=`, `+`, `-`,
    /// `@`, a tab or a carriage return (OWASP's list for CSV injection) gets a leading `'`, so a spreadsheet shows
    /// it as text instead of running it as a formula; a field that holds a comma, quote or line break is quoted.
    public static func field(_ text: String) -> String {
        var value = text.withVisibleControls
        // By scalar, not by Character: "\r\n=1" is one Character "\r\n" followed by "=", and a leading tab or
        // carriage return is a formula's opening to a spreadsheet all the same.
        if let first = value.unicodeScalars.first, formulaOpenings.contains(first) { value = "'" + value }
        guard value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The first characters that make a spreadsheet read a cell as a formula.
    static let formulaOpenings: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
}
